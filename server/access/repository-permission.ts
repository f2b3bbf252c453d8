// A caller's permission on a repository, as every path reads it (GraphQL,
// git, downloads, redirects of renamed repositories, pull request heads):
// null when the caller may not see it at all. Anonymous callers (and app or
// OAuth-app credentials, which act on no repository's data) read public
// repositories; an installation token has its grant's (installation-access.ts);
// a classic token without the `repo` scope sees private repositories as if it
// had no rights, as in REST (http/repository-access.ts, which adds REST's
// error answers); anyone else has what the user was granted.
import { installationPermission } from './installation-access.js';
import type { Principal, UserRef } from '../auth/principal.js';
import type { Permission } from './permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { scopesReachPrivate } from './token-scopes.js';

/** Where the user's own permission is read: the repository cache (`services.repos`), or GraphQL's request loader. */
export interface UserPermissions {
  permissionOf(repo: RepositoryRow, user: UserRef): Promise<Permission | null>;
}

/** The rule without the user's own grant: a permission (or null), or the user whose grant decides. */
function decided(principal: Principal, repo: RepositoryRow): Permission | null | { user: UserRef } {
  if (principal.kind !== 'token') return repo.private ? null : 'read';
  if (principal.installation) return installationPermission(principal.installation, repo);
  if (repo.private && !scopesReachPrivate(principal.scopes)) return null;
  return { user: principal.user };
}

export async function principalPermission(
  principal: Principal,
  repo: RepositoryRow,
  users: UserPermissions,
): Promise<Permission | null> {
  const rule = decided(principal, repo);
  return typeof rule === 'object' && rule !== null ? users.permissionOf(repo, rule.user) : rule;
}

/** principalPermission for a page of repositories, in order: the user's grants read in one batch (`services.repos.permissionsOf`). */
export async function principalPermissions(
  principal: Principal,
  repos: RepositoryRow[],
  readMany: (repos: RepositoryRow[], user: UserRef) => Promise<(Permission | null)[]>,
): Promise<(Permission | null)[]> {
  const rules = repos.map((repo) => decided(principal, repo));
  const asked = repos.filter((_repo, i) => typeof rules[i] === 'object' && rules[i] !== null);
  const granted = asked.length > 0 && principal.kind === 'token' ? await readMany(asked, principal.user) : [];
  let next = 0;
  return rules.map((rule) => (typeof rule === 'object' && rule !== null ? (granted[next++] ?? null) : rule));
}

export async function canSeeRepository(
  principal: Principal,
  repo: RepositoryRow,
  users: UserPermissions,
): Promise<boolean> {
  if (!repo.private) return true;
  return (await principalPermission(principal, repo, users)) !== null;
}
