// The OAuth device flow (RFC 8628 as GitHub runs it): a client asks for a
// device code and a user code, the user enters the user code on
// /login/device and approves or denies, and the client polls the token
// endpoint until it gets a token (once) or a final error. Time comes from the
// caller (`now`), so expiry and slow_down are tested with a clock, not sleeps.
import { hash, randomBytes, randomInt } from 'node:crypto';
import { insertToken } from '../auth/token-store.js';
import type { Sql } from '../db/database.js';
import type { OAuthAppRow } from './oauth-apps-store.js';

export const DEVICE_CODE_LIFETIME_S = 900;
export const POLL_INTERVAL_S = 5;
/** GitHub adds this much to the interval each time a client polls too fast. */
export const SLOW_DOWN_STEP_S = 5;

/** No vowels (no words), no 0/O, 1/I/L: codes people can read out and type. */
const USER_CODE_ALPHABET = 'BCDFGHJKMNPQRSTVWXZ23456789';

export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  expires_in: number;
  interval: number;
}

export type PollResult =
  | { token: { access_token: string; token_type: 'bearer'; scope: string } }
  | { error: 'authorization_pending' | 'expired_token' | 'access_denied' | 'incorrect_device_code' }
  | { error: 'slow_down'; interval: number };

const digestOf = (deviceCode: string) => hash('sha256', deviceCode, 'buffer');

export function newUserCode(): string {
  const pick = () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]!;
  const half = () => Array.from({ length: 4 }, pick).join('');
  return `${half()}-${half()}`;
}

/** A user code as typed: case and a missing dash forgiven. */
export function normalizeUserCode(typed: string): string {
  const compact = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}

export async function requestDeviceCode(
  sql: Sql,
  app: OAuthAppRow,
  scopes: string[],
  now: number,
): Promise<DeviceAuthorization> {
  const deviceCode = randomBytes(20).toString('hex');
  for (let attempt = 0; ; attempt++) {
    const userCode = newUserCode();
    try {
      await sql`
        INSERT INTO oauth_device_codes (device_code_digest, user_code, app_id, scopes, interval_s, expires_at)
        VALUES (${digestOf(deviceCode)}, ${userCode}, ${app.id}, ${scopes}, ${POLL_INTERVAL_S}, ${new Date(now + DEVICE_CODE_LIFETIME_S * 1000)})`;
      return {
        device_code: deviceCode,
        user_code: userCode,
        expires_in: DEVICE_CODE_LIFETIME_S,
        interval: POLL_INTERVAL_S,
      };
    } catch (error) {
      // A user code still pending elsewhere (27^8 codes make this rare): draw again.
      if ((error as { code?: string }).code !== '23505' || attempt >= 5) throw error;
    }
  }
}

interface DeviceCodeRow {
  id: number;
  user_code: string;
  scopes: string[];
  interval_s: number;
  expires_at: Date;
  last_polled_at: Date | null;
  state: 'pending' | 'approved' | 'denied' | 'used';
  user_id: number | null;
}

/** One poll of the token endpoint with a device code of `app`. */
export async function pollDeviceCode(sql: Sql, app: OAuthAppRow, deviceCode: string, now: number): Promise<PollResult> {
  return sql.begin(async (tx): Promise<PollResult> => {
    const [row] = await tx<DeviceCodeRow[]>`
      SELECT id, user_code, scopes, interval_s, expires_at, last_polled_at, state, user_id
      FROM oauth_device_codes WHERE device_code_digest = ${digestOf(deviceCode)} AND app_id = ${app.id} FOR UPDATE`;
    // A code already exchanged for its token is as good as unknown.
    if (!row || row.state === 'used') return { error: 'incorrect_device_code' };
    if (now >= row.expires_at.getTime()) return { error: 'expired_token' };
    if (row.state === 'denied') return { error: 'access_denied' };
    const tooSoon = row.last_polled_at !== null && now - row.last_polled_at.getTime() < row.interval_s * 1000;
    if (tooSoon) {
      const interval = row.interval_s + SLOW_DOWN_STEP_S;
      await tx`UPDATE oauth_device_codes SET interval_s = ${interval}, last_polled_at = ${new Date(now)} WHERE id = ${row.id}`;
      return { error: 'slow_down', interval };
    }
    await tx`UPDATE oauth_device_codes SET last_polled_at = ${new Date(now)} WHERE id = ${row.id}`;
    if (row.state === 'pending') return { error: 'authorization_pending' };
    // Approved: the token, once.
    const { token } = await insertToken(tx, {
      userId: row.user_id!,
      kind: 'oauth',
      scopes: row.scopes,
      note: `device flow: ${app.name}`,
      oauthAppId: app.id,
    });
    await tx`UPDATE oauth_device_codes SET state = 'used' WHERE id = ${row.id}`;
    return { token: { access_token: token, token_type: 'bearer', scope: row.scopes.join(',') } };
  });
}

export type DecisionResult = 'approved' | 'denied' | 'unknown' | 'expired';

/** The signed-in user's answer to a user code typed on /login/device. */
export async function decideUserCode(
  sql: Sql,
  typedUserCode: string,
  userId: number,
  approve: boolean,
  now: number,
): Promise<DecisionResult> {
  const userCode = normalizeUserCode(typedUserCode);
  return sql.begin(async (tx): Promise<DecisionResult> => {
    const [row] = await tx<DeviceCodeRow[]>`
      SELECT id, expires_at FROM oauth_device_codes WHERE user_code = ${userCode} AND state = 'pending' FOR UPDATE`;
    if (!row) return 'unknown';
    if (now >= row.expires_at.getTime()) return 'expired';
    await tx`UPDATE oauth_device_codes SET state = ${approve ? 'approved' : 'denied'}, user_id = ${userId} WHERE id = ${row.id}`;
    return approve ? 'approved' : 'denied';
  });
}

/** What a pending user code asks for, to show on the approval page; null when unknown or expired. */
export async function describeUserCode(
  sql: Sql,
  typedUserCode: string,
  now: number,
): Promise<{ userCode: string; appName: string; scopes: string[] } | null> {
  const userCode = normalizeUserCode(typedUserCode);
  const [row] = await sql<{ name: string; scopes: string[]; expires_at: Date }[]>`
    SELECT a.name, d.scopes, d.expires_at FROM oauth_device_codes d JOIN oauth_apps a ON a.id = d.app_id
    WHERE d.user_code = ${userCode} AND d.state = 'pending'`;
  if (!row || now >= row.expires_at.getTime()) return null;
  return { userCode, appName: row.name, scopes: row.scopes };
}
