// What every page handler needs from a request: the form fields, the signed-in
// session and what it may do in a repository, and a safe place to return to.
import type { H3Event } from 'h3';
import { ownPermission } from '../access/user-permission.js';
import { readBodyText } from '../http/body-reader.js';
import type { Permission } from '../access/permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { readCookie, SESSION_COOKIE } from './cookies.js';
import { findSession, type WebSession } from './sessions-store.js';

/** Our forms are a few short fields; anything near this is not from them. */
export const MAX_FORM_BYTES = 64 * 1024;

/**
 * The form body with repeated names kept (checkbox groups). An oversized or
 * too slow one is an ApiError (413, 408) that formHandler turns into a page.
 */
export async function formParams(event: H3Event, services: Services): Promise<URLSearchParams> {
  return new URLSearchParams(
    await readBodyText(event, { maxBytes: MAX_FORM_BYTES, timeoutMs: services.config.bodyTimeoutMs }),
  );
}

export async function formFields(event: H3Event, services: Services): Promise<Record<string, string>> {
  return Object.fromEntries(await formParams(event, services));
}

export function currentSession(event: H3Event, services: Services): Promise<WebSession | null> {
  return findSession(services.sql, readCookie(event, SESSION_COOKIE), services.now());
}

/** What a signed-in user (or, without a session, anyone) may do in the repository; null: not even see it. */
export function sessionPermission(
  services: Services,
  repo: RepositoryRow,
  session: WebSession | null,
): Promise<Permission | null> {
  return ownPermission(services.repos, repo, session ? { id: session.userId, siteAdmin: session.siteAdmin } : null);
}

/** Only a path on this site (`/…`, never `//host` or a URL): no open redirects. */
export function safeReturnTo(raw: string | null | undefined): string {
  return raw?.startsWith('/') && !raw.startsWith('//') && !raw.includes('\\') ? raw : '/login';
}
