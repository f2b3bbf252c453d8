// Who may push to a repository in their own right, and where a user's own
// permission carries write: the rules `maintainer_can_modify` leans on
// (pulls/maintainer-grant.ts looks the grant up, git over HTTP and REST's
// writers apply it), and git over HTTP's own permission (git-permission.ts).
// A classic token writes with `repo`, or `public_repo` on a public
// repository; an installation token with its grant's permission where it reaches.
import type { Principal } from '../auth/principal.js';
import { installationPermission } from './installation-access.js';
import { atLeast, type Permission } from './permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { hasAnyScope } from './token-scopes.js';
import type { GrantHolder, UserPermissionSource } from './user-permission.js';

/** Whether a classic token's scopes allow writing to `repo` (`repo`, or `public_repo` on a public one). */
export function scopesAllowPush(principal: Principal, repo: RepositoryRow): boolean {
  if (principal.kind !== 'token') return false;
  return hasAnyScope(principal.scopes, ['repo']) || (!repo.private && hasAnyScope(principal.scopes, ['public_repo']));
}

/** Whether `principal` may push to `repo` in its own right. */
export async function canPush(
  users: Pick<UserPermissionSource, 'permissionOf'>,
  principal: Principal,
  repo: RepositoryRow,
): Promise<boolean> {
  if (principal.kind !== 'token') return false;
  if (principal.installation) return atLeast(installationPermission(principal.installation, repo), 'write');
  return scopesAllowPush(principal, repo) && atLeast(await users.permissionOf(repo, principal.user), 'write');
}

/** The ids of `repos` where the user's own permission carries write (push). */
export async function writableBy(
  users: Pick<UserPermissionSource, 'permissionOf'>,
  repos: Iterable<RepositoryRow>,
  user: GrantHolder,
): Promise<Set<number>> {
  const writable = new Set<number>();
  for (const repo of repos) if (atLeast(await users.permissionOf(repo, user), 'write')) writable.add(repo.id);
  return writable;
}

/** Reading a repository's code and data: read or above. */
export const mayRead = (permission: Permission | null): boolean => atLeast(permission, 'read');

/** Pushing, and GitHub's rules that ask for "push access" (the check run page's buttons): write or above. */
export const mayPush = (permission: Permission | null): boolean => atLeast(permission, 'write');
