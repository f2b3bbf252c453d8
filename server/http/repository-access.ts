// REST's handlers' form of access/repository-for.ts: the operation's declared
// scopes and app permissions (openapi.yaml) are what the policy checks. A
// private repository is 404 to anonymous callers and 403 to signed-in
// non-members, as the interface specifies.
import { repositoryFor, type RepositoryAccess } from '../access/repository-for.js';
import { routeTable, type OperationId } from '../generated/routes.js';
import type { OperationContext } from './operation-context.js';
import type { Permission } from '../access/permissions.js';
import { domainErrorKind } from '../errors/domain-error.js';

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

/** The repository the route's `owner` and `repo` name, for reading (pull requests, their comments and reactions). */
export function routeRepository<K extends OperationId>(
  ctx: OperationContext<K> & { params: { owner: string; repo: string } },
): Promise<RepositoryAccess> {
  return accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
}

/** What may stand in for write access the policy refused (a maintainer's grant: pulls/maintainer-grant.ts), or null. */
export type WriteFallback = (owner: string, name: string) => Promise<RepositoryAccess | null>;

/** accessRepository for write, where a refusal for permission (403) may be overturned by `fallback`. */
export async function accessForWrite<K extends OperationId>(
  ctx: OperationContext<K>,
  owner: string,
  name: string,
  fallback: WriteFallback,
): Promise<RepositoryAccess> {
  try {
    return await accessRepository(ctx, owner, name, 'write');
  } catch (error) {
    if (domainErrorKind(error) !== 'forbidden') throw error;
    const granted = await fallback(owner, name);
    if (granted === null) throw error;
    ctx.checkScopes();
    return granted;
  }
}
