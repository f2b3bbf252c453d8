import type { Handler } from '../../http/operation-context.js';
import { removeCollaborator } from '../collaborator-changes.js';
import { collaboratorsRepository } from './collaborators-access.js';
import { userNamed } from './people.js';

// Admins, or the collaborator themselves (access/collaborator-access.ts).
export const removeCollaboratorHandler: Handler<'repos/remove-collaborator'> = async (ctx) => {
  const user = await userNamed(ctx.services, ctx.params.username);
  const { repo } = await collaboratorsRepository(ctx, 'remove', user.id);
  await removeCollaborator(ctx.services, repo, ctx.principal, user);
  return { status: 204, body: undefined };
};
