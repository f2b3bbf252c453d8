import { granteesOf } from '../../access/repository-grantees.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { collaboratorsRepository } from './collaborators-access.js';

// 204 for anyone the collaborators list holds (owner, collaborators, the
// owning organization's members), 404 otherwise.
export const checkCollaborator: Handler<'repos/check-collaborator'> = async (ctx) => {
  const { repo } = await collaboratorsRepository(ctx, 'read-people');
  const [found] = await granteesOf(ctx.services.sql, repo.id, { affiliation: 'all', login: ctx.params.username });
  if (!found) throw notFound();
  return { status: 204, body: undefined };
};
