// The REST pipeline's check of an operation's declared scopes and app
// permissions, as 403s; whether the token passes is the policy's (access/token-scopes.ts,
// access/installation-access.ts).
import { ensureAppPermissions } from '../access/installation-access.js';
import type { AppPermissions, Principal } from '../auth/principal.js';
import { lacksScopes } from '../access/token-scopes.js';
import { forbidden } from '../errors/domain-error.js';

/**
 * Throws 403 when the token may not use the operation: with GitHub's scope
 * headers when a classic token lacks the scopes; for an installation token,
 * when the operation is closed to apps or needs permissions it lacks.
 */
export function ensureScopes(
  principal: Principal,
  accepted: readonly string[],
  appPermissions: AppPermissions | null,
): void {
  if (principal.kind !== 'token') return;
  if (principal.installation) return ensureAppPermissions(principal.installation, appPermissions);
  if (!lacksScopes(principal.scopes, accepted)) return;
  throw forbidden('Resource not accessible by personal access token', {
    acceptedScopes: [...new Set(accepted)].join(', '),
  });
}
