// /settings/applications: the OAuth apps a signed-in user owns, and a form to
// register one (GitHub's Developer settings → OAuth Apps). Registration goes
// through createOAuthApp, the function behind `wharf admin create-oauth-app`,
// so the client secret is stored as a digest only; it is shown once, on the
// answer to the POST, which is never cached.
import type { H3 } from 'h3';
import { createOAuthApp, oauthAppsOwnedBy, type OAuthAppRow } from '../oauth/oauth-apps-store.js';
import { acceptedRedirectUri } from '../oauth/redirect-uri.js';
import type { Services } from '../services.js';
import { escapeHtml, htmlResponse } from './html.js';
import { csrfMatches, type WebSession } from './sessions-store.js';
import {
  alertMessage,
  csrfField,
  forgedForm,
  invalidIf,
  requireSession,
  settingsPage,
  statusMessage,
} from './settings-layout.js';
import { formParams } from './web-request.js';
import { formHandler } from './form-handler.js';

const PATH = '/settings/applications';
const NEW_PATH = `${PATH}/new`;
export const APP_NAME_MAX_LENGTH = 100;

interface Choices {
  name: string;
  callbackUrl: string;
  deviceFlow: boolean;
}
type Field = 'name' | 'callback_url';
interface Refusal {
  field: Field;
  message: string;
}

type ListedApp = Pick<OAuthAppRow, 'id' | 'name' | 'client_id' | 'callback_url' | 'device_flow_enabled'>;

/**
 * A callback URL is accepted when the web flow could redirect to it:
 * acceptedRedirectUri answers null for one it cannot parse as http(s). The
 * `scheme://` test is the admin CLI's rule (it refuses `http:host`, which URL
 * would quietly repair).
 */
function validCallbackUrl(url: string): boolean {
  return /^https?:\/\/[^/\s]+/i.test(url) && acceptedRedirectUri(url, undefined) !== null;
}

function validate(c: Choices): Refusal | null {
  if (c.name === '') return { field: 'name', message: 'Application name can’t be blank.' };
  if ([...c.name].length > APP_NAME_MAX_LENGTH)
    return { field: 'name', message: `Application name is too long (at most ${APP_NAME_MAX_LENGTH} characters).` };
  if (c.callbackUrl === '') return { field: 'callback_url', message: 'Authorization callback URL can’t be blank.' };
  if (!validCallbackUrl(c.callbackUrl))
    return {
      field: 'callback_url',
      message: 'Authorization callback URL must be an absolute http:// or https:// URL.',
    };
  return null;
}

function appList(apps: ListedApp[]): string {
  if (!apps.length) return '<p>You have not registered any OAuth apps.</p>';
  return `<ul>${apps
    .map(
      (a) => `<li><strong>${escapeHtml(a.name)}</strong><br>
Client ID: <code>${escapeHtml(a.client_id)}</code><br>
Callback URL: ${a.callback_url ? `<code>${escapeHtml(a.callback_url)}</code>` : 'none'}<br>
Device flow: ${a.device_flow_enabled ? 'on' : 'off'}</li>`,
    )
    .join('\n')}</ul>`;
}

function newAppForm(session: WebSession, c: Choices, refusal?: Refusal): string {
  const bad = (field: Field) => invalidIf(refusal?.field === field);
  return settingsPage(
    'Register a new OAuth app',
    PATH,
    `${refusal ? alertMessage(refusal.message) : ''}
<form method="post" action="${NEW_PATH}">${csrfField(session)}
<label for="name">Application name</label>
<input type="text" id="name" name="name" maxlength="${APP_NAME_MAX_LENGTH}" required value="${escapeHtml(c.name)}"${bad('name')}>
<label for="callback_url">Authorization callback URL</label>
<input type="url" id="callback_url" name="callback_url" required placeholder="https://example.com/callback" value="${escapeHtml(c.callbackUrl)}"${bad('callback_url')}>
<fieldset><legend>Device flow</legend>
<label class="check"><input type="checkbox" name="device_flow" value="1"${c.deviceFlow ? ' checked' : ''}>
<span>Enable device flow, for apps without a browser (such as command-line tools) that sign users in with a code at <code>/login/device</code></span></label>
</fieldset>
<button type="submit">Register application</button>
</form>
<p><a href="${PATH}">Back to your OAuth apps</a></p>`,
  );
}

function registeredPage(app: OAuthAppRow, clientSecret: string): string {
  return settingsPage(
    `Registered ${app.name}`,
    PATH,
    `${statusMessage('Make sure to copy the client secret now. You won’t be able to see it again!')}
<label for="client_id">Client ID</label>
<input type="text" id="client_id" readonly value="${escapeHtml(app.client_id)}">
<label for="client_secret">Client secret</label>
<input type="text" id="client_secret" readonly autocomplete="off" spellcheck="false" value="${escapeHtml(clientSecret)}">
<p>Callback URL: <code>${escapeHtml(app.callback_url ?? '')}</code>. Device flow: ${app.device_flow_enabled ? 'on' : 'off'}.</p>
<p><a href="${PATH}">Back to your OAuth apps</a></p>`,
  );
}

export function mountSettingsApplicationsPage(app: H3, services: Services): void {
  app.get(PATH, async (event) => {
    const session = await requireSession(event, services, PATH);
    if (session instanceof Response) return session;
    return htmlResponse(
      200,
      settingsPage(
        'OAuth apps',
        PATH,
        `${appList(await oauthAppsOwnedBy(services.sql, session.userId))}
<p><a href="${NEW_PATH}">Register a new application</a></p>`,
      ),
    );
  });

  app.get(NEW_PATH, async (event) => {
    const session = await requireSession(event, services, NEW_PATH);
    if (session instanceof Response) return session;
    return htmlResponse(200, newAppForm(session, { name: '', callbackUrl: '', deviceFlow: false }));
  });

  app.post(
    NEW_PATH,
    formHandler(async (event) => {
      const session = await requireSession(event, services, NEW_PATH);
      if (session instanceof Response) return session;
      const form = await formParams(event, services);
      if (!csrfMatches(session, form.get('csrf') ?? undefined)) return forgedForm(PATH);
      const choices: Choices = {
        name: (form.get('name') ?? '').trim(),
        callbackUrl: (form.get('callback_url') ?? '').trim(),
        deviceFlow: form.has('device_flow'),
      };
      const refusal = validate(choices);
      if (refusal) return htmlResponse(422, newAppForm(session, choices, refusal));
      const { app: created, clientSecret } = await createOAuthApp(services.sql, session.userId, choices.name, {
        callbackUrl: choices.callbackUrl,
        deviceFlow: choices.deviceFlow,
      });
      // Explicit although every page sends it: this answer holds the only copy of the secret.
      return htmlResponse(201, registeredPage(created, clientSecret), { 'cache-control': 'no-store' });
    }),
  );
}
