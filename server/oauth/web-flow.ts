// The OAuth web flow's codes: issued when the user approves on the consent
// page, exchanged once for a token at the token endpoint within 10 minutes,
// by the same app (client secret checked), for the same redirect URI, and
// with PKCE (S256) when the authorization asked for it.
import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { insertToken } from '../auth/token-store.js';
import type { Sql } from '../db/database.js';
import type { OAuthAppRow } from './oauth-apps-store.js';

export const CODE_LIFETIME_MS = 10 * 60_000;

const digestOf = (code: string) => hash('sha256', code, 'buffer');

export interface CodeGrant {
  appId: number;
  userId: number;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
}

export async function issueAuthorizationCode(sql: Sql, grant: CodeGrant, now: number): Promise<string> {
  const code = randomBytes(10).toString('hex');
  await sql`INSERT INTO oauth_authorization_codes (code_digest, app_id, user_id, redirect_uri, scopes, code_challenge, expires_at)
            VALUES (${digestOf(code)}, ${grant.appId}, ${grant.userId}, ${grant.redirectUri}, ${grant.scopes}, ${grant.codeChallenge}, ${new Date(now + CODE_LIFETIME_MS)})`;
  return code;
}

/** base64url(SHA-256(verifier)) against the stored challenge, in constant time. */
function pkceMatches(challenge: string, verifier: string | undefined): boolean {
  if (!verifier) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export type ExchangeResult =
  | { token: { access_token: string; token_type: 'bearer'; scope: string } }
  | { error: 'bad_verification_code' | 'redirect_uri_mismatch' };

export async function exchangeAuthorizationCode(
  sql: Sql,
  app: OAuthAppRow,
  input: { code: string; redirectUri?: string; codeVerifier?: string },
  now: number,
): Promise<ExchangeResult> {
  return sql.begin(async (tx): Promise<ExchangeResult> => {
    const [row] = await tx<
      {
        user_id: number;
        redirect_uri: string;
        scopes: string[];
        code_challenge: string | null;
        expires_at: Date;
        used_at: Date | null;
      }[]
    >`
      SELECT user_id, redirect_uri, scopes, code_challenge, expires_at, used_at FROM oauth_authorization_codes
      WHERE code_digest = ${digestOf(input.code)} AND app_id = ${app.id} FOR UPDATE`;
    if (!row || row.used_at !== null || now >= row.expires_at.getTime()) return { error: 'bad_verification_code' };
    if (input.redirectUri !== undefined && input.redirectUri !== '' && input.redirectUri !== row.redirect_uri)
      return { error: 'redirect_uri_mismatch' };
    if (row.code_challenge !== null && !pkceMatches(row.code_challenge, input.codeVerifier))
      return { error: 'bad_verification_code' };
    // Single use: the code is spent whether or not the client reads the answer.
    await tx`UPDATE oauth_authorization_codes SET used_at = ${new Date(now)} WHERE code_digest = ${digestOf(input.code)}`;
    const { token } = await insertToken(tx, {
      userId: row.user_id,
      kind: 'oauth',
      scopes: row.scopes,
      note: `web flow: ${app.name}`,
      oauthAppId: app.id,
    });
    return { token: { access_token: token, token_type: 'bearer', scope: row.scopes.join(',') } };
  });
}
