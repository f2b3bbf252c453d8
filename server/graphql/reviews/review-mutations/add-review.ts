// addPullRequestReview: REST's POST …/reviews (review-create.ts) behind
// GraphQL's input. Without `event` the review stays PENDING (its author's
// alone); with one it is submitted at once, with `pull_request_review`
// submitted and `pull_request_review_comment` created for each of its
// comments, in its transaction. Every drafted comment and thread is placed in
// the diff at `commitOID` (default the head) before the transaction opens:
// one that is not in the diff refuses the whole review (UNPROCESSABLE) and
// nothing is written.
import { reviewPosition } from '../../../reviews/review-batch-reads.js';
import { anchorInlineComments } from '../../../reviews/review-inline-comments.js';
import { createReview } from '../../../reviews/review-create.js';
import { checkUnlocked, reviewCommit } from '../../../reviews/review-rules.js';
import type { MutationResolvers } from '../../generated/resolvers-types.js';
import { encodeCursor } from '../../core/paginate.js';
import { inMutation, storable } from '../../mutation/in-mutation.js';
import { writerOf } from '../../access/writer.js';
import { restRules } from '../../pulls/pull-mutation-access.js';
import { draftedComments, optionalVerdict } from './review-inputs.js';
import { clearReviewLoaders, reviewAfter, visiblePullTarget } from './review-targets.js';

type M = Required<MutationResolvers>;
const MUTATION = 'addPullRequestReview';

// Anyone who can read may review (REST's rule); an installation needs `pull_requests: write`.
export const addPullRequestReview: M['addPullRequestReview'] = async (_parent, { input }, ctx) => {
  const { repo, pull, repos } = await visiblePullTarget(ctx, input.pullRequestId);
  const writer = await writerOf(ctx, repo, MUTATION, 'read', 'pull_requests');
  const verdict = optionalVerdict(input.event);
  const body = storable(input.body ?? '', 'body');
  const drafts = draftedComments(input.comments, input.threads);
  const { git } = ctx.services;
  // Git first, outside the transaction (as REST): the commit reviewed and where each comment sits.
  const { commitId, comments } = await restRules(ctx, MUTATION, async () => {
    checkUnlocked(pull, await ctx.access.permissionOn(repo)); // a locked conversation takes reviews from writers only
    const commit = await reviewCommit(git, repo.id, pull, input.commitOID ?? undefined);
    return { commitId: commit, comments: await anchorInlineComments(git, repo.id, pull, commit, drafts) };
  });
  const review = await inMutation(ctx, repo, MUTATION, (events) =>
    createReview(events, repos, pull.issue.number, { userId: writer.userId, body, verdict, commitId, comments }),
  );
  clearReviewLoaders(ctx.loaders);
  const node = await reviewAfter(ctx, Number(review.id));
  // Its edge's cursor: its place in the pull request's `reviews` as the viewer sees them.
  const cursor = encodeCursor(await reviewPosition(ctx.services.sql, node.issue_id, node.id, writer.userId));
  return { clientMutationId: input.clientMutationId, pullRequestReview: node, reviewEdge: { cursor, node } };
};
