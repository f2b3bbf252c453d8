import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { changesOf, emitCallerEvent } from '../../webhooks/caller-events.js';
import { milestoneTitleTaken, parseDueOn } from '../milestone-input.js';
import { milestoneView } from '../milestone-view.js';
import { findMilestone, isTitleTaken, updateMilestone } from '../milestones-store.js';

// Only the fields present change. What GitHub sends for each kind of change:
// `edited` (with `changes`) for the title, description or due date, then
// `closed` or `opened` for the state; nothing when nothing changed. The row
// is locked, so `changes` are against what this update replaced.
export const updateMilestoneHandler: Handler<'issues/update-milestone'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { urls } = ctx.services;
  const dueOn = parseDueOn(body.due_on);
  try {
    const view = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
      const { tx } = events;
      const before = await findMilestone(tx, repo.id, ctx.params.milestone_number, true);
      if (!before) throw notFound();
      const values = {
        title: body.title ?? before.title,
        description: body.description === undefined ? before.description : body.description,
        state: body.state ?? before.state,
        due_on: dueOn === undefined ? before.due_on : dueOn,
      };
      const changes = changesOf(comparable(before), comparable(values), ['title', 'description', 'due_on']);
      const stateChanged = values.state !== before.state;
      if (Object.keys(changes).length === 0 && !stateChanged) return milestoneView(before, repo, urls);
      const view = milestoneView(await updateMilestone(tx, before, values), repo, urls);
      if (Object.keys(changes).length)
        await emitCallerEvent(events, 'milestone', 'edited', { milestone: view, changes });
      if (stateChanged)
        await emitCallerEvent(events, 'milestone', values.state === 'closed' ? 'closed' : 'opened', {
          milestone: view,
        });
      return view;
    });
    return { status: 200, body: view };
  } catch (error) {
    if (isTitleTaken(error)) throw milestoneTitleTaken();
    throw error;
  }
};

/** The edited fields as payloads show them (a due date as GitHub's timestamp text). */
function comparable(values: { title: string; description: string | null; due_on: Date | null }) {
  return {
    title: values.title,
    description: values.description,
    due_on: values.due_on ? milestoneDate(values.due_on) : null,
  };
}

const milestoneDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
