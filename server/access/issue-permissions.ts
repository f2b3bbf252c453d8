// Who may do what with issues, GitHub's way: anyone who can read a repository
// may open issues and comment; triage lets one assign, close others' issues
// and lock; an author may edit and close their own issue.
import { forbidden } from '../errors/domain-error.js';
import { atLeast, type Permission } from './permissions.js';

/** GitHub's triage level (or above: write, maintain, admin). */
export function canTriage(permission: Permission | null): boolean {
  return atLeast(permission, 'triage');
}

/** Title, body and state of an issue: its author, or anyone with triage. */
export function canEditIssue(permission: Permission | null, authorId: number | null, userId: number | null): boolean {
  return canTriage(permission) || (userId !== null && authorId === userId);
}

/** A locked conversation takes comments only from those with push access. */
export function canCommentWhenLocked(permission: Permission | null): boolean {
  return atLeast(permission, 'write');
}

/** Editing or deleting a comment: its author, or anyone with push access (GitHub's rule for others' comments). */
export function canChangeComment(
  permission: Permission | null,
  authorId: number | null,
  userId: number | null,
): boolean {
  return atLeast(permission, 'write') || (userId !== null && authorId === userId);
}

/** 403 unless the caller has triage access. */
export function requireTriage(permission: Permission | null): void {
  if (!canTriage(permission)) throw forbidden('Must have triage access to Issue.');
}
