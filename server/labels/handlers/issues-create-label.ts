import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { emitCallerEvent } from '../../webhooks/caller-events.js';
import { checkLabelName, DEFAULT_COLOR, labelNameTaken } from '../label-input.js';
import { labelView } from '../label-view.js';
import { insertLabel, isNameTaken } from '../labels-store.js';

// Managing labels needs push access, as on GitHub (triage may only apply them to issues).
// The label and its `label` `created` event commit together.
export const createLabel: Handler<'issues/create-label'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { urls } = ctx.services;
  const name = checkLabelName(body.name);
  try {
    const view = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
      const { tx } = events;
      const label = await insertLabel(tx, repo.id, {
        name,
        color: body.color ?? DEFAULT_COLOR,
        description: body.description ?? null,
      });
      const view = labelView(label, repo, urls);
      await emitCallerEvent(events, 'label', 'created', { label: view });
      return view;
    });
    return { status: 201, body: view, headers: { Location: view.url } };
  } catch (error) {
    if (isNameTaken(error)) throw labelNameTaken();
    throw error;
  }
};
