// The memberships a list shows, as a subquery for `FROM (…) m` (org_id,
// user_id, role, public): all of them, for callers who may see private
// memberships (organization-standing.ts decides who), or the public ones.
import type { Fragment } from 'postgres';
import type { Sql, TransactionSql } from '../db/database.js';

export function listedMemberships(sql: Sql | TransactionSql, all: boolean): Fragment {
  return sql`SELECT m.org_id, m.user_id, m.role, m.public FROM org_members m WHERE (${all} OR m.public)`;
}

export interface MembershipRow {
  role: 'admin' | 'member';
  public: boolean;
}

/** The user's membership in the organization, or null; `forUpdate` locks its row for the transaction's change. */
export async function membershipOf(
  sql: Sql | TransactionSql,
  orgId: number,
  userId: number,
  forUpdate = false,
): Promise<MembershipRow | null> {
  const [row] = await sql<MembershipRow[]>`
    SELECT role, public FROM org_members WHERE org_id = ${orgId} AND user_id = ${userId}
    ${forUpdate ? sql`FOR UPDATE` : sql``}`;
  return row ?? null;
}

/** How many owners (role admin) the organization has: the last one may not go. */
export async function ownerCount(sql: Sql | TransactionSql, orgId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM org_members WHERE org_id = ${orgId} AND role = 'admin'`;
  return row!.n;
}
