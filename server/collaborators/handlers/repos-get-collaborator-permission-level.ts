import { permissionOfUser } from '../../access/collaborator-access.js';
import type { Handler } from '../../http/operation-context.js';
import { collaboratorView, legacyPermission } from '../collaborator-view.js';
import { collaboratorsRepository } from './collaborators-access.js';
import { userNamed } from './people.js';

// The user's own permission as the policy gives it (public read and site
// admins included: access/user-permission.ts), in both vocabularies.
export const getCollaboratorPermissionLevel: Handler<'repos/get-collaborator-permission-level'> = async (ctx) => {
  const { repo } = await collaboratorsRepository(ctx, 'read-people');
  const user = await userNamed(ctx.services, ctx.params.username);
  const permission = await permissionOfUser(ctx.services.repos, repo, user);
  return {
    status: 200,
    body: {
      permission: legacyPermission(permission),
      role_name: permission ?? 'none',
      user: collaboratorView(user, permission, ctx.services.urls),
    },
  };
};
