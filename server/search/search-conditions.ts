// The qualifiers of a parsed issue search as SQL conditions on `i` (issues)
// and `r` (repositories), after the names they give were resolved to ids.
import type { Fragment } from 'postgres';
import type { Sql } from '../db/database.js';
import { mentions } from '../issues/issue-list.js';
import type { IssueSearchQuery, Qualified } from './search-query.js';

export interface Resolved {
  repositoryIds: number[];
  ownerIds: number[];
  /** Account ids by lower-cased login (author:, assignee:). */
  accounts: Map<string, number>;
  /** Whether issue_labels exists (labels on issues land with migration 014). */
  labels: boolean;
}

const not = (sql: Sql, negated: boolean, condition: Fragment) => (negated ? sql`NOT ${condition}` : condition);

function labelled(sql: Sql, resolved: Resolved, label: Qualified<string[]>): Fragment {
  // Without the table no issue has a label: `label:x` matches none, `-label:x` all.
  if (!resolved.labels) return label.negated ? sql`TRUE` : sql`FALSE`;
  const names = label.value.map((name) => name.toLowerCase());
  return not(sql, label.negated, sql`EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id
    WHERE il.issue_id = i.id AND lower(l.name) = ANY(${names}))`);
}

export function qualifierConditions(sql: Sql, q: IssueSearchQuery, resolved: Resolved): Fragment[] {
  const where: Fragment[] = [];
  const id = (login: string) => resolved.accounts.get(login.toLowerCase())!;
  if (q.repos.length > 0) where.push(sql`i.repository_id = ANY(${resolved.repositoryIds})`);
  if (q.owners.length > 0) where.push(sql`r.owner_id = ANY(${resolved.ownerIds})`);
  if (q.state) where.push(sql`i.state = ${q.state}`);
  // No pull requests exist yet: is:pr (and is:merged/unmerged) find nothing,
  // is:issue everything. With pull requests, an issue row with a
  // pull_requests row is a pull request, and these become EXISTS / NOT EXISTS.
  if (q.kind === 'pr' || q.pullRequestsOnly) where.push(sql`FALSE`);
  if (q.visibility) where.push(q.visibility === 'private' ? sql`r.private` : sql`NOT r.private`);
  if (q.locked !== undefined) where.push(sql`i.locked = ${q.locked}`);
  for (const label of q.labels) where.push(labelled(sql, resolved, label));
  for (const author of q.authors) where.push(not(sql, author.negated, sql`i.user_id IS NOT DISTINCT FROM ${id(author.value)}`));
  for (const assignee of q.assignees) {
    where.push(not(sql, assignee.negated, sql`EXISTS (SELECT 1 FROM issue_assignees sa WHERE sa.issue_id = i.id AND sa.user_id = ${id(assignee.value)})`));
  }
  for (const mention of q.mentions) where.push(not(sql, mention.negated, mentions(sql, mention.value)));
  if (q.missing.has('assignee')) where.push(sql`NOT EXISTS (SELECT 1 FROM issue_assignees na WHERE na.issue_id = i.id)`);
  if (q.missing.has('label') && resolved.labels) where.push(sql`NOT EXISTS (SELECT 1 FROM issue_labels nl WHERE nl.issue_id = i.id)`);
  // no:milestone: issues carry no milestone yet, so every issue has none.
  return where;
}

/**
 * Free text: the issue's vector (only the title's or body's lexemes with
 * `in:title` / `in:body`) or, with `in:comments`, a comment's. The plain
 * `@@` on the whole vector stays in front so its GIN index finds the rows.
 */
export function textMatch(sql: Sql, q: IssueSearchQuery, tsquery: Fragment): { where: Fragment; rank: Fragment } {
  const fields = q.in ?? new Set(['title', 'body']);
  const title = fields.has('title');
  const body = fields.has('body');
  const vector = title && body ? sql`i.search_vector`
    : title ? sql`ts_filter(i.search_vector, '{a}')`
    : body ? sql`ts_filter(i.search_vector, '{b}')` : undefined;
  const inIssue = vector === undefined ? sql`FALSE`
    : title && body ? sql`i.search_vector @@ ${tsquery}` : sql`(i.search_vector @@ ${tsquery} AND ${vector} @@ ${tsquery})`;
  const issueRank = vector === undefined ? sql`0` : sql`ts_rank(${vector}, ${tsquery})`;
  if (!fields.has('comments')) return { where: inIssue, rank: issueRank };
  const inComments = sql`EXISTS (SELECT 1 FROM issue_comments sc WHERE sc.issue_id = i.id AND sc.search_vector @@ ${tsquery})`;
  // A comment's hit counts for less than the issue's own text.
  const commentRank = sql`COALESCE((SELECT max(ts_rank(sc.search_vector, ${tsquery})) FROM issue_comments sc
    WHERE sc.issue_id = i.id AND sc.search_vector @@ ${tsquery}), 0) / 2`;
  return { where: sql`(${inIssue} OR ${inComments})`, rank: sql`(${issueRank} + ${commentRank})` };
}
