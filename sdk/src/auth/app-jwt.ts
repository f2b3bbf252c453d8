// The app JWT GitHub expects: RS256, `iss` the app id, `iat` 30 s in the past
// (so a server clock slightly behind ours does not see it as issued in the
// future) and `exp` 10 minutes after `iat`, the longest GitHub allows.
import { SignJWT } from 'jose';

export const JWT_BACKDATE_S = 30;
export const JWT_LIFETIME_S = 600;

/**
 * The `iss` claim: a numeric app id is sent as a number, as Octokit does;
 * anything else (an app's client id, which GitHub also accepts) as given.
 */
export function issuerClaim(appId: number | string): number | string {
  return typeof appId === 'string' && /^[1-9][0-9]*$/.test(appId) ? Number(appId) : appId;
}

/** A signed app JWT for `serverNowSeconds`, our clock already corrected by any known skew. */
export function signAppJwt(key: CryptoKey, appId: number | string, serverNowSeconds: number): Promise<string> {
  const iat = Math.floor(serverNowSeconds) - JWT_BACKDATE_S;
  // Built as a plain object: jose types `iss` as a string, GitHub wants the number.
  const claims: Record<string, unknown> = { iat, exp: iat + JWT_LIFETIME_S, iss: issuerClaim(appId) };
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(key);
}
