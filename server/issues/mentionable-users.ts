// Who may be @mentioned in a repository (GraphQL's `Repository.mentionableUsers`):
// the people holding a grant on it (access/grant-holders-sql.ts: the owner,
// collaborators, members of the owning organization) and its participants
// (authors of its issues and pull requests and of their comments), each once,
// by login. `query` narrows to logins or names containing it (any case). The
// page is cut in SQL, so a large organization costs one page of rows.
import type { Sql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import { holdsGrantIn } from '../access/grant-holders-sql.js';
import { likeEscaped } from '../access/repository-grantees.js';
import type { AccountRow } from '../repos/accounts-store.js';

export interface MentionablePage {
  rows: AccountRow[];
  total: number;
  /** Where the page starts (a page counted from the end is placed once the total is known). */
  offset: number;
}

export async function mentionableUsersOf(
  sql: Sql,
  repo: { id: number; owner_id: number },
  query: string,
  page: { limit: number; offset: number; fromEnd: boolean },
): Promise<MentionablePage> {
  if (!canMatchText(query)) return { rows: [], total: 0, offset: 0 };
  const pattern = `%${likeEscaped(query)}%`;
  const mentionable = sql`
    SELECT a.* FROM accounts a
    WHERE a.kind = 'User'
      AND (${query} = '' OR a.login ILIKE ${pattern} OR a.name ILIKE ${pattern})
      AND (${holdsGrantIn(sql, repo.id, repo.owner_id)}
        OR a.id IN (SELECT user_id FROM issues WHERE repository_id = ${repo.id}
                    UNION SELECT user_id FROM issue_comments WHERE repository_id = ${repo.id}))`;
  const [counted] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM (${mentionable}) m`;
  const total = counted?.n ?? 0;
  const offset = page.fromEnd ? Math.max(0, total - page.limit) : page.offset;
  if (page.limit === 0) return { rows: [], total, offset };
  const rows = await sql<AccountRow[]>`
    SELECT * FROM (${mentionable}) m ORDER BY lower(login) LIMIT ${page.limit} OFFSET ${offset}`;
  return { rows, total, offset };
}
