// The gist access rule's refusals (access/gist-access.ts) as domain errors,
// the same on every edge: an installation is refused as GitHub refuses it
// ("Resource not accessible by integration"), an anonymous caller is asked to
// sign in, a classic token without `gist` gets GitHub's scope 403, and a
// change to someone else's gist is 404, as GitHub answers it.
import type { Principal } from '../auth/principal.js';
import { gistRefusal, type GistAction, type GistRef } from '../access/gist-access.js';
import { forbidden, notFound, requiresAuthentication } from '../errors/domain-error.js';

export function ensureGistAccess(principal: Principal, gist: GistRef | null, action: GistAction): void {
  switch (gistRefusal(principal, gist, action)) {
    case null:
      return;
    case 'installation':
      throw forbidden('Resource not accessible by integration');
    case 'anonymous':
      throw requiresAuthentication();
    case 'scope':
      throw forbidden('Resource not accessible by personal access token', { acceptedScopes: 'gist' });
    case 'not-owner':
      throw notFound();
  }
}
