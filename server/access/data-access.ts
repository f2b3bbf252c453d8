// Whether a caller who sees a repository may read or write one kind of its
// data: people by their repository permission (the caller checks it), an
// installation token by its app permissions as well (installation-policy.ts).
import type { Principal } from '../auth/principal.js';
import type { DataKind } from './data-kinds.js';
import { type AccessLevel, grantCovers, installationMay, type RepositoryRef } from './installation-policy.js';

export function kindAllowed(
  principal: Principal,
  repo: RepositoryRef,
  kind: DataKind,
  level: AccessLevel = 'read',
): boolean {
  if (principal.kind !== 'token' || !principal.installation) return true;
  return installationMay(principal.installation, repo, kind, level);
}

/** kindAllowed where the repository is already settled as visible: only an installation's app permissions are asked. */
export function kindCovered(principal: Principal, kind: DataKind, level: AccessLevel = 'read'): boolean {
  return principal.kind !== 'token' || !principal.installation || grantCovers(principal.installation, kind, level);
}
