// What the GraphQL Reaction, ReactionGroup and ReactionConnection resolvers
// receive. A reaction is the store's row (plus its subject's repository, for
// node lookups); a group is the subject with one content and the count its row's
// rollup (`reaction_counts`, kept by reactions-store.ts) already holds, so
// `reactionGroups { reactors { totalCount } }` reads nothing more.
import type { ReactionContent as RestContent, ReactionSubject } from '../../reactions/reaction-subject.js';
import type { ReactionContent } from '../generated/resolvers-types.js';
import type { connection } from '../core/connection.js';
import type { CommentModel, IssueModel } from '../issues/issue-models.js';
import type { ReviewCommentModel, ReviewModel } from '../reviews/review-models.js';
import { isRelease, type ReleaseModel } from '../releases/release-models.js';
import { RELEASE_REACTION_CONTENTS } from '../../reactions/reaction-subject.js';
import type { ReactionColumns } from '../../reactions/reactions-store.js';

/** The store's row (reactions/reaction-batch-reads.ts reads it). */
export type ReactionModel = ReactionColumns;

/**
 * An issue, an issue comment (the one with an `issue_id`), a review comment or
 * a review (the ones with a `node_type`, which names them) or a release (`release_node`).
 */
export type ReactableModel = IssueModel | CommentModel | ReviewCommentModel | ReviewModel | ReleaseModel;

export interface ReactionGroupModel {
  subject: ReactableModel;
  content: RestContent;
  count: number;
}

export type ReactionConnectionModel = ReturnType<typeof connection<ReactionModel>> & {
  subject: ReactableModel;
  content: RestContent | null;
};

/** GraphQL's content names and REST's, in GitHub's order of reaction groups. */
export const CONTENTS: readonly (readonly [ReactionContent, RestContent])[] = [
  ['THUMBS_UP', '+1'],
  ['THUMBS_DOWN', '-1'],
  ['LAUGH', 'laugh'],
  ['HOORAY', 'hooray'],
  ['CONFUSED', 'confused'],
  ['HEART', 'heart'],
  ['ROCKET', 'rocket'],
  ['EYES', 'eyes'],
];
const TO_REST = new Map(CONTENTS);
const TO_GRAPHQL = new Map(CONTENTS.map(([graphql, rest]) => [rest, graphql]));

export const restContent = (content: ReactionContent): RestContent => TO_REST.get(content)!;
export const graphqlContent = (content: RestContent): ReactionContent => TO_GRAPHQL.get(content)!;

export { isRelease };
export const isReviewComment = (subject: ReactableModel): subject is ReviewCommentModel =>
  'node_type' in subject && subject.node_type === 'PullRequestReviewComment';
export const isReview = (subject: ReactableModel): subject is ReviewModel =>
  'node_type' in subject && subject.node_type === 'PullRequestReview';
export const isComment = (subject: ReactableModel): subject is CommentModel =>
  'issue_id' in subject && !('node_type' in subject);

/** The subject as the REST store names it. */
export const subjectOf = (subject: ReactableModel): ReactionSubject => ({
  kind: isRelease(subject)
    ? 'release'
    : isReview(subject)
      ? 'review'
      : isReviewComment(subject)
        ? 'review_comment'
        : isComment(subject)
          ? 'comment'
          : 'issue',
  id: subject.id,
});

/** Whether the subject takes this content (a release takes six of the eight). */
export const takesContent = (subject: ReactableModel, content: RestContent): boolean =>
  !isRelease(subject) || RELEASE_REACTION_CONTENTS.includes(content);

/** All groups the subject takes (eight, a release's six), with the rollup's counts (zero for contents nobody used, as GitHub lists them). */
export const reactionGroupsOf = (subject: ReactableModel): ReactionGroupModel[] =>
  CONTENTS.filter(([, content]) => takesContent(subject, content)).map(([, content]) => ({
    subject,
    content,
    count: subject.reaction_counts[content] ?? 0,
  }));
