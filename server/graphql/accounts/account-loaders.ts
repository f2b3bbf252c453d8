// The viewer's role in the organizations a query names (viewerIsAMember,
// viewerCanAdminister on a page of organizations): one statement per tick.
import DataLoader from 'dataloader';
import type { Principal } from '../../auth/principal.js';
import type { Sql } from '../../db/database.js';
import type { OrgRole } from '../../accounts/org-memberships.js';
import { rolesIn } from '../../access/organization-roles.js';
import { viewingUser } from '../../access/account-listing-sql.js';

export interface AccountLoaders {
  /** The viewer's role in an organization; null when not a member (an installation is nobody). */
  viewerOrgRole: DataLoader<number, OrgRole | null>;
}

export function createAccountLoaders(sql: Sql, principal: Principal): AccountLoaders {
  const viewer = viewingUser(principal);
  return {
    viewerOrgRole: new DataLoader(async (orgIds) => {
      if (viewer === null) return orgIds.map(() => null);
      const roles = await rolesIn(sql, viewer.id, orgIds);
      return orgIds.map((id) => roles.get(id) ?? null);
    }),
  };
}
