// Issuing an installation token (POST /app/installations/{id}/access_tokens):
// one hour, for the app's bot account, narrowed by the request's
// `repositories` / `repository_ids` / `permissions` — which can only narrow:
// anything beyond the installation is 422 with GitHub's messages.
import type { AppPermissions } from '../auth/principal.js';
import { insertToken } from '../auth/token-store.js';
import { DomainError } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { satisfies } from '../access/app-permission-levels.js';
import { sortedPermissions, withMetadata } from './app-permissions.js';
import type { InstallationRow } from './apps-store.js';
import { pickReachable, reachableRepositories, selectedRepositoryIds } from './installation-repositories.js';

export const INSTALLATION_TOKEN_LIFETIME_MS = 60 * 60_000;
/** GitHub's cap on repositories named in one token request. */
const MAX_REPOSITORIES = 500;

export interface TokenRequest {
  repositories?: string[];
  repository_ids?: number[];
  permissions?: Record<string, 'read' | 'write'>;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
  permissions: AppPermissions;
  repositorySelection: 'all' | 'selected';
  /** The repositories of a `selected` token; null for `all`. */
  repositories: RepositoryRow[] | null;
}

const unprocessable = (message: string, field: string) =>
  new DomainError('invalid', message, { errors: [{ resource: 'Installation', field, code: 'custom', message }] });

export async function issueInstallationToken(
  services: Services,
  botId: number,
  installation: InstallationRow,
  request: TokenRequest,
): Promise<IssuedToken> {
  const { sql, now } = services;
  // No permissions, or an empty object (PyGithub's GithubIntegration sends `{}`), narrow nothing.
  const narrowsPermissions = request.permissions !== undefined && Object.keys(request.permissions).length > 0;
  const permissions = narrowsPermissions
    ? sortedPermissions(withMetadata(request.permissions!))
    : installation.permissions;
  if (!satisfies(installation.permissions, permissions)) {
    throw unprocessable('The permissions requested are not granted to this installation.', 'permissions');
  }
  const installationIds =
    installation.repository_selection === 'selected' ? await selectedRepositoryIds(sql, installation.id) : null;
  const reach = { accountId: installation.account_id, repositoryIds: installationIds };
  const names = request.repositories ?? [];
  const ids = request.repository_ids ?? [];
  let narrowed: RepositoryRow[] | null = null;
  if (names.length + ids.length > 0) {
    if (names.length + ids.length > MAX_REPOSITORIES) {
      throw unprocessable(`At most ${MAX_REPOSITORIES} repositories may be requested.`, 'repositories');
    }
    // Only the repositories asked for are read, not all an installation on a large account reaches.
    narrowed = await pickReachable(sql, reach, names, ids);
    const missingName = names.some((name) => !narrowed!.some((repo) => repo.name.toLowerCase() === name.toLowerCase()));
    const missingId = ids.some((id) => !narrowed!.some((repo) => repo.id === id));
    if (missingName || missingId) {
      throw unprocessable(
        'There is at least one repository that does not exist or is not accessible to the parent installation.',
        missingName ? 'repositories' : 'repository_ids',
      );
    }
  }
  const expiresAt = new Date(now() + INSTALLATION_TOKEN_LIFETIME_MS);
  const created = await sql.begin((tx) =>
    insertToken(tx, {
      userId: botId,
      kind: 'installation',
      scopes: [],
      expiresAt,
      // A token without narrowing follows its installation's selection as it changes.
      installation: {
        id: installation.id,
        permissions,
        repositoryIds: narrowed ? narrowed.map((repo) => repo.id) : null,
      },
    }),
  );
  services.bus.applyLocally(`token:${created.id}`);
  // A selected installation's token lists its repositories; an `all` one does not.
  const repositories = narrowed ?? (installationIds !== null ? await reachableRepositories(sql, reach) : null);
  return {
    token: created.token,
    expiresAt,
    permissions,
    repositorySelection: repositories ? 'selected' : 'all',
    repositories,
  };
}
