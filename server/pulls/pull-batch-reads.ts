// Pull requests read for many parents in one statement each, as the GraphQL
// loaders ask them (a tick's requests batched into one call): by issue id, by
// repository and number, and a page of pull requests per repository, label or
// milestone, filtered by state, head and base branch and labels.
import type { Sql } from '../db/database.js';
import type { Page, RowWindow } from '../db/ranked-pages.js';
import { canMatchText } from '../db/text-values.js';
import { anyLabel, numberKeys, parentScope, rankedIssuePages, type IssueParent } from '../issues/issue-batch-reads.js';
import { ISSUE_OWN_COLUMNS, type IssueColumns } from '../issues/issue-columns.js';
import { PULL_COLUMNS, type PullColumns } from './pull-rows.js';

/**
 * A pull request as the batch reads give it: its issue's own columns (a pull
 * request is an issue), REST's pull_requests columns (pull-rows.ts) and the
 * merger's id (REST reads the account with it). `issue_id` is left out on
 * purpose: GraphQL takes that key to mark a comment (reactions).
 */
export type PullIssueColumns = IssueColumns & PullColumns & { merged_by_id: number | null };

export type PullState = 'OPEN' | 'CLOSED' | 'MERGED';

export interface PullPageRequest {
  window: RowWindow;
  /** GitHub's states: OPEN, CLOSED (closed without a merge) and MERGED. */
  states: PullState[];
  orderBy: 'CREATED_AT' | 'UPDATED_AT' | 'COMMENTS';
  direction: 'ASC' | 'DESC';
  headRefName: string | null;
  baseRefName: string | null;
  /** Label names (any case): a pull request carrying any of them matches; null for no filter. */
  labels: string[] | null;
}

/** The columns of PullIssueColumns, on `p` (pull_requests) and `i` (its issue). */
export const PULL_ISSUE_COLUMNS = `${ISSUE_OWN_COLUMNS}, ${PULL_COLUMNS}, p.merged_by_id`;
export async function pullsByIds(sql: Sql, ids: readonly number[]): Promise<Map<number, PullIssueColumns>> {
  const rows = await sql<
    PullIssueColumns[]
  >`SELECT ${sql.unsafe(PULL_ISSUE_COLUMNS)} FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.issue_id = ANY(${ids as number[]})`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** The merged pull requests of a repository whose merge (or squash, or last rebased) commit is `sha` (an open one's is a test merge). */
export async function pullsByMergeCommit(sql: Sql, repositoryId: number, sha: string): Promise<PullIssueColumns[]> {
  return sql<
    PullIssueColumns[]
  >`SELECT ${sql.unsafe(PULL_ISSUE_COLUMNS)} FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE i.repository_id = ${repositoryId} AND p.merged_at IS NOT NULL AND p.merge_commit_sha = ${sha}`;
}

export async function pullsByNumbers(
  sql: Sql,
  keys: readonly { repositoryId: number; number: number }[],
): Promise<Map<string, PullIssueColumns>> {
  const keyed = numberKeys(sql, keys);
  if (keyed === null) return new Map();
  const rows = await sql<PullIssueColumns[]>`SELECT ${sql.unsafe(PULL_ISSUE_COLUMNS)} FROM issues i
    JOIN ${keyed} ON i.repository_id = k.repository_id AND i.number = k.number
    JOIN pull_requests p ON p.issue_id = i.id`;
  return new Map(rows.map((row) => [`${row.repository_id}:${row.number}`, row]));
}

function stateCondition(sql: Sql, states: PullState[]) {
  const wanted = new Set(states);
  if (wanted.size === 0 || wanted.size === 3) return sql`TRUE`;
  const parts = [];
  if (wanted.has('OPEN')) parts.push(sql`i.state = 'open'`);
  if (wanted.has('CLOSED')) parts.push(sql`(i.state = 'closed' AND p.merged_at IS NULL)`);
  if (wanted.has('MERGED')) parts.push(sql`p.merged_at IS NOT NULL`);
  return sql`(${parts.reduce((all, part) => sql`${all} OR ${part}`)})`;
}

export async function pullPages(
  sql: Sql,
  parentIds: readonly number[],
  request: PullPageRequest,
  parent: IssueParent = 'repository',
): Promise<Map<number, Page<PullIssueColumns>>> {
  // Stored names hold no NUL (db/text-values.ts): such a filter matches nothing rather than failing the query.
  const texts = [request.headRefName, request.baseRefName, ...(request.labels ?? [])];
  if (texts.some((value) => typeof value === 'string' && !canMatchText(value)))
    return new Map(parentIds.map((id) => [id, { rows: [], total: 0 }]));
  const scope = parentScope(sql, parent, sql`pull_requests p JOIN issues i ON i.id = p.issue_id`, 'pull_requests');
  const conditions = [
    sql`${sql.unsafe(scope.column)} = ANY(${parentIds as number[]})`,
    scope.visible,
    stateCondition(sql, request.states),
  ];
  if (request.headRefName !== null) conditions.push(sql`p.head_ref = ${request.headRefName}`);
  if (request.baseRefName !== null) conditions.push(sql`p.base_ref = ${request.baseRefName}`);
  if (request.labels) conditions.push(anyLabel(sql, request.labels));
  const where = conditions.reduce((all, condition) => sql`${all} AND ${condition}`);
  return rankedIssuePages<PullIssueColumns>(
    sql,
    PULL_ISSUE_COLUMNS,
    scope.from,
    where,
    scope.column,
    parentIds,
    request,
  );
}
