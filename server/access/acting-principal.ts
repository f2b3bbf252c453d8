// The principal of work done later on someone's behalf (a pull request that
// merges itself: pulls/auto-merge/): the user as they are now, with a
// classic token's full reach, so only their own permission on the repository
// counts; or, for work an installation token asked for, the app's bot with
// the installation as it is now (uninstalled: nobody; a repository removed
// from it or a permission lowered is seen). The policy then decides as for
// any request (repository-access.ts).
import type { TokenPrincipal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { buildGrant, type GrantRow } from './installation-grant.js';

export interface Enabler {
  userId: number;
  installationId: number | null;
}

export async function actingPrincipal(sql: Sql, enabler: Enabler): Promise<TokenPrincipal | null> {
  const [user] = await sql<{ id: number; login: string; site_admin: boolean }[]>`
    SELECT id, login, site_admin FROM accounts WHERE id = ${enabler.userId}`;
  if (!user) return null;
  const base = {
    kind: 'token' as const,
    tokenId: 0,
    user: { id: Number(user.id), login: user.login, siteAdmin: user.site_admin },
    expiresAt: null,
  };
  if (enabler.installationId === null)
    return { ...base, tokenKind: 'personal', scopes: ['repo', 'workflow'], installation: null };
  const [row] = await sql<GrantRow[]>`
    SELECT i.id AS installation_id, i.app_id, i.account_id, i.permissions AS installation_permissions,
           i.permissions AS token_permissions, NULL::bigint[] AS token_repository_ids,
           CASE WHEN i.repository_selection = 'selected' THEN
             ARRAY(SELECT repository_id FROM installation_repositories WHERE installation_id = i.id)
           END AS installation_repository_ids
    FROM installations i WHERE i.id = ${enabler.installationId}`;
  if (!row) return null;
  return { ...base, tokenKind: 'installation', scopes: [], installation: buildGrant(row) };
}
