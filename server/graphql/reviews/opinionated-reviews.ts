// PullRequest.latestOpinionatedReviews (each reviewer's latest approval,
// change request or dismissed review; a later comment-only review leaves it
// standing) and viewerLatestReview, through the review loaders (one
// statement for every pull request of the query).
import { authorCanPush } from '../../access/author-can-push.js';
import { connection, listConnection, pageAt, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { PullRequestResolvers } from '../generated/resolvers-types.js';
import { repositoryOf } from '../pulls/pull-paths.js';
import type { ReviewModel } from './review-models.js';

/** Whether a review's author may push to its repository (`authorCanPushToRepository`). */
export async function reviewAuthorCanPush(ctx: GraphqlContext, review: ReviewModel): Promise<boolean> {
  if (review.user_id === null) return false;
  const [repo, author] = await Promise.all([
    repositoryOf(ctx, review.repository_id),
    ctx.loaders.accountById.load(review.user_id),
  ]);
  return authorCanPush(ctx.services.repos, repo, author);
}

// writersOnly filters on each author's grant, which SQL does not hold: the
// whole list (one review per reviewer, at most a page's worth) is read, then filtered.
const ALL_REVIEWERS = { first: 100, offset: 0, fromEnd: false };

export const opinionatedReviewFields: Pick<PullRequestResolvers, 'latestOpinionatedReviews' | 'viewerLatestReview'> = {
  latestOpinionatedReviews: async (pull, { writersOnly, ...args }, ctx) => {
    if (!writersOnly) {
      const window = twoWayWindow(args, 'latestOpinionatedReviews');
      const page = await ctx.loaders.latestOpinionatedReviewPage.load({ repositoryId: pull.id, page: window });
      return connection(page.rows, page.total, pageAt(window, page.rows.length, page.total));
    }
    const page = await ctx.loaders.latestOpinionatedReviewPage.load({ repositoryId: pull.id, page: ALL_REVIEWERS });
    const writes = await Promise.all(page.rows.map((review) => reviewAuthorCanPush(ctx, review)));
    return listConnection(
      page.rows.filter((_review, index) => writes[index]),
      args,
      'latestOpinionatedReviews',
    );
  },
  // The viewer's own pending review included: the loaders show a viewer their pending review.
  viewerLatestReview: async (pull, _args, ctx) => {
    const login = ctx.access.viewerLogin;
    if (login === null) return null;
    const window = twoWayWindow({ last: 1 }, 'reviews');
    const page = await ctx.loaders.reviewPage.load({
      repositoryId: pull.id,
      page: { window, states: null, author: login },
    });
    return page.rows[0] ?? null;
  },
};
