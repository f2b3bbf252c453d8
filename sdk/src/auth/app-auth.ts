// Authenticating as an installable app (a GitHub App): app JWTs for the app's
// own endpoints, and installation tokens, cached and refreshed before they
// expire, for everything else. The result is a TokenProvider that picks per
// request: `createClient({ baseUrl, auth: createAppAuth(…) })` calls `/app…`
// and the other JWT-only operations as the app, the rest as the installation
// (or everything as the app when no installationId is given).
import { defaultFetch, restError, trimSlashes, type FetchLike } from './auth-http.js';
import { AppJwtSession } from './app-jwt-session.js';
import { InstallationTokenCache } from './installation-token-cache.js';
import {
  cacheKey,
  parseInstallationToken,
  requestBody,
  type InstallationToken,
  type InstallationTokenOptions,
} from './installation-token.js';
import type { TokenProvider, TokenRequest } from './token-provider.js';

/** Installation tokens live an hour; one is replaced this long before it expires. */
export const DEFAULT_REFRESH_MARGIN_MS = 5 * 60_000;

export interface AppAuthOptions {
  /** The REST base URL: the server root or `…/api/v3`. */
  baseUrl: string;
  /** The app's numeric id (or its client id, which the server also accepts as `iss`). */
  appId: number | string;
  /** The app's private key, PKCS#1 (`BEGIN RSA PRIVATE KEY`) or PKCS#8 PEM. */
  privateKey: string;
  /**
   * The installation `token()` and `installationToken()` act for unless told otherwise. Without it,
   * `token()` gives the app JWT for every request.
   */
  installationId?: number;
  fetch?: FetchLike;
  /** How long before `expires_at` a cached token is replaced. */
  refreshMarginMs?: number;
  /** Our clock in ms since the epoch (tests move it). */
  now?: () => number;
}

export interface AppAuth extends TokenProvider {
  /** A freshly signed app JWT (valid about 9.5 minutes), for `/app/…` endpoints. */
  appToken(): Promise<string>;
  /** An installation token, from the cache while it is fresh enough. */
  installationToken(options?: InstallationTokenOptions): Promise<InstallationToken>;
  /**
   * What a client sends as `Authorization`: the app JWT for an operation that accepts only that
   * (`request.requiresAppJwt`) or when there is no default installation, else the default
   * installation's token, unnarrowed.
   */
  token(request?: TokenRequest): Promise<string>;
}

export function createAppAuth(options: AppAuthOptions): AppAuth {
  const baseUrl = trimSlashes(options.baseUrl);
  const margin = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  const session = new AppJwtSession(
    options.privateKey,
    options.appId,
    options.now ?? Date.now,
    options.fetch ?? defaultFetch,
  );
  // `expires_at` is in the server's clock, so freshness is judged against our clock corrected by the known skew.
  const cache = new InstallationTokenCache((token) => Date.parse(token.expiresAt) - margin > session.serverNow());

  async function issue(installationId: number, request: InstallationTokenOptions): Promise<InstallationToken> {
    const reply = await session.request(`${baseUrl}/app/installations/${installationId}/access_tokens`, {
      method: 'POST',
      body: requestBody(request),
    });
    if (reply.status !== 201) throw restError(reply.status, reply.body);
    return parseInstallationToken(installationId, reply.body);
  }

  async function installationToken(request: InstallationTokenOptions = {}): Promise<InstallationToken> {
    const installationId = request.installationId ?? options.installationId;
    if (installationId === undefined)
      throw new TypeError('installationToken: no installationId given here or to createAppAuth');
    return cache.get(cacheKey(installationId, request), () => issue(installationId, request), request.refresh);
  }

  return {
    appToken: () => session.jwt(),
    installationToken,
    token: async (request) =>
      request?.requiresAppJwt || options.installationId === undefined
        ? session.jwt()
        : (await installationToken()).token,
  };
}
