import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { changesOf, emitCallerEvent } from '../../webhooks/caller-events.js';
import { checkLabelName, labelNameTaken } from '../label-input.js';
import { labelView } from '../label-view.js';
import { findLabel, isNameTaken, updateLabel } from '../labels-store.js';

// Only the fields present change. The row is locked for the change, so the
// `edited` event's `changes` are against what this update replaced; an update
// that changes nothing emits nothing.
export const updateLabelHandler: Handler<'issues/update-label'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { urls } = ctx.services;
  const newName = body.new_name === undefined ? undefined : checkLabelName(body.new_name);
  try {
    const view = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
      const { tx } = events;
      const before = await findLabel(tx, repo.id, ctx.params.name, true);
      if (!before) throw notFound();
      const values = {
        name: newName ?? before.name,
        color: body.color ?? before.color,
        description: body.description === undefined ? before.description : body.description,
      };
      const changes = changesOf({ ...before }, values, ['name', 'color', 'description']);
      if (Object.keys(changes).length === 0) return labelView(before, repo, urls);
      const view = labelView(await updateLabel(tx, before.id, values), repo, urls);
      await emitCallerEvent(events, 'label', 'edited', { label: view, changes });
      return view;
    });
    return { status: 200, body: view };
  } catch (error) {
    if (isNameTaken(error)) throw labelNameTaken();
    throw error;
  }
};
