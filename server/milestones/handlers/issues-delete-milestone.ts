import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { emitCallerEvent } from '../../webhooks/caller-events.js';
import { milestoneView } from '../milestone-view.js';
import { deleteMilestone, findMilestone } from '../milestones-store.js';

// The deletion and its `milestone` `deleted` event (the milestone as it was) commit together.
export const deleteMilestoneHandler: Handler<'issues/delete-milestone'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  ctx.checkScopes();
  const { urls } = ctx.services;
  await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    const { tx } = events;
    const milestone = await findMilestone(tx, repo.id, ctx.params.milestone_number, true);
    if (!milestone) throw notFound();
    await deleteMilestone(tx, milestone.id);
    await emitCallerEvent(events, 'milestone', 'deleted', {
      milestone: milestoneView(milestone, repo, urls),
    });
  });
  return { status: 204, body: undefined };
};
