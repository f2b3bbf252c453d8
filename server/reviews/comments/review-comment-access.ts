// Which review comments a caller sees: a comment of a PENDING review is its
// author's draft, to anyone else it does not exist (404, left out of lists),
// as on GitHub (review-comment-rows.ts's visibleTo).
import type { Principal } from '../../auth/principal.js';
import type { Sql } from '../../db/database.js';
import type { Urls } from '../../http/urls.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { ReviewCommentRow } from './review-comment-rows.js';
import { reviewCommentById } from './review-comment-store.js';
import { reviewCommentView } from './review-comment-view.js';

/** The caller's account id, or null for anonymous callers. */
export const viewerOf = (principal: Principal): number | null =>
  principal.kind === 'token' ? principal.user.id : null;

/** Comment `id` of the repository if the caller may see it; null otherwise (404). */
export function visibleComment(
  sql: Sql,
  repositoryId: number,
  id: number,
  principal: Principal,
): Promise<ReviewCommentRow | null> {
  return reviewCommentById(sql, repositoryId, id, viewerOf(principal));
}

export const isPending = (row: ReviewCommentRow) => row.review_state === 'PENDING';

export function bodyOf(row: ReviewCommentRow, repo: RepositoryRow, urls: Urls) {
  return reviewCommentView(row, { owner: repo.owner_login, name: repo.name }, urls);
}
