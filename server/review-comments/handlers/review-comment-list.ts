// Review comment lists: a pull request's and a repository's, with `sort`
// (created/updated), `direction`, `since` and page numbers, leaving out
// comments of other people's pending reviews. The page's ids and the total
// come from one statement; the bodies from the store's batched read.
import type { Fragment } from 'postgres';
import type { Sql } from '../../db/database.js';
import type { Urls } from '../../http/urls.js';
import type { RepositoryRow } from '../../repos/repositories-store.js';
import { reviewCommentsByIds } from '../review-comment-store.js';
import { reviewCommentView } from '../review-comment-view.js';
import { visibleReview } from './review-comment-access.js';

export interface ReviewCommentFilters { since?: string; sort?: 'created' | 'updated'; direction?: 'asc' | 'desc' }
export interface Page { limit: number; offset: number }

/** Bodies of comments `ids`, in that order (ids gone meanwhile are left out). */
export async function reviewCommentBodies(sql: Sql, repo: RepositoryRow, ids: number[], urls: Urls) {
  const rows = await reviewCommentsByIds(sql, ids);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const names = { owner: repo.owner_login, name: repo.name };
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [reviewCommentView(row, names, urls)] : [];
  });
}

function orderOf(sql: Sql, f: ReviewCommentFilters): Fragment {
  const desc = f.direction === 'desc';
  if (f.sort === 'updated') return desc ? sql`c.updated_at DESC, c.id DESC` : sql`c.updated_at, c.id`;
  return desc ? sql`c.created_at DESC, c.id DESC` : sql`c.created_at, c.id`;
}

async function listed(sql: Sql, where: Fragment, viewerId: number | null, f: ReviewCommentFilters, p: Page): Promise<{ ids: number[]; total: number }> {
  const conditions = sql`${where} AND ${visibleReview(sql, viewerId)} ${f.since === undefined ? sql`` : sql`AND c.updated_at >= ${new Date(f.since)}`}`;
  const page = await sql<{ id: number; total: number }[]>`
    SELECT c.id, count(*) OVER () AS total
    FROM pull_request_review_comments c JOIN pull_request_reviews r ON r.id = c.review_id
    WHERE ${conditions} ORDER BY ${orderOf(sql, f)} LIMIT ${p.limit} OFFSET ${p.offset}`;
  if (page.length > 0 || p.offset === 0) return { ids: page.map((row) => Number(row.id)), total: Number(page[0]?.total ?? 0) };
  // Past the last page: the total still gives the Link header its `last`.
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pull_request_review_comments c JOIN pull_request_reviews r ON r.id = c.review_id WHERE ${conditions}`;
  return { ids: [], total: row!.n };
}

export function listPullReviewComments(sql: Sql, issueId: number, viewerId: number | null, f: ReviewCommentFilters, p: Page) {
  return listed(sql, sql`c.issue_id = ${issueId}`, viewerId, f, p);
}

export function listRepositoryReviewComments(sql: Sql, repositoryId: number, viewerId: number | null, f: ReviewCommentFilters, p: Page) {
  return listed(sql, sql`c.repository_id = ${repositoryId}`, viewerId, f, p);
}
