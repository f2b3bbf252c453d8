// Pull request reviews read for many pull requests in one statement each, as
// the GraphQL loaders ask them (a tick's requests batched): reviews by id, a
// page of each pull request's reviews (filtered by state and author), and the
// latest review of each reviewer. Another person's PENDING review is never
// read: it is its author's draft (GitHub shows it to nobody else), so
// visibility is part of every statement.
import type { Sql } from '../db/database.js';
import { rankedPages, type Page, type RowWindow } from '../db/ranked-pages.js';
import { canMatchText } from '../db/text-values.js';
import { authorAssociation } from '../access/author-association-sql.js';
import { visibleTo } from './comments/review-comment-rows.js';
import type { ReviewRow, ReviewState } from './review-rows.js';

/**
 * A review as GraphQL reads it: the store's columns (ReviewRow's types), the
 * pull request's number (for urls without reading the pull request), and
 * `node_type`, which tells it apart for Node and keeps it from being taken for
 * an IssueComment (whose mark is `issue_id`).
 */
export interface ReviewColumns
  extends Pick<
    ReviewRow,
    | 'id'
    | 'issue_id'
    | 'repository_id'
    | 'user_id'
    | 'state'
    | 'body'
    | 'commit_id'
    | 'submitted_at'
    | 'created_at'
    | 'updated_at'
    | 'author_association'
    | 'reaction_counts'
  > {
  node_type: 'PullRequestReview';
  pull_number: number;
}

export interface ReviewPageRequest {
  window: RowWindow;
  /** States asked for (sorted), null for all. */
  states: ReviewState[] | null;
  /** The author's login, null for anyone. */
  author: string | null;
}

/** ReviewColumns as a select list (aliases: rv reviews, i the pull request's issue, r its repository). */
const reviewColumns = (
  sql: Sql,
) => sql`'PullRequestReview' AS node_type, rv.id, rv.issue_id, rv.repository_id, i.number AS pull_number,
  rv.user_id, rv.state, rv.body, rv.commit_id, rv.submitted_at, rv.created_at, rv.updated_at, rv.reaction_counts,
  ${authorAssociation(sql, 'rv.user_id')} AS author_association`;

const FROM_REVIEWS =
  'pull_request_reviews rv JOIN issues i ON i.id = rv.issue_id JOIN repositories r ON r.id = rv.repository_id';

/** Submitted reviews, and the viewer's own pending one: REST's rule (review-comment-rows.ts visibleTo, alias rv). */
export const visibleReview = (sql: Sql, viewerId: number | null) => visibleTo(sql, viewerId);

export async function reviewsByIds(
  sql: Sql,
  ids: readonly number[],
  viewerId: number | null,
): Promise<Map<number, ReviewColumns>> {
  const rows = await sql<ReviewColumns[]>`SELECT ${reviewColumns(sql)} FROM ${sql.unsafe(FROM_REVIEWS)}
    WHERE rv.id = ANY(${ids as number[]}) AND ${visibleReview(sql, viewerId)}`;
  return new Map(rows.map((row) => [row.id, row]));
}

const emptyPages = (ids: readonly number[]) =>
  new Map<number, Page<ReviewColumns>>(ids.map((id) => [id, { rows: [], total: 0 }]));

/** Each pull request's reviews, oldest first (GitHub's order), in the window. */
export async function reviewPages(
  sql: Sql,
  issueIds: readonly number[],
  request: ReviewPageRequest,
  viewerId: number | null,
): Promise<Map<number, Page<ReviewColumns>>> {
  // Stored logins hold no NUL (db/text-values.ts): such a filter matches nothing rather than failing the query.
  if (request.author !== null && !canMatchText(request.author)) return emptyPages(issueIds);
  const conditions = [sql`rv.issue_id = ANY(${issueIds as number[]})`, visibleReview(sql, viewerId)];
  if (request.states !== null) conditions.push(sql`rv.state = ANY(${request.states})`);
  if (request.author !== null)
    conditions.push(sql`rv.user_id = (SELECT id FROM accounts WHERE lower(login) = lower(${request.author}))`);
  const where = conditions.reduce((all, condition) => sql`${all} AND ${condition}`);
  const dir = sql.unsafe(request.window.fromEnd ? 'DESC' : 'ASC');
  const select = sql`SELECT ${reviewColumns(sql)},
      row_number() OVER (PARTITION BY rv.issue_id ORDER BY rv.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY rv.issue_id)::int AS total
    FROM ${sql.unsafe(FROM_REVIEWS)} WHERE ${where}`;
  return rankedPages<ReviewColumns & { [key: string]: unknown }>(sql, 'issue_id', issueIds, request.window, select);
}

/** Each reviewer's latest submitted review (or latest verdict: `opinionated`) of each pull request, in the order they were submitted. */
export async function latestReviewPages(
  sql: Sql,
  issueIds: readonly number[],
  window: RowWindow,
  opinionated = false,
): Promise<Map<number, Page<ReviewColumns>>> {
  const dir = sql.unsafe(window.fromEnd ? 'DESC' : 'ASC');
  // latestOpinionatedReviews: a later comment-only review leaves a reviewer's verdict standing.
  const kept = opinionated
    ? sql`rv.state IN ('APPROVED', 'CHANGES_REQUESTED', 'DISMISSED')`
    : sql`rv.state <> 'PENDING'`;
  const select = sql`SELECT latest.*,
      row_number() OVER (PARTITION BY latest.issue_id ORDER BY latest.submitted_at ${dir}, latest.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY latest.issue_id)::int AS total
    FROM (SELECT DISTINCT ON (rv.issue_id, rv.user_id) ${reviewColumns(sql)} FROM ${sql.unsafe(FROM_REVIEWS)}
          WHERE rv.issue_id = ANY(${issueIds as number[]}) AND ${kept}
          ORDER BY rv.issue_id, rv.user_id, rv.submitted_at DESC, rv.id DESC) latest`;
  return rankedPages<ReviewColumns & { [key: string]: unknown }>(sql, 'issue_id', issueIds, window, select);
}

/** The review's place among its pull request's reviews `viewerId` sees, oldest first (1-based: its edge's cursor). */
export async function reviewPosition(
  sql: Sql,
  issueId: number,
  reviewId: number,
  viewerId: number | null,
): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM pull_request_reviews rv
    WHERE rv.issue_id = ${issueId} AND rv.id <= ${reviewId} AND ${visibleReview(sql, viewerId)}`;
  return row!.n;
}
