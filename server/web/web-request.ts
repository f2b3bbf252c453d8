// What every page handler needs from a request: the form fields, the signed-in
// session, and a safe place to return to.
import type { H3Event } from 'h3';
import type { Services } from '../services.js';
import { readCookie, SESSION_COOKIE } from './cookies.js';
import { findSession, type WebSession } from './sessions-store.js';

const MAX_FORM_BYTES = 64 * 1024;

/** The form body with repeated names kept (checkbox groups); empty when oversized. */
export async function formParams(event: H3Event): Promise<URLSearchParams> {
  const text = await event.req.text();
  return new URLSearchParams(Buffer.byteLength(text) > MAX_FORM_BYTES ? '' : text);
}

export async function formFields(event: H3Event): Promise<Record<string, string>> {
  return Object.fromEntries(await formParams(event));
}

export function currentSession(event: H3Event, services: Services): Promise<WebSession | null> {
  return findSession(services.sql, readCookie(event, SESSION_COOKIE), services.now());
}

/** Only a path on this site (`/…`, never `//host` or a URL): no open redirects. */
export function safeReturnTo(raw: string | null | undefined): string {
  return raw && raw.startsWith('/') && !raw.startsWith('//') && !raw.includes('\\') ? raw : '/login';
}
