import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { milestoneView } from '../milestone-view.js';
import { findMilestone } from '../milestones-store.js';

export const getMilestone: Handler<'issues/get-milestone'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const milestone = await findMilestone(ctx.services.sql, repo.id, ctx.params.milestone_number);
  if (!milestone) throw notFound();
  return { status: 200, body: milestoneView(milestone, repo, ctx.services.urls) };
};
