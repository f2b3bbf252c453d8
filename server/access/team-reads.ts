// An organization's teams as a caller reads them outside REST (GraphQL):
// the standing team-access.ts decides with, where an installation needs its
// app's `members` permission (REST's team operations declare it in
// openapi.yaml) and without it stands as a stranger: it sees no team.
import type { Principal } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { satisfies } from './app-permission-levels.js';
import { type OrgStanding, orgStanding } from './team-access.js';

const STRANGER: OrgStanding = { userId: null, role: null, owner: false };

export async function teamReaderStanding(
  sql: Sql | TransactionSql,
  principal: Principal,
  orgId: number,
): Promise<OrgStanding> {
  const installation = principal.kind === 'token' ? principal.installation : null;
  if (installation && !satisfies(installation.permissions, { members: 'read' })) return STRANGER;
  return orgStanding(sql, principal, orgId);
}
