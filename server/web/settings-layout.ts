// What the settings pages share: the sign-in guard, the nav between them, the
// CSRF field every form carries and the refusal of a form without it, and the
// message paragraphs (role=alert for errors so screen readers announce them,
// role=status for confirmations).
import type { H3Event } from 'h3';
import type { Services } from '../services.js';
import { escapeHtml, htmlResponse, page, redirect } from './html.js';
import type { WebSession } from './sessions-store.js';
import { currentSession } from './web-request.js';

const SECTIONS = [
  ['/settings/tokens', 'Personal access tokens'],
  ['/settings/applications', 'OAuth apps'],
] as const;

export type SettingsSection = (typeof SECTIONS)[number][0];

/** A settings page: its title, the nav (the current section marked for assistive tech), then `body` (trusted markup). */
export function settingsPage(title: string, current: SettingsSection, body: string): string {
  const links = SECTIONS.map(
    ([href, label]) => `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${label}</a></li>`,
  ).join('');
  return page(title, `<nav aria-label="Settings"><ul>${links}</ul></nav>\n${body}`);
}

/**
 * The signed-in session, or the redirect that signs in and comes back to
 * `returnTo` (for a POST, the page the form was on: a browser cannot replay
 * the POST after signing in).
 */
export async function requireSession(
  event: H3Event,
  services: Services,
  returnTo: string,
): Promise<WebSession | Response> {
  return (await currentSession(event, services)) ?? redirect(`/login?return_to=${encodeURIComponent(returnTo)}`);
}

export const csrfField = (session: WebSession) =>
  `<input type="hidden" name="csrf" value="${escapeHtml(session.csrfToken)}">`;

export const alertMessage = (text: string) => `<p class="error" role="alert" id="form-error">${escapeHtml(text)}</p>`;
export const statusMessage = (text: string) => `<p class="ok" role="status">${escapeHtml(text)}</p>`;

/** A form without the session's CSRF token (forged, or from an ended session): nothing is changed. */
export function forgedForm(section: SettingsSection): Response {
  return htmlResponse(
    403,
    settingsPage(
      'Request refused',
      section,
      `${alertMessage('This form has expired or did not come from this site. Nothing was changed.')}
<p><a href="${section}">Reload the page</a> and try again.</p>`,
    ),
  );
}

/** Marks the field an error is about, pointing it at the message. */
export const invalidIf = (invalid: boolean) => (invalid ? ' aria-invalid="true" aria-describedby="form-error"' : '');

/** Dates in UTC: without scripts the server does not know the browser's time zone. */
export const utcTime = (date: Date, withTime = true) =>
  `<time datetime="${date.toISOString()}">${withTime ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : date.toISOString().slice(0, 10)}</time>`;
