// The memberships a list shows, as a subquery for `FROM (…) m` (org_id,
// user_id, role, public): all of them, for callers who may see private
// memberships (organization-standing.ts decides who), or the public ones.
import type { Fragment } from 'postgres';
import type { Sql, TransactionSql } from '../db/database.js';

export function listedMemberships(sql: Sql | TransactionSql, all: boolean): Fragment {
  return sql`SELECT m.org_id, m.user_id, m.role, m.public FROM org_members m WHERE (${all} OR m.public)`;
}
