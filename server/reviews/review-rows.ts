// Reading pull request reviews: one statement gives a review with what its
// body shows (author, author association, the pull request's number and the
// repository's names for URLs). A PENDING review is its author's alone: every
// reader here hides other people's, as GitHub does.
import type { Sql, TransactionSql } from '../db/database.js';
import { accountJson } from '../repos/accounts-store.js';
import { authorAssociation } from '../access/author-association-sql.js';
import type { AuthorAssociation } from '../issues/issue-rows.js';
import type { AccountRef } from '../repos/user-view.js';
import type { ReactionCounts } from '../views/reaction-rollup.js';

type Db = Sql | TransactionSql;

export type ReviewState = 'PENDING' | 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'DISMISSED';

export interface ReviewRow {
  id: number;
  issue_id: number;
  repository_id: number;
  user_id: number | null;
  state: ReviewState;
  body: string;
  commit_id: string;
  submitted_at: Date | null;
  dismissed_state: ReviewState | null;
  created_at: Date;
  updated_at: Date;
  number: number;
  owner_login: string;
  repo_name: string;
  author: AccountRef | null;
  author_association: AuthorAssociation;
  /** The rollup of its reactions (GraphQL's; reactions-store.ts keeps it). */
  reaction_counts: ReactionCounts;
}

const SELECT_REVIEW = (sql: Db, extra = sql``) => sql`
  SELECT rv.id, rv.issue_id, rv.repository_id, rv.user_id, rv.state, rv.body, rv.commit_id, rv.submitted_at, rv.dismissed_state,
    rv.reaction_counts, rv.created_at, rv.updated_at, i.number, o.login AS owner_login, r.name AS repo_name,
    (SELECT ${accountJson(sql, 'u')} FROM accounts u WHERE u.id = rv.user_id) AS author,
    ${authorAssociation(sql, 'rv.user_id')} AS author_association ${extra}
  FROM pull_request_reviews rv JOIN issues i ON i.id = rv.issue_id
  JOIN repositories r ON r.id = rv.repository_id JOIN accounts o ON o.id = r.owner_id`;

/** Seen by `viewerId` (null: anonymous): submitted reviews, and the viewer's own pending one. */
const visibleTo = (sql: Db, viewerId: number | null) =>
  viewerId === null ? sql`rv.state <> 'PENDING'` : sql`(rv.state <> 'PENDING' OR rv.user_id = ${viewerId})`;

/**
 * Review `reviewId` of pull request `issueId` as `viewerId` sees it; null when
 * there is none, it is another pull request's, or it is someone else's pending
 * review. `forUpdate` locks it for the change that follows.
 */
export async function reviewOfPull(
  sql: Db,
  issueId: number,
  reviewId: number,
  viewerId: number | null,
  forUpdate = false,
): Promise<ReviewRow | null> {
  if (!Number.isSafeInteger(reviewId) || reviewId < 1) return null;
  const [row] = await sql<ReviewRow[]>`${SELECT_REVIEW(sql)}
    WHERE rv.issue_id = ${issueId} AND rv.id = ${reviewId} AND ${visibleTo(sql, viewerId)}
    ${forUpdate ? sql`FOR UPDATE OF rv` : sql``}`;
  return row ?? null;
}

/** A page of the pull request's reviews `viewerId` sees, oldest first, with their total. */
export async function reviewsOfPull(
  sql: Db,
  issueId: number,
  viewerId: number | null,
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const rows = await sql<(ReviewRow & { total: number })[]>`${SELECT_REVIEW(sql, sql`, count(*) OVER () AS total`)}
    WHERE rv.issue_id = ${issueId} AND ${visibleTo(sql, viewerId)}
    ORDER BY rv.id LIMIT ${page.limit} OFFSET ${page.offset}`;
  const total = rows.length > 0 ? Number(rows[0]!.total) : page.offset > 0 ? await countOf(sql, issueId, viewerId) : 0;
  return { rows, total };
}

async function countOf(sql: Db, issueId: number, viewerId: number | null): Promise<number> {
  const [row] = await sql<
    { count: number }[]
  >`SELECT count(*)::int AS count FROM pull_request_reviews rv WHERE rv.issue_id = ${issueId} AND ${visibleTo(sql, viewerId)}`;
  return row!.count;
}

/** The caller's pending review of the pull request, if any (GitHub allows one). */
export async function hasPendingReview(sql: Db, issueId: number, userId: number): Promise<boolean> {
  const rows =
    await sql`SELECT 1 FROM pull_request_reviews WHERE issue_id = ${issueId} AND user_id = ${userId} AND state = 'PENDING'`;
  return rows.length > 0;
}

/** The id of the caller's pending review of the pull request, or null (GraphQL's submit names it by its pull request). */
export async function pendingReviewId(sql: Db, issueId: number, userId: number): Promise<number | null> {
  const [row] = await sql<{ id: number }[]>`SELECT id FROM pull_request_reviews
    WHERE issue_id = ${issueId} AND user_id = ${userId} AND state = 'PENDING'`;
  return row ? Number(row.id) : null;
}
