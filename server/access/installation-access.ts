// The rules an installation token lives by: it reaches only its installation's
// repositories (public repositories elsewhere stay readable, as they are to
// anyone), and each operation needs the app permissions openapi.yaml declares
// for it. Everything else is 403 "Resource not accessible by integration",
// with GitHub's X-Accepted-GitHub-Permissions header naming what was needed.
import type { AppPermissions, InstallationGrant } from '../auth/principal.js';
import { type DomainError, forbidden } from '../errors/domain-error.js';
import type { Permission } from './permissions.js';
import { satisfies } from './app-permission-levels.js';
import { grantPermission, grantReaches } from './installation-grant.js';

export function notAccessibleByIntegration(required?: AppPermissions | null): DomainError {
  const accepted = required
    ? Object.entries(required)
        .map(([name, level]) => `${name}=${level}`)
        .join(',')
    : '';
  return forbidden('Resource not accessible by integration', accepted ? { acceptedPermissions: accepted } : undefined);
}

/** 403 unless the operation is open to installation tokens and the token has its permissions. */
export function ensureAppPermissions(grant: InstallationGrant, required: AppPermissions | null): void {
  if (required === null || !satisfies(grant.permissions, required)) throw notAccessibleByIntegration(required);
}

/**
 * The permission an installation token has on a repository, in the terms of
 * repository-access.ts: the grant's on its own repositories, public read on
 * public ones elsewhere, none on private ones elsewhere.
 */
export function installationPermission(
  grant: InstallationGrant,
  repo: { id: number; owner_id: number; private: boolean },
): Permission | null {
  if (grantReaches(grant, repo)) return grantPermission(grant);
  return repo.private ? null : 'read';
}
