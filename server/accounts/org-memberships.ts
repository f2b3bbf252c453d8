// Organization memberships as GraphQL reads them (User.organizations,
// User.organization, Organization.membersWithRole, viewerIsAMember…): only the
// memberships the caller may see (access/account-listing-sql.ts), a page and
// its count per statement pair.
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { seenMemberships } from '../access/account-listing-sql.js';
import type { AccountRow } from '../repos/accounts-store.js';

export type OrgRole = 'admin' | 'member';

export interface Window {
  offset: number;
  limit: number;
  /** Counted from the end (GraphQL's `last` without `before`): the offset is placed once the count is known. */
  fromEnd: boolean;
}

/** Where a page starts: `window.offset`, or `limit` rows before the end. */
const startOf = (window: Window, total: number) => (window.fromEnd ? Math.max(0, total - window.limit) : window.offset);

type Member = AccountRow & { role: OrgRole };

/**
 * One side of the memberships the caller sees: the organizations of a user
 * (`of: 'user'`) or the members of an organization (`of: 'org'`), each account
 * with the membership's role, by account id; a page and the count.
 */
async function membershipPage(
  sql: Sql,
  principal: Principal,
  of: 'user' | 'org',
  id: number,
  window: Window,
): Promise<{ rows: Member[]; total: number; offset: number }> {
  const seen = seenMemberships(sql, principal);
  const [key, other] = of === 'user' ? ['user_id', 'org_id'] : ['org_id', 'user_id'];
  const [count] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM (${seen}) m WHERE ${sql(`m.${key}`)} = ${id}`;
  const offset = startOf(window, count!.n);
  const rows =
    window.limit === 0
      ? []
      : await sql<Member[]>`SELECT a.*, m.role FROM (${seen}) m JOIN accounts a ON a.id = ${sql(`m.${other}`)}
          WHERE ${sql(`m.${key}`)} = ${id} ORDER BY a.id LIMIT ${window.limit} OFFSET ${offset}`;
  return { rows, total: count!.n, offset };
}

/** The organizations the user is a member of, as the caller may see them, by id. */
export const organizationsOf = (sql: Sql, principal: Principal, userId: number, window: Window) =>
  membershipPage(sql, principal, 'user', userId, window);

/** The organization's members with their roles, as the caller may see them, by account id. */
export const membersOf = (sql: Sql, principal: Principal, orgId: number, window: Window) =>
  membershipPage(sql, principal, 'org', orgId, window);

/** Whether the caller may see that the user is a member of the organization. */
export async function membershipSeen(sql: Sql, principal: Principal, orgId: number, userId: number): Promise<boolean> {
  const [row] = await sql`SELECT 1 FROM (${seenMemberships(sql, principal)}) m
    WHERE m.org_id = ${orgId} AND m.user_id = ${userId}`;
  return row !== undefined;
}
