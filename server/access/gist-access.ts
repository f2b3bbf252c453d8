// Who may do what with a gist, asked by every path to one (REST, GraphQL,
// git). Gists belong to a user, not a repository, so repository permissions
// play no part:
// - anyone, signed in or not, reads any gist whose id they have: a secret
//   gist is unlisted, not private (GitHub's rule);
// - lists show a secret gist only to its owner;
// - only the owner changes, deletes or pushes to a gist; any signed-in user
//   stars, forks and comments; a comment is edited by its author and deleted
//   by its author or the gist's owner;
// - a classic token writes only with the `gist` scope, as on GitHub;
// - installation tokens reach no gist (GitHub serves gists to users only):
//   their refusal is the policy's, on every path.
import type { Principal } from '../auth/principal.js';
import { hasAnyScope } from './token-scopes.js';

export interface GistRef {
  owner_id: number;
  public: boolean;
}

/** `create`: making a new gist (no gist yet): a signed-in user whose token may write gists. */
export type GistAction = 'read' | 'list' | 'create' | 'write' | 'star' | 'fork' | 'comment';

/** Why a caller may not act on a gist, or null when it may. `anonymous` asks for credentials (401). */
export type GistRefusal = 'anonymous' | 'installation' | 'scope' | 'not-owner' | null;

function signedInUser(principal: Principal): number | null {
  return principal.kind === 'token' && !principal.installation ? principal.user.id : null;
}

/** Whether the caller is the gist's owner (a user's own token, never an installation's). */
export function ownsGist(principal: Principal, gist: GistRef): boolean {
  return signedInUser(principal) === gist.owner_id;
}

export function gistRefusal(principal: Principal, gist: GistRef | null, action: GistAction): GistRefusal {
  if (principal.kind === 'token' && principal.installation) return 'installation';
  if (action === 'read') return null;
  if (action === 'list') return gist === null || gist.public || ownsGist(principal, gist) ? null : 'not-owner';
  const user = signedInUser(principal);
  if (user === null) return 'anonymous';
  if (principal.kind === 'token' && !hasAnyScope(principal.scopes, ['gist'])) return 'scope';
  if (action === 'write' && (gist === null || gist.owner_id !== user)) return 'not-owner';
  return null;
}

/** Whether a listing shows this gist to the caller: public ones to all, secret ones to their owner. */
export function listsGist(principal: Principal, gist: GistRef): boolean {
  return gistRefusal(principal, gist, 'list') === null;
}

/** A comment's author edits it; its author or the gist's owner deletes it. */
export function mayChangeGistComment(
  principal: Principal,
  gist: GistRef,
  comment: { author_id: number | null },
  action: 'edit' | 'delete',
): boolean {
  const user = signedInUser(principal);
  if (user === null) return false;
  if (comment.author_id === user) return true;
  return action === 'delete' && gist.owner_id === user;
}

/**
 * Whose secret gists a listing shows the caller: its own, as a user (null:
 * none). The lists' SQL takes this id; a comment on a secret gist is listed
 * to that user too when they wrote it or own the gist (they know its name).
 */
export function secretGistsListedTo(principal: Principal): number | null {
  return signedInUser(principal);
}
