import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { emitCallerEvent } from '../../webhooks/caller-events.js';
import { labelView } from '../label-view.js';
import { deleteLabel, findLabel } from '../labels-store.js';

// The deletion and its `label` `deleted` event (carrying the label as it was) commit together.
export const deleteLabelHandler: Handler<'issues/delete-label'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  ctx.checkScopes();
  const { urls } = ctx.services;
  await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
    const { tx } = events;
    const label = await findLabel(tx, repo.id, ctx.params.name, true);
    if (!label) throw notFound();
    await deleteLabel(tx, label.id);
    await emitCallerEvent(events, 'label', 'deleted', {
      label: labelView(label, repo, urls),
    });
  });
  return { status: 204, body: undefined };
};
