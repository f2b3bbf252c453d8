// What an installation token may touch. The grant is built when the token is
// looked up (token-cache.ts): the token's own narrowing intersected with its
// installation as it is now, so uninstalling, removing a repository from the
// installation or lowering its permissions takes effect for live tokens too.
// What a grant reaches and is worth is the policy's: access/installation-grant.ts.
import type { AppPermissions, InstallationGrant } from '../auth/principal.js';
import { intersect } from './app-permissions.js';

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
