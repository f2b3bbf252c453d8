// Who is calling: the result of authentication, carried on every request.
import type { AppRow } from '../apps/apps-store.js';
import type { TokenKind } from './token-secret.js';

export interface UserRef {
  id: number;
  login: string;
  siteAdmin: boolean;
}

export type AppPermissionLevel = 'read' | 'write' | 'admin';
export type AppPermissions = Readonly<Record<string, AppPermissionLevel>>;

/**
 * What an installation token may do: the permissions and repositories it was
 * narrowed to when issued, within its installation's (re-read whenever the
 * installation changes, so removing a repository takes effect at once).
 */
export interface InstallationGrant {
  id: number;
  appId: number;
  /** The user or organization the app is installed on: only its repositories. */
  accountId: number;
  permissions: AppPermissions;
  repositorySelection: 'all' | 'selected';
  /** The repositories the token reaches; null: every repository of the account. */
  repositoryIds: ReadonlySet<number> | null;
}

export interface TokenPrincipal {
  kind: 'token';
  tokenId: number;
  tokenKind: TokenKind;
  scopes: string[];
  /** For an installation token, the app's bot account (`<slug>[bot]`). */
  user: UserRef;
  expiresAt: number | null;
  /** Set exactly for installation tokens. */
  installation: InstallationGrant | null;
}

/** An app authenticated by a JWT signed with one of its keys (app endpoints only). */
export interface AppPrincipal {
  kind: 'app';
  app: { id: number; slug: string; name: string; ownerId: number; clientId: string; botId: number };
  /** The app's stored row, loaded (and cached) with its keys, so app endpoints need not read it again. */
  row: AppRow;
}

/** An OAuth app authenticated by HTTP Basic with its client id and secret (`DELETE /applications/{client_id}/…`). */
export interface OAuthAppPrincipal {
  kind: 'oauth-app';
  app: { id: number; clientId: string; ownerId: number };
}

export interface AnonymousPrincipal {
  kind: 'anonymous';
}

export type Principal = TokenPrincipal | AppPrincipal | OAuthAppPrincipal | AnonymousPrincipal;

export const ANONYMOUS: AnonymousPrincipal = { kind: 'anonymous' };

/**
 * Rate-limit bucket of a principal: one per user, one per installation (as on
 * GitHub, an installation's limit is its own, not its bot's), one per app for
 * JWT calls, one per OAuth app for its client-credential calls, one per
 * client IP for anonymous calls.
 */
export function rateLimitBucket(principal: Principal, clientIp: string): string {
  if (principal.kind === 'anonymous') return `ip:${clientIp}`;
  // Principals are cached objects: the same string each request (on the hot path, profiled).
  let bucket = buckets.get(principal);
  if (bucket === undefined) {
    bucket =
      principal.kind === 'token'
        ? principal.installation
          ? `installation:${principal.installation.id}`
          : `user:${principal.user.id}`
        : principal.kind === 'app'
          ? `app:${principal.app.id}`
          : `oauth-app:${principal.app.id}`;
    buckets.set(principal, bucket);
  }
  return bucket;
}

const buckets = new WeakMap<Principal, string>();
