// Running an issue search: the names in q resolved (each must name something
// the caller may search, or 422 as GitHub), then one statement for the page,
// its scores and, through a window function, the total.
import type { Fragment } from 'postgres';
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { SELECT_ISSUE_PAGE, withPeople, type IssuePageRow, type IssueRow } from '../issues/issue-rows.js';
import { qualifierConditions, textMatch, type Resolved } from './search-conditions.js';
import { notSearchable, type IssueSearchQuery } from './search-query.js';
import { readableRepositories } from './search-visibility.js';

export type SearchSort = 'comments' | 'created' | 'updated' | 'reactions' | 'interactions' | `reactions-${string}`;

export interface SearchOptions { sort?: SearchSort; order?: 'asc' | 'desc'; limit: number; offset: number }

export interface SearchHit { issue: IssueRow; score: number }

// Whether issue_labels exists: the table comes with another migration (014),
// and a search must not fail where it is missing. Once found it stays (a
// pool's database only gains migrations); until then it is asked each time.
const withLabels = new WeakSet<Sql>();
async function hasIssueLabels(sql: Sql): Promise<boolean> {
  if (withLabels.has(sql)) return true;
  const [row] = await sql<{ found: boolean }[]>`SELECT to_regclass('issue_labels') IS NOT NULL AS found`;
  if (row!.found) withLabels.add(sql);
  return row!.found;
}

async function resolve(sql: Sql, q: IssueSearchQuery, visible: Fragment): Promise<Resolved> {
  const logins = [...q.owners, ...[...q.authors, ...q.assignees, ...q.mentions].map((x) => x.value)].map((l) => l.toLowerCase());
  const accounts = new Map<string, number>();
  if (logins.length > 0) {
    const rows = await sql<{ id: number; login: string }[]>`SELECT id, lower(login) AS login FROM accounts WHERE lower(login) = ANY(${logins})`;
    for (const row of rows) accounts.set(row.login, Number(row.id));
    if (logins.some((login) => !accounts.has(login))) throw notSearchable();
  }
  let repositoryIds: number[] = [];
  if (q.repos.length > 0) {
    const wanted = new Set(q.repos.map((r) => `${r.owner}/${r.name}`.toLowerCase()));
    const rows = await sql<{ id: number; full_name: string }[]>`
      SELECT r.id, lower(o.login || '/' || r.name) AS full_name FROM repositories r JOIN accounts o ON o.id = r.owner_id
      WHERE lower(o.login || '/' || r.name) = ANY(${[...wanted]}) AND ${visible}`;
    if (rows.length < wanted.size) throw notSearchable();
    repositoryIds = rows.map((row) => Number(row.id));
  }
  const ownerIds = q.owners.map((login) => accounts.get(login.toLowerCase())!);
  return { repositoryIds, ownerIds, accounts, labels: await hasIssueLabels(sql) };
}

function order(sql: Sql, o: SearchOptions): Fragment {
  const desc = (o.order ?? 'desc') === 'desc';
  const by = (column: Fragment) => (desc ? sql`${column} DESC, i.id DESC` : sql`${column} ASC, i.id ASC`);
  switch (o.sort) {
    case 'created': return by(sql`i.created_at`);
    case 'updated': return by(sql`i.updated_at`);
    // Interactions are comments plus reactions, and nobody can react yet.
    case 'comments': case 'interactions': return by(sql`i.comments`);
    // Best match; also the reaction sorts, while every count is zero.
    default: return sql`score DESC, i.created_at DESC, i.id DESC`;
  }
}

const and = (sql: Sql, parts: Fragment[]) => parts.reduce((acc, part) => sql`${acc} AND ${part}`, sql`TRUE`);

export async function searchIssues(sql: Sql, principal: Principal, q: IssueSearchQuery, o: SearchOptions): Promise<{ hits: SearchHit[]; total: number }> {
  const visible = readableRepositories(sql, principal);
  const resolved = await resolve(sql, q, visible);
  const parts = [visible, sql`r.has_issues`, ...qualifierConditions(sql, q, resolved)];
  let score = sql`1::real`;
  // Only stop words (`the`, `a`): no lexeme to look for, so no text condition.
  const [lexemes] = q.text === '' ? [{ n: 0 }] : await sql<{ n: number }[]>`SELECT numnode(websearch_to_tsquery('english', ${q.text})) AS n`;
  if (lexemes!.n > 0) {
    const text = textMatch(sql, q, sql`websearch_to_tsquery('english', ${q.text})`);
    parts.push(text.where);
    score = text.rank;
  }
  const where = and(sql, parts);
  const page = await sql<(IssuePageRow & { score: number })[]>`
    ${SELECT_ISSUE_PAGE(sql, sql`, ${score} AS score`)} WHERE ${where}
    ORDER BY ${order(sql, o)} LIMIT ${o.limit} OFFSET ${o.offset}`;
  const issues = await withPeople(sql, page);
  const hits = issues.map((issue, index) => ({ issue, score: Number(page[index]!.score) }));
  if (page.length > 0 || o.offset === 0) return { hits, total: Number(page[0]?.total ?? 0) };
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM issues i JOIN repositories r ON r.id = i.repository_id WHERE ${where}`;
  return { hits, total: row!.n };
}
