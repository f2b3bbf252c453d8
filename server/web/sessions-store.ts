// Web sessions: the browser holds a random id in an HttpOnly cookie, the
// database its SHA-256 digest with the user and a CSRF token for the forms.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/database.js';

export const SESSION_LIFETIME_MS = 14 * 24 * 3600_000;

export interface WebSession {
  userId: number;
  login: string;
  siteAdmin: boolean;
  csrfToken: string;
}

const digestOf = (id: string) => hash('sha256', id, 'buffer');

export async function createSession(
  sql: Sql,
  userId: number,
  now: number,
): Promise<{ cookieValue: string; csrfToken: string }> {
  const cookieValue = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  await sql`INSERT INTO web_sessions (id_digest, user_id, csrf_token, expires_at)
            VALUES (${digestOf(cookieValue)}, ${userId}, ${csrfToken}, ${new Date(now + SESSION_LIFETIME_MS)})`;
  return { cookieValue, csrfToken };
}

export async function findSession(sql: Sql, cookieValue: string | undefined, now: number): Promise<WebSession | null> {
  if (!cookieValue) return null;
  const [row] = await sql<
    { user_id: number; login: string; site_admin: boolean; csrf_token: string; expires_at: Date }[]
  >`
    SELECT s.user_id, a.login, a.site_admin, s.csrf_token, s.expires_at
    FROM web_sessions s JOIN accounts a ON a.id = s.user_id WHERE s.id_digest = ${digestOf(cookieValue)}`;
  if (!row || row.expires_at.getTime() <= now) return null;
  return { userId: row.user_id, login: row.login, siteAdmin: row.site_admin, csrfToken: row.csrf_token };
}

export async function deleteSession(sql: Sql, cookieValue: string): Promise<void> {
  await sql`DELETE FROM web_sessions WHERE id_digest = ${digestOf(cookieValue)}`;
}

/** A form's CSRF field against the session's token, in constant time. */
export function csrfMatches(session: WebSession, submitted: string | undefined): boolean {
  if (!submitted) return false;
  const a = Buffer.from(session.csrfToken);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
