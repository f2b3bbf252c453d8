// What an installation token request asks for and what comes back, in the
// SDK's camelCase, plus the key under which equal requests share a token.

export type PermissionLevel = 'read' | 'write';

export interface InstallationTokenOptions {
  /** Overrides the `installationId` given to createAppAuth. */
  installationId?: number;
  /** Narrow the token to these repositories (names, without the owner). */
  repositories?: string[];
  /** Narrow the token to these repository ids. */
  repositoryIds?: number[];
  /** Narrow the token's permissions (they can only narrow the installation's). */
  permissions?: Record<string, PermissionLevel>;
  /** Ask for a new token even when a cached one is still fresh. */
  refresh?: boolean;
}

export interface InstallationToken {
  token: string;
  /** ISO 8601, in the server's clock. */
  expiresAt: string;
  installationId: number;
  permissions: Record<string, PermissionLevel>;
  repositorySelection: 'all' | 'selected';
  /** The repositories' names when the selection is `selected`. */
  repositoryNames?: string[];
}

/** Equal requests (whatever the order of names, ids or permissions) get the same key. */
export function cacheKey(installationId: number, options: InstallationTokenOptions): string {
  const permissions = Object.entries(options.permissions ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    installationId,
    [...(options.repositories ?? [])].sort(),
    [...(options.repositoryIds ?? [])].sort((a, b) => a - b),
    permissions,
  ]);
}

/** The request body: only what narrows, as an empty body means "everything the installation has". */
export function requestBody(options: InstallationTokenOptions): Record<string, unknown> | undefined {
  const body: Record<string, unknown> = {};
  if (options.repositories?.length) body.repositories = options.repositories;
  if (options.repositoryIds?.length) body.repository_ids = options.repositoryIds;
  if (options.permissions && Object.keys(options.permissions).length) body.permissions = options.permissions;
  return Object.keys(body).length ? body : undefined;
}

/** The 201 body of POST /app/installations/{id}/access_tokens. */
export function parseInstallationToken(installationId: number, body: Record<string, unknown>): InstallationToken {
  const { token, expires_at: expiresAt, permissions, repository_selection: selection, repositories } = body;
  if (typeof token !== 'string' || typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt))) {
    throw new TypeError('installation token response without a token or a valid expires_at');
  }
  const result: InstallationToken = {
    token,
    expiresAt,
    installationId,
    permissions: (permissions ?? {}) as Record<string, PermissionLevel>,
    repositorySelection: selection === 'selected' ? 'selected' : 'all',
  };
  if (Array.isArray(repositories)) {
    result.repositoryNames = repositories.map((repo: unknown) => String((repo as { name?: unknown }).name));
  }
  return result;
}
