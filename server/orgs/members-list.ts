// An organization's members as its lists show them (`GET /orgs/{org}/members`,
// `…/public_members`), by id; and a user's memberships with their pending
// invitations (`GET /user/memberships/orgs`).
import { listedMemberships } from '../access/organization-memberships-sql.js';
import type { Sql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { MembershipRole } from './memberships.js';

export async function membersPage(
  sql: Sql,
  orgId: number,
  options: { all: boolean; role: 'all' | 'admin' | 'member'; limit: number; offset: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const where = sql`m.org_id = ${orgId} AND (${options.role} = 'all' OR m.role = ${options.role})`;
  const listed = listedMemberships(sql, options.all);
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM (${listed}) m WHERE ${where}`;
  const rows = await sql<AccountRow[]>`SELECT a.* FROM (${listed}) m JOIN accounts a ON a.id = m.user_id
    WHERE ${where} ORDER BY a.id LIMIT ${options.limit} OFFSET ${options.offset}`;
  return { rows, total: count!.n };
}

export interface UserMembership {
  org: AccountRow;
  state: 'active' | 'pending';
  role: MembershipRole;
}

/** The user's active memberships and pending invitations, by organization id, filtered by state. */
export async function membershipsOfUser(
  sql: Sql,
  userId: number,
  state: 'active' | 'pending' | null,
  page: { limit: number; offset: number },
): Promise<{ rows: UserMembership[]; total: number }> {
  const all = sql`
    SELECT m.org_id, 'active' AS state, m.role FROM (${listedMemberships(sql, true)}) m WHERE m.user_id = ${userId}
    UNION ALL
    SELECT i.org_id, 'pending', CASE WHEN i.role = 'admin' THEN 'admin' ELSE 'member' END FROM org_invitations i
    WHERE i.invitee_id = ${userId} AND i.expires_at > now()`;
  const where = sql`(${state}::text IS NULL OR s.state = ${state})`;
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM (${all}) s WHERE ${where}`;
  const rows = await sql<(AccountRow & { membership_state: 'active' | 'pending'; membership_role: MembershipRole })[]>`
    SELECT a.*, s.state AS membership_state, s.role AS membership_role FROM (${all}) s JOIN accounts a ON a.id = s.org_id
    WHERE ${where} ORDER BY a.id LIMIT ${page.limit} OFFSET ${page.offset}`;
  return {
    rows: rows.map(({ membership_state, membership_role, ...org }) => ({
      org: org as AccountRow,
      state: membership_state,
      role: membership_role,
    })),
    total: count!.n,
  };
}
