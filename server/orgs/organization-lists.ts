// Organizations in lists: every organization by id (`GET /organizations`), and
// a user's organizations, all of them or their public memberships only
// (access/organization-standing.ts decides which).
import type { Sql } from '../db/database.js';
import { listedMemberships } from '../access/organization-memberships-sql.js';
import type { AccountRow } from '../repos/accounts-store.js';

/** Organizations with an id above `since`, by id; one more than `limit` tells whether a next page exists. */
export async function organizationsAfter(sql: Sql, since: number, limit: number): Promise<AccountRow[]> {
  return sql<AccountRow[]>`SELECT * FROM accounts WHERE kind = 'Organization' AND id > ${since}
    ORDER BY id LIMIT ${limit}`;
}

/** One page of the user's organizations (all, or public memberships only), by id, and their count. */
export async function organizationsOfUser(
  sql: Sql,
  userId: number,
  all: boolean,
  page: { limit: number; offset: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const listed = listedMemberships(sql, all);
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM (${listed}) m WHERE m.user_id = ${userId}`;
  const rows = await sql<AccountRow[]>`SELECT a.* FROM (${listed}) m JOIN accounts a ON a.id = m.org_id
    WHERE m.user_id = ${userId} ORDER BY a.id LIMIT ${page.limit} OFFSET ${page.offset}`;
  return { rows, total: count!.n };
}
