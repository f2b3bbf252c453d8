// …/protection/required_pull_request_reviews: the rule's review requirement.
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { type ReviewsInput, reviewsSetting } from '../protection-input.js';
import { actorResolver } from '../actor-resolver.js';
import { changeRule, readRule } from '../protection-service.js';
import { reviewsView } from '../protection-view.js';
import { baseUrl, protectionRoute } from './protection-route.js';

const notEnabled = () => notFound('Pull request reviews not enabled');

export const getPullRequestReviewProtection: Handler<'repos/get-pull-request-review-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  const { row, actors } = await readRule(ctx.services, repo, branch);
  if (!row.required_pull_request_reviews) throw notEnabled();
  const body = reviewsView(row.required_pull_request_reviews, baseUrl(ctx, repo, branch), actors);
  return { status: 200, body: body as never };
};

// A PATCH keeps what it leaves out, and turns the requirement on when it was off.
export const updatePullRequestReviewProtection: Handler<'repos/update-pull-request-review-protection'> = async (
  ctx,
) => {
  const { repo, branch } = await protectionRoute(ctx);
  const { body } = await ctx.input();
  const org = repo.owner_kind === 'Organization';
  const { row, actors } = await changeRule(ctx.services, repo, ctx.principal, branch, async (current) => ({
    required_pull_request_reviews: await reviewsSetting(
      (body ?? {}) as ReviewsInput,
      current.required_pull_request_reviews,
      actorResolver(ctx.services.sql, repo),
      org,
    ),
  }));
  const view = reviewsView(row.required_pull_request_reviews!, baseUrl(ctx, repo, branch), actors);
  return { status: 200, body: view as never };
};

export const deletePullRequestReviewProtection: Handler<'repos/delete-pull-request-review-protection'> = async (
  ctx,
) => {
  const { repo, branch } = await protectionRoute(ctx);
  await ctx.input();
  await changeRule(ctx.services, repo, ctx.principal, branch, (current) => {
    if (!current.required_pull_request_reviews) throw notEnabled();
    return { required_pull_request_reviews: null };
  });
  return { status: 204, body: undefined };
};
