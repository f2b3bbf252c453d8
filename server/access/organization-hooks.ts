// Who may manage an organization's webhooks: its owners (role `admin`) and
// site admins, with a user token; an installation token of an app installed
// on that organization (the pipeline has already checked its
// `organization_hooks` permission). Everyone else is refused as if the
// organization had no hooks (404), as GitHub answers non-owners.
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { rolesIn } from './organization-roles.js';

export async function mayManageOrganizationHooks(sql: Sql, principal: Principal, orgId: number): Promise<boolean> {
  if (principal.kind !== 'token') return false;
  if (principal.installation) return principal.installation.accountId === orgId;
  if (principal.user.siteAdmin) return true;
  return (await rolesIn(sql, principal.user.id, [orgId])).get(orgId) === 'admin';
}
