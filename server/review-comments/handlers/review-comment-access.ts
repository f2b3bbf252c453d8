// Which review comments a caller sees, and the few columns the handlers
// decide with. A comment of a PENDING review is its author's draft: to
// anyone else it does not exist (404, left out of lists), as on GitHub.
import type { Sql, TransactionSql } from '../../db/database.js';
import type { Principal } from '../../auth/principal.js';

type Db = Sql | TransactionSql;

export interface CommentMeta {
  id: number;
  issue_id: number;
  /** The pull request's number. */
  number: number;
  user_id: number | null;
  review_id: number;
  pending: boolean;
  thread_id: number;
  body: string;
}

/** The caller's account id, or null for anonymous callers. */
export const viewerOf = (principal: Principal): number | null => (principal.kind === 'token' ? principal.user.id : null);

/** SQL condition on a review aliased `r`: submitted, or the viewer's own pending one. */
export const visibleReview = (sql: Db, viewerId: number | null) =>
  viewerId === null ? sql`r.state <> 'PENDING'` : sql`(r.state <> 'PENDING' OR r.user_id = ${viewerId})`;

/** Comment `id` of the repository if the viewer may see it; null otherwise (404). */
export async function visibleComment(sql: Db, repositoryId: number, id: number, viewerId: number | null, forUpdate = false): Promise<CommentMeta | null> {
  const [row] = await sql<CommentMeta[]>`
    SELECT c.id, c.issue_id, i.number, c.user_id, c.review_id, r.state = 'PENDING' AS pending, c.thread_id, c.body
    FROM pull_request_review_comments c
    JOIN pull_request_reviews r ON r.id = c.review_id
    JOIN issues i ON i.id = c.issue_id
    WHERE c.id = ${id} AND c.repository_id = ${repositoryId} AND ${visibleReview(sql, viewerId)}
    ${forUpdate ? sql`FOR UPDATE OF c` : sql``}`;
  return row ? { ...row, id: Number(row.id), issue_id: Number(row.issue_id), review_id: Number(row.review_id), thread_id: Number(row.thread_id) } : null;
}
