// REST's handlers' form of access/repository-for.ts: the operation's declared
// scopes and app permissions (openapi.yaml) are what the policy checks. A
// private repository is 404 to anonymous callers and 403 to signed-in
// non-members, as the interface specifies.
import { repositoryFor, type RepositoryAccess } from '../access/repository-for.js';
import { routeTable, type OperationId } from '../generated/routes.js';
import type { OperationContext } from './operation-context.js';
import type { Permission } from '../access/permissions.js';

export type { RepositoryAccess };

/** The handlers' form: the operation's scopes and app permissions come from openapi.yaml. */
export async function accessRepository<K extends OperationId>(
  ctx: OperationContext<K>,
  owner: string,
  name: string,
  needed: Permission,
): Promise<RepositoryAccess> {
  const { acceptedScopes, appPermissions } = routeTable[ctx.operationId];
  const access = await repositoryFor(ctx.services, ctx.principal, owner, name, {
    permission: needed,
    scopes: acceptedScopes,
    app: appPermissions,
  });
  ctx.checkScopes(); // passes (the policy checked the same): remembers it for ctx.input()
  return access;
}
