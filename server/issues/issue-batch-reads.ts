// Issues read for many parents in one statement each, as the GraphQL loaders
// ask them (a tick's requests batched into one call): by id or number, a page
// of issues per repository, label, milestone or author (pull requests left out, as
// GitHub's `issue(number)` and `issues`), the assignees, labels and pins of
// many issues. Rows are IssueColumns: people and labels come through their
// own batch reads, so a page costs the same few statements whatever it selects.
import type { Fragment } from 'postgres';
import type { Principal } from '../auth/principal.js';
import { readableAuthored } from '../access/authored-visibility-sql.js';
import type { Sql } from '../db/database.js';
import { rankedPages, type Page, type RowWindow } from '../db/ranked-pages.js';
import { canMatchText } from '../db/text-values.js';
import type { LabelRow } from '../labels/labels-store.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { ISSUE_OWN_COLUMNS, type IssueColumns } from './issue-columns.js';
import { mentions } from './issue-list.js';

export interface IssuePageRequest {
  window: RowWindow;
  states: ('open' | 'closed')[];
  orderBy: 'CREATED_AT' | 'UPDATED_AT' | 'COMMENTS';
  direction: 'ASC' | 'DESC';
  /** A login, `*` for any assignee, null for none, undefined for no filter. */
  assignee?: string | null;
  createdBy?: string;
  /** A login: issues whose body or comments @-mention it (REST's `mentioned`). */
  mentioned?: string;
  since?: string;
  /** Label names (any case): an issue carrying any of them matches, as GitHub's `labels` argument; null for no filter. */
  labels: string[] | null;
}

const ORDER_COLUMN = { CREATED_AT: 'i.created_at', UPDATED_AT: 'i.updated_at', COMMENTS: 'i.comments' } as const;

