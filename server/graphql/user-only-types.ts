// GraphQL types of data that belongs to users, not repositories: gists. The
// policy refuses them to every installation (access/gist-access.ts), whatever
// its app permissions, so the installation guard asks this before any kind.
import { gistRefusal } from '../access/gist-access.js';
import type { Principal } from '../auth/principal.js';

export const USER_ONLY_TYPES: ReadonlySet<string> = new Set([
  'Gist',
  'GistConnection',
  'GistEdge',
  'GistComment',
  'GistCommentConnection',
  'GistCommentEdge',
  'GistFile',
]);

/** Whether a value of this concrete type is refused to the caller (an installation reaches no gist). */
export function refusedAsUserOnly(typeName: string, principal: Principal): boolean {
  return USER_ONLY_TYPES.has(typeName) && gistRefusal(principal, null, 'read') !== null;
}
