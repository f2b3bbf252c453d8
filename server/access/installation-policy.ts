// What an installation token may do with one kind of a repository's data. It
// reads where the repository is one of its installation's (or public, as for
// anyone) and its permissions hold one of the kind's app permissions at
// `read`; it writes only on its installation's repositories, at `write`.
// REST asks the same through each operation's declared permissions
// (apps/installation-access.ts), and repository-access.ts refuses private
// repositories outside the installation; this is that rule for the paths
// that have no operation: GraphQL, git over HTTP, downloads, search.
import { satisfies } from './app-permission-levels.js';
import { grantReaches } from './installation-grant.js';
import type { InstallationGrant } from '../auth/principal.js';
import { DATA_KIND_PERMISSIONS, type DataKind } from './data-kinds.js';

export interface RepositoryRef {
  id: number;
  owner_id: number;
  private: boolean;
}

export type AccessLevel = 'read' | 'write';

/** Whether the grant's permissions hold one of the kind's at `level` (metadata: always readable). */
export function grantCovers(
  grant: Pick<InstallationGrant, 'permissions'>,
  kind: DataKind,
  level: AccessLevel,
): boolean {
  if (kind === 'metadata' && level === 'read') return true;
  return DATA_KIND_PERMISSIONS[kind].some((name) => satisfies(grant.permissions, { [name]: level }));
}

export function installationMay(
  grant: InstallationGrant,
  repo: RepositoryRef,
  kind: DataKind,
  level: AccessLevel,
): boolean {
  if (!grantCovers(grant, kind, level)) return false;
  return grantReaches(grant, repo) || (level === 'read' && !repo.private);
}