export async function issuesByIds(sql: Sql, ids: readonly number[]): Promise<Map<number, IssueColumns>> {
  const rows = await sql<
    IssueColumns[]
  >`SELECT ${sql.unsafe(ISSUE_OWN_COLUMNS)} FROM issues i WHERE i.id = ANY(${ids as number[]})`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** Keys naming issues by repository and number, as `k(repository_id, number)` to join; null when none can name one. */
export function numberKeys(sql: Sql, keys: readonly { repositoryId: number; number: number }[]) {
  // Numbers beyond integer range name no issue (and must not become a database error).
  const valid = keys.filter((key) => Number.isSafeInteger(key.number) && key.number >= 1 && key.number <= 2147483647);
  if (valid.length === 0) return null;
  return sql`unnest(${valid.map((key) => key.repositoryId)}::bigint[], ${valid.map((key) => key.number)}::int[]) AS k(repository_id, number)`;
}

export async function issuesByNumbers(
  sql: Sql,
  keys: readonly { repositoryId: number; number: number }[],
): Promise<Map<string, IssueColumns>> {
  const keyed = numberKeys(sql, keys);
  if (keyed === null) return new Map();
  const rows = await sql<IssueColumns[]>`SELECT ${sql.unsafe(ISSUE_OWN_COLUMNS)} FROM issues i
    JOIN ${keyed} ON i.repository_id = k.repository_id AND i.number = k.number
    WHERE NOT EXISTS (SELECT 1 FROM pull_requests p WHERE p.issue_id = i.id)`;
  return new Map(rows.map((row) => [`${row.repository_id}:${row.number}`, row]));
}

/**
 * Whose issues (or pull requests) a page lists: a repository's, a label's
 * (through issue_labels), a milestone's, or an author's across repositories,
 * cut to what `reader` may read (access/authored-visibility-sql.ts).
 */
export type IssueParent = 'repository' | 'label' | 'milestone' | { authorReadBy: Principal };

const PARENT_COLUMN = {
  repository: 'i.repository_id',
  label: 'il_parent.label_id',
  milestone: 'i.milestone_id',
  author: 'i.user_id',
} as const;

/** The parent's column, the tables to read (`base`: issues `i`, or pull requests joined to theirs) and what the reader may see of them. */
export function parentScope(sql: Sql, parent: IssueParent, base: Fragment, kind: 'issues' | 'pull_requests') {
  if (typeof parent === 'object') {
    return {
      column: PARENT_COLUMN.author,
      from: sql`${base} JOIN repositories r ON r.id = i.repository_id`,
      visible: readableAuthored(sql, parent.authorReadBy, kind),
    };
  }
  const from = parent === 'label' ? sql`${base} JOIN issue_labels il_parent ON il_parent.issue_id = i.id` : base;
  return { column: PARENT_COLUMN[parent], from, visible: sql`TRUE` };
}

/** Carrying any of these label names (any case), as GitHub's `labels` argument (alias `i`). */
export const anyLabel = (sql: Sql, labels: string[]) =>
  sql`EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id AND lower(l.name) = ANY(${labels.map((name) => name.toLowerCase())}))`;

/** Pages of issue-shaped rows (alias `i`: issues or pull requests) per parent (its column), in the request's order and window. */
export function rankedIssuePages<T extends object>(
  sql: Sql,
  columns: string,
  from: Fragment,
  where: Fragment,
  parentColumnName: string,
  parentIds: readonly number[],
  request: Pick<IssuePageRequest, 'window' | 'orderBy' | 'direction'>,
): Promise<Map<number, Page<T>>> {
  const parentColumn = sql.unsafe(parentColumnName);
  // Read from the end: the order reversed, reversed back by rankedPages.
  const descending = (request.direction === 'DESC') !== request.window.fromEnd;
  const dir = sql.unsafe(descending ? 'DESC' : 'ASC');
  const select = sql`SELECT ${sql.unsafe(columns)}, ${parentColumn} AS parent_id,
      row_number() OVER (PARTITION BY ${parentColumn} ORDER BY ${sql.unsafe(ORDER_COLUMN[request.orderBy])} ${dir}, i.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY ${parentColumn})::int AS total
    FROM ${from} WHERE ${where}`;
  return rankedPages<T & { [key: string]: unknown }>(sql, 'parent_id', parentIds, request.window, select, true);
}

export async function issuePages(
  sql: Sql,
  parentIds: readonly number[],
  request: IssuePageRequest,
  parent: IssueParent = 'repository',
): Promise<Map<number, Page<IssueColumns>>> {
  // Stored logins hold no NUL (db/text-values.ts): such a filter matches nothing rather than failing the query.
  const unmatchable = [request.createdBy, request.assignee, request.mentioned].some(
    (value) => typeof value === 'string' && !canMatchText(value),
  );
  if (unmatchable || request.labels?.some((name) => !canMatchText(name)))
    return new Map(parentIds.map((id) => [id, { rows: [], total: 0 }]));
  const scope = parentScope(sql, parent, sql`issues i`, 'issues');
  // GitHub's issue lists leave pull requests out (they have their own: pulls/pull-batch-reads.ts).
  const conditions = [
    sql`${sql.unsafe(scope.column)} = ANY(${parentIds as number[]})`,
    scope.visible,
    sql`i.state = ANY(${request.states})`,
    sql`NOT EXISTS (SELECT 1 FROM pull_requests p WHERE p.issue_id = i.id)`,
  ];
  if (request.createdBy !== undefined)
    conditions.push(sql`i.user_id = (SELECT id FROM accounts WHERE lower(login) = lower(${request.createdBy}))`);
  if (request.labels) conditions.push(anyLabel(sql, request.labels));
  if (request.mentioned !== undefined) conditions.push(mentions(sql, request.mentioned));
  if (request.since !== undefined) conditions.push(sql`i.updated_at >= ${request.since}::timestamptz`);
  if (request.assignee === '*')
    conditions.push(sql`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id)`);
  else if (request.assignee === null)
    conditions.push(sql`NOT EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id)`);
  else if (request.assignee !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM issue_assignees ia JOIN accounts a ON a.id = ia.user_id WHERE ia.issue_id = i.id AND lower(a.login) = lower(${request.assignee}))`,
    );
  }
  const where = conditions.reduce((all, condition) => sql`${all} AND ${condition}`);
  return rankedIssuePages<IssueColumns>(sql, ISSUE_OWN_COLUMNS, scope.from, where, scope.column, parentIds, request);
}

/** Every assignee of each issue, in the order they were assigned (GitHub caps them at ten). */
export async function assigneesOfIssues(sql: Sql, issueIds: readonly number[]): Promise<Map<number, AccountRow[]>> {
  const rows = await sql<(AccountRow & { issue_id: number })[]>`SELECT a.*, ia.issue_id FROM issue_assignees ia
    JOIN accounts a ON a.id = ia.user_id WHERE ia.issue_id = ANY(${issueIds as number[]}) ORDER BY ia.issue_id, ia.created_at, a.id`;
  const found = new Map<number, AccountRow[]>(issueIds.map((id) => [id, []]));
  for (const { issue_id, ...account } of rows) found.get(issue_id)!.push(account);
  return found;
}

/** The labels of many issues, each issue's by name (as REST orders them). */
export async function labelsOfIssues(sql: Sql, issueIds: readonly number[]): Promise<Map<number, LabelRow[]>> {
  const rows = await sql<
    (LabelRow & { issue_id: number })[]
  >`SELECT l.id, l.repository_id, l.name, l.color, l.description, l.is_default,
      l.created_at, l.updated_at, il.issue_id
    FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = ANY(${issueIds as number[]})
    ORDER BY il.issue_id, lower(l.name), l.id`;
  const found = new Map<number, LabelRow[]>(issueIds.map((id) => [id, []]));
  for (const { issue_id, ...label } of rows) found.get(issue_id)!.push(label);
  return found;
}

/** The issues among `issueIds` pinned to their repository. */
export async function pinnedAmong(sql: Sql, issueIds: readonly number[]): Promise<Set<number>> {
  const rows = await sql<
    { issue_id: number }[]
  >`SELECT issue_id FROM issue_pins WHERE issue_id = ANY(${issueIds as number[]})`;
  return new Set(rows.map((row) => row.issue_id));
}
