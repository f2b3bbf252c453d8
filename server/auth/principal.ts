// Who is calling: the result of authentication, carried on every request.
import type { TokenKind } from './token-secret.js';

export interface UserRef {
  id: number;
  login: string;
  siteAdmin: boolean;
}

export interface TokenPrincipal {
  kind: 'token';
  tokenId: number;
  tokenKind: TokenKind;
  scopes: string[];
  user: UserRef;
  expiresAt: number | null;
}

export interface AnonymousPrincipal {
  kind: 'anonymous';
}

export type Principal = TokenPrincipal | AnonymousPrincipal;

export const ANONYMOUS: AnonymousPrincipal = { kind: 'anonymous' };

/** Rate-limit bucket of a principal: one per user, one per client IP for anonymous calls. */
export function rateLimitBucket(principal: Principal, clientIp: string): string {
  return principal.kind === 'token' ? `user:${principal.user.id}` : `ip:${clientIp}`;
}
