// The rules of gist comments, for REST and GraphQL alike: which gist a
// caller reaches (the access policy decides, access/gist-access.ts; this maps
// its refusal to a domain error once), and the changes. Gists send no
// webhooks (GitHub sends none to repository hooks), so a change is its row.
import type { Principal } from '../../auth/principal.js';
import type { Sql } from '../../db/database.js';
import { type DomainError, forbidden, notFound, requiresAuthentication } from '../../errors/domain-error.js';
import { gistRefusal, mayChangeGistComment, type GistRefusal } from '../../access/gist-access.js';
import { findGistByName, type GistRow } from '../gists-store.js';
import {
  deleteGistCommentRow,
  findGistComment,
  insertGistComment,
  updateGistCommentBody,
  type GistCommentRow,
} from './gist-comments-store.js';

/** The error a refusal answers with: 401, or 403 with GitHub's messages. */
export function gistRefusalError(refusal: Exclude<GistRefusal, null>): DomainError {
  switch (refusal) {
    case 'anonymous':
      return requiresAuthentication();
    case 'installation':
      return forbidden('Resource not accessible by integration');
    case 'scope':
      return forbidden('Resource not accessible by personal access token', { acceptedScopes: 'gist' });
    case 'not-owner':
      return forbidden();
  }
}

/**
 * The gist `name` names, for reading its comments or commenting. An
 * installation is refused before the lookup, so it learns nothing of which
 * gists exist; anyone else gets 404 for an unknown gist.
 */
export async function gistForComments(
  sql: Sql,
  principal: Principal,
  name: string,
  action: 'read' | 'comment',
): Promise<GistRow> {
  const early = gistRefusal(principal, null, 'read');
  if (early) throw gistRefusalError(early);
  const gist = await findGistByName(sql, name);
  if (!gist) throw notFound();
  const refusal = gistRefusal(principal, gist, action);
  if (refusal) throw gistRefusalError(refusal);
  return gist;
}

/** A comment of the gist; 404 for none or one of another gist. */
export async function gistComment(sql: Sql, gist: GistRow, commentId: number): Promise<GistCommentRow> {
  const comment = await findGistComment(sql, gist.id, commentId);
  if (!comment) throw notFound();
  return comment;
}

/** 403 unless the caller may edit (its author) or delete (its author, the gist's owner) the comment. */
export function ensureMayChange(
  principal: Principal,
  gist: GistRow,
  comment: GistCommentRow,
  action: 'edit' | 'delete',
) {
  if (!mayChangeGistComment(principal, gist, comment, action)) throw forbidden();
}

function authorOf(principal: Principal): number {
  if (principal.kind !== 'token') throw requiresAuthentication();
  return principal.user.id;
}

/** Comments as the caller; the gist row is locked so a deletion meanwhile is a 404, not a foreign-key failure. */
export async function createGistComment(sql: Sql, principal: Principal, gist: GistRow, body: string) {
  const author = authorOf(principal);
  return sql.begin(async (tx) => {
    const locked = await findGistByName(tx, gist.name, true);
    if (!locked) throw notFound();
    return insertGistComment(tx, locked.id, author, body);
  }) as Promise<GistCommentRow>;
}

export async function editGistComment(sql: Sql, comment: GistCommentRow, body: string): Promise<GistCommentRow> {
  if (body === comment.body) return comment;
  const edited = await updateGistCommentBody(sql, comment, body);
  if (!edited) throw notFound();
  return edited;
}

export async function deleteGistComment(sql: Sql, comment: GistCommentRow): Promise<void> {
  if (!(await deleteGistCommentRow(sql, comment.id))) throw notFound();
}
