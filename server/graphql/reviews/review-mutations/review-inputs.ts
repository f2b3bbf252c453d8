// GraphQL's review inputs as the REST stores take them: the event as REST's
// verdict (DISMISS is a verdict of neither addPullRequestReview nor
// submitPullRequestReview: dismissPullRequestReview dismisses), and the
// drafted comments and threads as REST's `comments[]` of a new review (the
// deprecated DraftPullRequestReviewComment by diff position, a thread by
// line), every text checked storable first.
import type { InlineCommentInput } from '../../../reviews/review-inline-comments.js';
import type { ReviewVerdict } from '../../../reviews/review-rules.js';
import type { AnchorInput } from '../../../reviews/comments/diff-anchor.js';
import { githubError } from '../../core/errors.js';
import type {
  AddPullRequestReviewThreadInput,
  DraftPullRequestReviewComment,
  DraftPullRequestReviewThread,
  InputMaybe,
  PullRequestReviewEvent,
} from '../../generated/resolvers-types.js';
import { storable } from '../../mutation/in-mutation.js';

export function verdictOf(event: PullRequestReviewEvent): ReviewVerdict {
  if (event === 'DISMISS')
    throw githubError(
      'UNPROCESSABLE',
      'A review can not be submitted with the DISMISS event; use dismissPullRequestReview.',
    );
  return event;
}

/** The optional event of addPullRequestReview: absent (or null), the review stays PENDING. */
export const optionalVerdict = (event: InputMaybe<PullRequestReviewEvent> | undefined): ReviewVerdict | undefined =>
  event == null ? undefined : verdictOf(event);

const given = <T>(value: InputMaybe<T> | undefined): T | undefined => (value == null ? undefined : value);

/** A thread's place (the input of diff-anchor.ts), from a thread input or a drafted thread. */
export function threadPlace(input: AddPullRequestReviewThreadInput | DraftPullRequestReviewThread): AnchorInput {
  const subject = 'subjectType' in input && input.subjectType === 'FILE' ? 'file' : 'line';
  return {
    path: storable(input.path, 'path'),
    subject_type: subject,
    ...(given(input.line) !== undefined ? { line: input.line! } : {}),
    ...(given(input.side) !== undefined ? { side: input.side! } : {}),
    ...(given(input.startLine) !== undefined ? { start_line: input.startLine! } : {}),
    ...(given(input.startSide) !== undefined ? { start_side: input.startSide! } : {}),
  };
}

/** addPullRequestReview's `comments` then `threads`, in order, as REST's inline comments (null items skipped). */
export function draftedComments(
  comments: InputMaybe<InputMaybe<DraftPullRequestReviewComment>[]> | undefined,
  threads: InputMaybe<InputMaybe<DraftPullRequestReviewThread>[]> | undefined,
): InlineCommentInput[] {
  const drafts: InlineCommentInput[] = [];
  for (const comment of comments ?? []) {
    if (comment == null) continue;
    drafts.push({
      path: storable(comment.path, 'path'),
      body: storable(comment.body, 'body'),
      position: comment.position,
    });
  }
  for (const thread of threads ?? []) {
    if (thread == null) continue;
    const { subject_type: _line, ...place } = threadPlace(thread);
    drafts.push({ ...place, body: storable(thread.body, 'body') });
  }
  return drafts;
}
