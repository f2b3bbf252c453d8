// What an installation token may touch, in the terms of the policy
// (repository-access.ts): the grant, built when the token is looked up
// (auth/token-cache.ts) as the token's own narrowing intersected with its
// installation as it is now, so uninstalling, removing a repository from the
// installation or lowering its permissions takes effect for live tokens too;
// what it reaches; and what it is worth on a repository it reaches.
import type { AppPermissions, InstallationGrant } from '../auth/principal.js';
import { intersect } from './app-permission-levels.js';
import type { Permission } from './permissions.js';

/** Whether the repository is one the token acts on: owned by the installation's account and selected. */
export function grantReaches(grant: InstallationGrant, repo: { id: number; owner_id: number }): boolean {
  return repo.owner_id === grant.accountId && (grant.repositoryIds === null || grant.repositoryIds.has(repo.id));
}

/**
 * The user-style permission that describes a grant on one of its repositories
 * (for the `permissions` object of repository bodies): admin with
 * `administration: write`, push with `contents: write`, triage with
 * `issues: write` or `pull_requests: write` (it may label, assign and close
 * issues, what the triage role may), pull otherwise. What each operation
 * needs is still checked against the app permissions openapi.yaml declares.
 */
export function grantPermission(grant: Pick<InstallationGrant, 'permissions'>): Permission {
  const p = grant.permissions;
  const writes = (level: string | undefined) => level === 'write' || level === 'admin';
  if (writes(p.administration)) return 'admin';
  if (writes(p.contents)) return 'write';
  if (writes(p.issues) || writes(p.pull_requests)) return 'triage';
  return 'read';
}

export interface GrantRow {
  installation_id: number;
  app_id: number;
  account_id: number;
  /** The installation's permissions and repositories now. */
  installation_permissions: AppPermissions;
  installation_repository_ids: number[] | null;
  /** What the token was narrowed to when issued (null: no narrowing by repository). */
  token_permissions: AppPermissions;
  token_repository_ids: number[] | null;
}

export function buildGrant(row: GrantRow): InstallationGrant {
  let ids: Set<number> | null =
    row.installation_repository_ids === null ? null : new Set(row.installation_repository_ids.map(Number));
  if (row.token_repository_ids !== null) {
    const narrowed = row.token_repository_ids.map(Number);
    ids = new Set(ids === null ? narrowed : narrowed.filter((id) => ids!.has(id)));
  }
  return {
    id: Number(row.installation_id),
    appId: Number(row.app_id),
    accountId: Number(row.account_id),
    permissions: intersect(row.token_permissions, row.installation_permissions),
    repositorySelection: ids === null ? 'all' : 'selected',
    repositoryIds: ids,
  };
}
