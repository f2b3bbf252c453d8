import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { labelView } from '../label-view.js';
import { findLabel } from '../labels-store.js';

export const getLabel: Handler<'issues/get-label'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const label = await findLabel(ctx.services.sql, repo.id, ctx.params.name);
  if (!label) throw notFound();
  return { status: 200, body: labelView(label, repo, ctx.services.urls) };
};
