// The repository of a collaborators/invitations operation, with the need the
// access policy sets for the action (access/collaborator-access.ts) and the
// operation's scopes and app permissions from openapi.yaml.
import { type CollaboratorAction, collaboratorNeed } from '../../access/collaborator-access.js';
import { repositoryFor, type RepositoryAccess } from '../../access/repository-for.js';
import { routeTable, type OperationId } from '../../generated/routes.js';
import type { OperationContext } from '../../http/operation-context.js';

export async function collaboratorsRepository<K extends OperationId>(
  ctx: OperationContext<K> & { params: { owner: string; repo: string } },
  action: CollaboratorAction,
  targetUserId?: number,
): Promise<RepositoryAccess> {
  const { acceptedScopes, appPermissions } = routeTable[ctx.operationId];
  const need = collaboratorNeed(ctx.principal, action, targetUserId);
  const access = await repositoryFor(ctx.services, ctx.principal, ctx.params.owner, ctx.params.repo, {
    ...need,
    scopes: acceptedScopes,
    app: appPermissions,
  });
  ctx.checkScopes();
  return access;
}
