import type { Handler } from '../../http/operation-context.js';
import {
  actorLists,
  type ActorsInput,
  type ReviewsInput,
  reviewsSetting,
  type StatusChecksInput,
  statusChecksSetting,
} from '../protection-input.js';
import { actorResolver } from '../actor-resolver.js';
import { protectBranch } from '../protection-service.js';
import { protectionRoute, ruleBody } from './protection-route.js';

// PUT …/branches/{branch}/protection: GitHub's whole body; every group is
// replaced (null turns it off), so a PUT is the rule's full new state.
export const updateBranchProtection: Handler<'repos/update-branch-protection'> = async (ctx) => {
  const { repo, branch } = await protectionRoute(ctx);
  const { body } = await ctx.input();
  const resolve = actorResolver(ctx.services.sql, repo);
  const org = repo.owner_kind === 'Organization';
  const input = body as typeof body & {
    required_status_checks: StatusChecksInput | null;
    required_pull_request_reviews: ReviewsInput | null;
    restrictions: ActorsInput | null;
  };
  const values = {
    required_status_checks: input.required_status_checks
      ? statusChecksSetting(input.required_status_checks, null)
      : null,
    enforce_admins: body.enforce_admins ?? false,
    required_pull_request_reviews: input.required_pull_request_reviews
      ? await reviewsSetting(input.required_pull_request_reviews, null, resolve, org)
      : null,
    restrictions: input.restrictions ? await actorLists(input.restrictions, resolve, 'restrictions', org) : null,
    required_linear_history: body.required_linear_history ?? false,
    allow_force_pushes: body.allow_force_pushes ?? false,
    allow_deletions: body.allow_deletions ?? false,
    block_creations: body.block_creations ?? false,
    required_conversation_resolution: body.required_conversation_resolution ?? false,
    lock_branch: body.lock_branch ?? false,
    allow_fork_syncing: body.allow_fork_syncing ?? false,
  };
  const read = await protectBranch(ctx.services, repo, ctx.principal, branch, values);
  return { status: 200, body: ruleBody(ctx, repo, read) as never };
};
