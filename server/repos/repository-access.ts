// Finding a repository for an operation and checking the caller may act on it,
// in the documented order: existence (404) before permission and scope (403).
// A private repository is 404 to anonymous callers and 403 to signed-in
// non-members, as the interface specifies.
import { installationPermission, notAccessibleByIntegration } from '../apps/installation-access.js';
import { grantReaches } from '../apps/installation-grant.js';
import type { InstallationGrant } from '../auth/principal.js';
import { forbidden, notFound } from '../errors/domain-error.js';
import type { OperationContext } from '../http/operation-context.js';
import { hasAnyScope } from '../http/scopes.js';
import { routeTable, type OperationId } from '../generated/routes.js';
import { atLeast, type Permission } from './permissions.js';
import type { RepositoryRow } from './repositories-store.js';

const DENIED: Record<Permission, string> = {
  read: 'Must have read rights to Repository.',
  triage: 'Must have triage rights to Repository.',
  write: 'Must have push access to Repository.',
  maintain: 'Must have maintain rights to Repository.',
  admin: 'Must have admin rights to Repository.',
};

export interface RepositoryAccess {
  repo: RepositoryRow;
  permission: Permission | null;
}

export async function accessRepository<K extends OperationId>(
  ctx: OperationContext<K>,
  owner: string,
  name: string,
  needed: Permission,
): Promise<RepositoryAccess> {
  const { repos } = ctx.services;
  // Cached answers are taken synchronously: every await is a microtask hop on the hot path.
  const cached = repos.peek(owner, name);
  const repo = cached !== undefined ? cached : await repos.find(owner, name);
  if (!repo) throw notFound();
  const principal = ctx.principal;
  if (principal.kind === 'token' && principal.installation)
    return accessAsInstallation(ctx, repo, principal.installation, needed);
  const user = principal.kind === 'token' ? principal.user : null;
  const cachedPermission = repos.peekPermission(repo, user);
  let permission = cachedPermission !== undefined ? cachedPermission : await repos.permissionOf(repo, user);
  // A classic token without `repo` scope sees private repositories as if it had no rights.
  const scopeBlocksPrivate = repo.private && principal.kind === 'token' && !hasAnyScope(principal.scopes, ['repo']);
  if (repo.private && (permission === null || scopeBlocksPrivate)) {
    if (!user) throw notFound();
    if (scopeBlocksPrivate && permission !== null) {
      throw forbidden(DENIED[needed], { acceptedScopes: 'repo' });
    }
    throw forbidden(DENIED.read);
  }
  if (!atLeast(permission, needed)) {
    if (!user) throw notFound();
    throw forbidden(DENIED[needed]);
  }
  ctx.checkScopes();
  if (scopeBlocksPrivate) permission = null;
  return { repo, permission };
}

/**
 * On its installation's repositories an installation token may do what the
 * operation's app permissions allow (checked by ctx.checkScopes); elsewhere it
 * may only read public repositories, and private ones are not accessible.
 */
function accessAsInstallation<K extends OperationId>(
  ctx: OperationContext<K>,
  repo: RepositoryRow,
  grant: InstallationGrant,
  needed: Permission,
): RepositoryAccess {
  const permission = installationPermission(grant, repo);
  if (!grantReaches(grant, repo) && !atLeast(permission, needed)) {
    throw notAccessibleByIntegration(routeTable[ctx.operationId].appPermissions);
  }
  ctx.checkScopes();
  return { repo, permission };
}
