// Running an issue search: the names in q resolved (each must name something
// the caller may search, or 422 as GitHub), then one statement for the page,
// its scores and, through a window function, the total.
import type { Fragment } from 'postgres';
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { SELECT_ISSUE_PAGE, withPeople, type IssuePageRow, type IssueRow } from '../issues/issue-rows.js';
import { qualifierConditions, type Resolved } from './search-conditions.js';
import { notSearchable } from './search-errors.js';
import { searchOrder, type SearchSort } from './search-order.js';
import type { IssueSearchQuery } from './search-query.js';
import { textMatch } from './search-text.js';
import { readableKinds, readableRepositories } from '../access/search-visibility-sql.js';

export type { SearchSort } from './search-order.js';

export interface SearchOptions {
  sort?: SearchSort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface SearchHit {
  issue: IssueRow;
  score: number;
}

const ME = '@me';

/** Every login q names, lower-cased (`@me` included; not `assignee:*`, which is anyone). */
const namesOf = (q: IssueSearchQuery) =>
  [
    ...q.owners,
    ...q.authors,
    ...q.assignees.filter((a) => a.value !== '*'),
    ...q.mentions,
    ...q.commenters,
    ...q.involves,
    ...q.reviewRequested,
  ].map((x) => x.value);

async function resolve(sql: Sql, principal: Principal, q: IssueSearchQuery, visible: Fragment): Promise<Resolved> {
  const accounts = new Map<string, number>();
  let me: string | undefined;
  const names = namesOf(q);
  if (names.includes(ME)) {
    // `@me` is the caller; an anonymous caller is nobody to search for.
    if (principal.kind !== 'token') throw notSearchable();
    accounts.set(ME, principal.user.id);
    me = principal.user.login;
  }
  const logins = [...new Set(names.filter((login) => login !== ME))];
  if (logins.length > 0) {
    const rows = await sql<
      { id: number; login: string }[]
    >`SELECT id, lower(login) AS login FROM accounts WHERE lower(login) = ANY(${logins})`;
    for (const row of rows) accounts.set(row.login, Number(row.id));
    if (logins.some((login) => !accounts.has(login))) throw notSearchable();
  }
  const repositories = new Map<string, number>();
  if (q.repos.length > 0) {
    const wanted = new Set(q.repos.map(({ value: r }) => `${r.owner}/${r.name}`.toLowerCase()));
    const rows = await sql<{ id: number; full_name: string }[]>`
      SELECT r.id, lower(o.login || '/' || r.name) AS full_name FROM repositories r JOIN accounts o ON o.id = r.owner_id
      WHERE lower(o.login || '/' || r.name) = ANY(${[...wanted]}) AND ${visible}`;
    if (rows.length < wanted.size) throw notSearchable();
    for (const row of rows) repositories.set(row.full_name, Number(row.id));
  }
  return { repositories, accounts, ...(me === undefined ? {} : { me }) };
}

const and = (sql: Sql, parts: Fragment[]) => parts.reduce((acc, part) => sql`${acc} AND ${part}`, sql`TRUE`);

/** The WHERE of a search (visibility, qualifiers, text) and each row's score, on `i` (issues) and `r` (repositories). */
export interface SearchFilter {
  where: Fragment;
  score: Fragment;
}

/** What q asks, as SQL: its names resolved first (422 for one the caller may not search), as REST and GraphQL both search. */
export async function searchFilter(sql: Sql, principal: Principal, q: IssueSearchQuery): Promise<SearchFilter> {
  const visible = readableRepositories(sql, principal);
  const resolved = await resolve(sql, principal, q, visible);
  const parts = [visible, readableKinds(sql, principal), sql`r.has_issues`, ...qualifierConditions(sql, q, resolved)];
  let score = sql`1::real`;
  // Only stop words (`the`, `a`): no lexeme to look for, so no text condition.
  const [lexemes] =
    q.text === ''
      ? [{ n: 0 }]
      : await sql<{ n: number }[]>`SELECT numnode(websearch_to_tsquery('english', ${q.text})) AS n`;
  if (lexemes!.n > 0) {
    const text = textMatch(sql, q, sql`websearch_to_tsquery('english', ${q.text})`);
    parts.push(text.where);
    score = text.rank;
  }
  return { where: and(sql, parts), score };
}

/** How many issues a filter matches (for a page past the end, where the page's window count has no row to ride on). */
export async function countMatches(sql: Sql, { where }: SearchFilter): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM issues i JOIN repositories r ON r.id = i.repository_id WHERE ${where}`;
  return row!.n;
}

export async function searchIssues(
  sql: Sql,
  principal: Principal,
  q: IssueSearchQuery,
  o: SearchOptions,
): Promise<{ hits: SearchHit[]; total: number }> {
  const filter = await searchFilter(sql, principal, q);
  const page = await sql<(IssuePageRow & { score: number })[]>`
    ${SELECT_ISSUE_PAGE(sql, sql`, ${filter.score} AS score`)} WHERE ${filter.where}
    ORDER BY ${searchOrder(sql, o.sort, o.order)} LIMIT ${o.limit} OFFSET ${o.offset}`;
  const issues = await withPeople(sql, page);
  const hits = issues.map((issue, index) => ({ issue, score: Number(page[index]!.score) }));
  if (page.length > 0 || o.offset === 0) return { hits, total: Number(page[0]?.total ?? 0) };
  return { hits, total: await countMatches(sql, filter) };
}
