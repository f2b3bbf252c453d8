import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { emitCallerEvent } from '../../webhooks/caller-events.js';
import { labelView } from '../label-view.js';
import { deleteLabel, findLabel } from '../labels-store.js';

// The deletion and its `label` `deleted` event (carrying the label as it was) commit together.
export const deleteLabelHandler: Handler<'issues/delete-label'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  ctx.checkScopes();
  const { sql, urls } = ctx.services;
  await sql.begin(async (tx) => {
    const label = await findLabel(tx, repo.id, ctx.params.name, true);
    if (!label) throw notFound();
    await deleteLabel(tx, label.id);
    await emitCallerEvent({ tx, repo, principal: ctx.principal, urls }, 'label', 'deleted', {
      label: labelView(label, repo, urls),
    });
  });
  return { status: 204, body: undefined };
};
