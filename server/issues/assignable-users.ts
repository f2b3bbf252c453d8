// Who may be assigned to the issues of many repositories, by the same rule as
// REST's GET …/assignees and the assignee checks (assignees.ts: the owner, push
// collaborators, admins of the owning organization), by login; `query` narrows
// to logins or names containing it (any case). One statement for every
// repository (GraphQL's `Repository.assignableUsers` loader).
import type { Sql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { assignableIn } from './assignees.js';

export async function assignableUsersOf(
  sql: Sql,
  repositoryIds: readonly number[],
  query: string,
): Promise<Map<number, AccountRow[]>> {
  const found = new Map<number, AccountRow[]>(repositoryIds.map((id) => [id, []]));
  if (!canMatchText(query)) return found;
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await sql<(AccountRow & { for_repository: number })[]>`
    SELECT a.*, r.id AS for_repository FROM repositories r JOIN accounts a ON ${assignableIn(sql, sql`r.id`, sql`r.owner_id`)}
    WHERE r.id = ANY(${repositoryIds as number[]}) AND (${query} = '' OR a.login ILIKE ${pattern} OR a.name ILIKE ${pattern})
    ORDER BY r.id, lower(a.login)`;
  for (const { for_repository, ...account } of rows) found.get(for_repository)!.push(account as AccountRow);
  return found;
}
