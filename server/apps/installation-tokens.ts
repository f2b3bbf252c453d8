// Issuing an installation token (POST /app/installations/{id}/access_tokens):
// one hour, for the app's bot account, narrowed by the request's
// `repositories` / `repository_ids` / `permissions` — which can only narrow:
// anything beyond the installation is 422 with GitHub's messages.
import type { AppPermissions } from '../auth/principal.js';
import { insertToken } from '../auth/token-store.js';
import { ApiError } from '../http/api-error.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import type { Services } from '../services.js';
import { satisfies, sortedPermissions, withMetadata } from './app-permissions.js';
import type { InstallationRow } from './apps-store.js';
import { reachableRepositories, selectedRepositoryIds } from './installation-repositories.js';

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
  new ApiError(422, message, [{ resource: 'Installation', field, code: 'custom', message }]);

export async function issueInstallationToken(services: Services, botId: number, installation: InstallationRow, request: TokenRequest): Promise<IssuedToken> {
  const { sql, now } = services;
  const permissions = request.permissions === undefined ? installation.permissions : sortedPermissions(withMetadata(request.permissions));
  if (!satisfies(installation.permissions, permissions)) {
    throw unprocessable('The permissions requested are not granted to this installation.', 'permissions');
  }
  const installationIds = installation.repository_selection === 'selected' ? await selectedRepositoryIds(sql, installation.id) : null;
  const reachable = await reachableRepositories(sql, { accountId: installation.account_id, repositoryIds: installationIds });
  const names = request.repositories ?? [];
  const ids = request.repository_ids ?? [];
  let narrowed: RepositoryRow[] | null = null;
  if (names.length + ids.length > 0) {
    if (names.length + ids.length > MAX_REPOSITORIES) {
      throw unprocessable(`At most ${MAX_REPOSITORIES} repositories may be requested.`, 'repositories');
    }
    const byName = new Map(reachable.map((repo) => [repo.name.toLowerCase(), repo]));
    const byId = new Map(reachable.map((repo) => [repo.id, repo]));
    const picked = new Map<number, RepositoryRow>();
    for (const name of names) {
      const repo = byName.get(name.toLowerCase());
      if (!repo) throw unprocessable('There is at least one repository that does not exist or is not accessible to the parent installation.', 'repositories');
      picked.set(repo.id, repo);
    }
    for (const id of ids) {
      const repo = byId.get(id);
      if (!repo) throw unprocessable('There is at least one repository that does not exist or is not accessible to the parent installation.', 'repository_ids');
      picked.set(repo.id, repo);
    }
    narrowed = [...picked.values()];
  }
  const expiresAt = new Date(now() + INSTALLATION_TOKEN_LIFETIME_MS);
  const created = await sql.begin((tx) => insertToken(tx, {
    userId: botId, kind: 'installation', scopes: [], expiresAt,
    // A token without narrowing follows its installation's selection as it changes.
    installation: { id: installation.id, permissions, repositoryIds: narrowed ? narrowed.map((repo) => repo.id) : null },
  }));
  services.bus.applyLocally(`token:${created.id}`);
  const repositories = narrowed ?? (installationIds !== null ? reachable : null);
  return { token: created.token, expiresAt, permissions, repositorySelection: repositories ? 'selected' : 'all', repositories };
}
