// Milestone's creator (the account REST's `creator` shows) and Closable's
// `viewerCanClose`/`viewerCanReopen`: managing milestones needs push access,
// as REST's milestone endpoints ask it, through the same policy as the
// mutations (viewerAs), so a token that may not write is told false.
import type { MilestoneRow } from '../../milestones/milestones-store.js';
import type { GraphqlContext } from '../core/context.js';
import type { MilestoneResolvers } from '../generated/resolvers-types.js';
import { viewerAs } from '../access/writer.js';

async function viewerManages(ctx: GraphqlContext, milestone: MilestoneRow): Promise<boolean> {
  const repo = await ctx.loaders.repositoryById.load(milestone.repository_id);
  return repo !== null && (await viewerAs(ctx, repo, 'updateMilestone', 'write')) !== null;
}

export const milestoneBreadthFields: Pick<MilestoneResolvers, 'creator' | 'viewerCanClose' | 'viewerCanReopen'> = {
  creator: (m, _args, ctx) => (m.creator_id === null ? null : ctx.loaders.accountById.load(m.creator_id)),
  viewerCanClose: async (m, _args, ctx) => m.state === 'open' && (await viewerManages(ctx, m)),
  viewerCanReopen: async (m, _args, ctx) => m.state === 'closed' && (await viewerManages(ctx, m)),
};
