import { validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { addCollaborator } from '../collaborator-changes.js';
import { permissionFromInput } from '../collaborator-view.js';
import { invitationView } from '../invitation-view.js';
import { collaboratorsRepository } from './collaborators-access.js';
import { userNamed } from './people.js';

// Admins only. 201 with the invitation for a new collaborator, 204 when the
// grant already was, or was made or changed in place (collaborator-changes.ts).
export const addCollaboratorHandler: Handler<'repos/add-collaborator'> = async (ctx) => {
  const { repo } = await collaboratorsRepository(ctx, 'manage');
  const { body } = await ctx.input();
  const permission = permissionFromInput(body?.permission ?? 'push');
  if (permission === null) throw validationFailed([{ resource: 'Repository', code: 'invalid', field: 'permission' }]);
  const user = await userNamed(ctx.services, ctx.params.username);
  const outcome = await addCollaborator(ctx.services, repo, ctx.principal, user, permission);
  if (outcome.kind !== 'invited') return { status: 204, body: undefined };
  const inviter = ctx.user().user.id;
  const people = await ctx.services.accounts.byIds([user.id, inviter]);
  return { status: 201, body: invitationView(outcome.invitation, repo, people, ctx.services.urls) };
};
