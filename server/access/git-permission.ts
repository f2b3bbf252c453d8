// A caller's permission over git (fetch: read, push: write). An installation
// token fetches with `contents: read` and pushes with `contents: write` on
// one of its repositories, as REST's git and contents operations require:
// `metadata` alone (or `administration`, which makes it an admin elsewhere)
// clones nothing. Anyone else has their permission on the repository
// (repository-permission.ts), read only for a classic token without `repo`
// or `public_repo` (it writes nowhere). git-http/git-access.ts turns the
// answer into git's.
import type { InstallationGrant, Principal } from '../auth/principal.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { installationMay } from './installation-policy.js';
import type { Permission } from './permissions.js';
import { principalPermission, type UserPermissions } from './repository-permission.js';
import { hasAnyScope } from './token-scopes.js';

/** An installation's git permission: its `contents` permission, where it reaches. */
function installationGitPermission(grant: InstallationGrant, repo: RepositoryRow): Permission | null {
  if (installationMay(grant, repo, 'contents', 'write')) return 'write';
  return installationMay(grant, repo, 'contents', 'read') ? 'read' : null;
}

export async function gitPermission(
  users: UserPermissions,
  repo: RepositoryRow,
  principal: Principal,
): Promise<Permission | null> {
  if (principal.kind === 'token' && principal.installation)
    return installationGitPermission(principal.installation, repo);
  const permission = await principalPermission(principal, repo, users);
  // A classic token writes nowhere without (public_)repo.
  if (principal.kind === 'token' && !repo.private && !hasAnyScope(principal.scopes, ['repo', 'public_repo']))
    return permission && 'read';
  return permission;
}
