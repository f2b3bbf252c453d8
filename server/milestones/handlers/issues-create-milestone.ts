import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { emitCallerEvent } from '../../webhooks/caller-events.js';
import { milestoneTitleTaken, parseDueOn } from '../milestone-input.js';
import { milestoneView } from '../milestone-view.js';
import { insertMilestone, isTitleTaken } from '../milestones-store.js';

// Managing milestones needs push access, as on GitHub (triage may only set an issue's milestone).
// The milestone, its number and its `milestone` `created` event commit together.
export const createMilestone: Handler<'issues/create-milestone'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { urls } = ctx.services;
  const values = {
    title: body.title,
    description: body.description ?? null,
    state: body.state ?? 'open',
    due_on: parseDueOn(body.due_on) ?? null,
  };
  try {
    const view = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
      const { tx } = events;
      const view = milestoneView(await insertMilestone(tx, repo.id, ctx.user().user.id, values), repo, urls);
      await emitCallerEvent(events, 'milestone', 'created', { milestone: view });
      return view;
    });
    return { status: 201, body: view, headers: { Location: view.url } };
  } catch (error) {
    if (isTitleTaken(error)) throw milestoneTitleTaken();
    throw error;
  }
};
