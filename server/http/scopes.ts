// GitHub's classic OAuth scopes. A token passes when it carries one of the
// accepted scopes or a scope that includes it (admin:repo_hook includes
// write:repo_hook includes read:repo_hook).
import { ensureAppPermissions } from '../apps/installation-access.js';
import type { AppPermissions, Principal } from '../auth/principal.js';
import { forbidden } from './api-error.js';

const INCLUDES: Record<string, string[]> = {
  repo: ['public_repo', 'repo:status', 'repo_deployment', 'repo:invite'],
  'admin:repo_hook': ['write:repo_hook', 'read:repo_hook'],
  'write:repo_hook': ['read:repo_hook'],
  user: ['read:user', 'user:email', 'user:follow'],
};

export const KNOWN_SCOPES = [
  'repo',
  'public_repo',
  'delete_repo',
  'admin:repo_hook',
  'write:repo_hook',
  'read:repo_hook',
  'user',
  'read:user',
  'user:email',
] as const;

export function expandScopes(scopes: readonly string[]): Set<string> {
  const out = new Set<string>();
  const visit = (scope: string) => {
    if (out.has(scope)) return;
    out.add(scope);
    for (const inner of INCLUDES[scope] ?? []) visit(inner);
  };
  scopes.forEach(visit);
  return out;
}

export function hasAnyScope(granted: readonly string[], accepted: readonly string[]): boolean {
  if (accepted.length === 0) return true;
  const expanded = expandScopes(granted);
  return accepted.some((scope) => expanded.has(scope));
}

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
  if (accepted.length === 0 || hasAnyScope(principal.scopes, accepted)) return;
  throw forbidden('Resource not accessible by personal access token', {
    acceptedScopes: [...new Set(accepted)].join(', '),
  });
}
