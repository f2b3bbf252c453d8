// Whether the caller may see a repository, by the one policy
// (access/repository-permission.ts), with the user's permission read through
// the request's loader (one statement for a page of repositories). A private
// repository the caller may not read is reported exactly like a missing one.
import type { PermissionSource } from '../../access/repository-access.js';
import { principalPermission, type UserPermissions } from '../../access/repository-permission.js';
import type { RepositoryRow } from '../../repos/repositories-store.js';
import type { GraphqlContext } from '../context.js';

/** The caller's own permissions, read through the request's loader (one statement for a page of repositories). */
export const loaderPermissions = (ctx: GraphqlContext): UserPermissions & PermissionSource => ({
  peekPermission: () => undefined,
  permissionOf: (repo) => ctx.loaders.repositoryPermission.load(repo),
});

/**
 * A public repository's permission is read too, through the loader: every
 * repository of a query then reaches its fields in the same turn, so their
 * connections batch into one statement.
 */
export async function canSeeRepository(ctx: GraphqlContext, repo: RepositoryRow): Promise<boolean> {
  return (await principalPermission(ctx.principal, repo, loaderPermissions(ctx))) !== null;
}
