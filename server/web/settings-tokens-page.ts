// /settings/tokens: a signed-in user's personal access tokens (GitHub's
// "Tokens (classic)"). Only a token's digest is stored, so the list can never
// show one; a new token is shown once, on the answer to the POST that made it,
// which is never cached. Revoking goes through TokenStore.revoke, whose
// invalidation notice makes every server process forget the token at once.
import { getRouterParam, type H3 } from 'h3';
import { ownPersonalToken, revokeEverywhere } from '../auth/revoke-token.js';
import type { TokenInfo } from '../auth/token-store.js';
import { KNOWN_SCOPES } from '../access/token-scopes.js';
import type { Services } from '../services.js';
import { escapeHtml, htmlResponse, redirect } from './html.js';
import { csrfMatches, type WebSession } from './sessions-store.js';
import {
  alertMessage,
  csrfField,
  forgedForm,
  invalidIf,
  requireSession,
  settingsPage,
  statusMessage,
  utcTime,
} from './settings-layout.js';
import { formParams } from './web-request.js';
import { formHandler } from './form-handler.js';

const PATH = '/settings/tokens';
const DAY_MS = 24 * 3600_000;
export const NOTE_MAX_LENGTH = 100;
const PRESET_DAYS = ['7', '30', '60', '90'];

// GitHub's wording, so people recognise what they grant.
const SCOPE_HELP: Record<string, string> = {
  repo: 'Full control of private repositories',
  public_repo: 'Access public repositories',
  delete_repo: 'Delete repositories',
  'admin:repo_hook': 'Full control of repository hooks',
  'write:repo_hook': 'Write repository hooks',
  'read:repo_hook': 'Read repository hooks',
  user: 'Update all user data',
  'read:user': 'Read all user profile data',
  'user:email': 'Access user email addresses (read-only)',
  gist: 'Create gists',
};

/** What the user typed and ticked, kept as is so a refused form comes back filled in. */
interface Choices {
  note: string;
  scopes: string[];
  expiration: string;
  customDate: string;
}
type Field = 'note' | 'scopes' | 'expiration' | 'expires_on';
interface Refusal {
  field: Field;
  message: string;
}

const DEFAULT_CHOICES: Choices = { note: '', scopes: [], expiration: '30', customDate: '' };

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The latest custom expiration: the same day next year (UTC). */
function latestCustomDate(now: number): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return isoDate(date.getTime());
}

function validate(c: Choices, now: number): { scopes: string[]; expiresAt: Date | undefined } | Refusal {
  if (c.note === '') return { field: 'note', message: 'Note can’t be blank: say what the token is for.' };
  if ([...c.note].length > NOTE_MAX_LENGTH)
    return { field: 'note', message: `Note is too long (at most ${NOTE_MAX_LENGTH} characters).` };
  const unknown = c.scopes.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s));
  if (unknown.length) return { field: 'scopes', message: `Unknown scope: ${unknown.join(', ')}.` };
  // Stored in the list's order and once each, whatever order the form sent.
  const scopes = KNOWN_SCOPES.filter((s) => c.scopes.includes(s));
  if (PRESET_DAYS.includes(c.expiration)) return { scopes, expiresAt: new Date(now + Number(c.expiration) * DAY_MS) };
  if (c.expiration === 'none') return { scopes, expiresAt: undefined };
  if (c.expiration !== 'custom') return { field: 'expiration', message: 'Choose an expiration.' };
  const day = c.customDate;
  // The round trip rejects dates that Date would roll over (2025-02-30).
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)) || isoDate(Date.parse(day)) !== day) {
    return { field: 'expires_on', message: 'Enter the custom expiration date as YYYY-MM-DD.' };
  }
  if (day <= isoDate(now)) return { field: 'expires_on', message: 'The custom expiration date must be in the future.' };
  if (day > latestCustomDate(now))
    return { field: 'expires_on', message: 'The custom expiration date can be at most one year ahead.' };
  // The token works through the whole chosen day (UTC).
  return { scopes, expiresAt: new Date(`${day}T23:59:59Z`) };
}

function tokenList(session: WebSession, tokens: TokenInfo[], now: number): string {
  if (!tokens.length) return '<p>You have no personal access tokens.</p>';
  const items = tokens.map((t) => {
    const note = escapeHtml(t.note ?? '(no note)');
    const scopes = t.scopes.length ? t.scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ') : 'no scopes';
    const expiry =
      t.expires_at === null
        ? 'expires never'
        : t.expires_at.getTime() <= now
          ? `<strong class="error">expired</strong> ${utcTime(t.expires_at)}`
          : `expires ${utcTime(t.expires_at)}`;
    return `<li><strong>${note}</strong>: ${scopes}<br>created ${utcTime(t.created_at, false)}, ${expiry}
<form method="post" action="${PATH}/${t.id}/delete">${csrfField(session)}<button type="submit" aria-label="Revoke ${note}">Revoke</button></form></li>`;
  });
  return `<ul>${items.join('\n')}</ul>`;
}

function createForm(session: WebSession, c: Choices, now: number, refusal?: Refusal): string {
  const bad = (field: Field) => invalidIf(refusal?.field === field);
  const option = (value: string, label: string) =>
    `<option value="${value}"${c.expiration === value ? ' selected' : ''}>${label}</option>`;
  const boxes = KNOWN_SCOPES.map(
    (s) =>
      `<label class="check"><input type="checkbox" name="scopes" value="${s}"${c.scopes.includes(s) ? ' checked' : ''}>` +
      `<span><code>${s}</code> ${escapeHtml(SCOPE_HELP[s] ?? '')}</span></label>`,
  ).join('\n');
  return `<h2>Generate a new token</h2>
<form method="post" action="${PATH}">${csrfField(session)}
<label for="note">Note (what is this token for?)</label>
<input type="text" id="note" name="note" maxlength="${NOTE_MAX_LENGTH}" required value="${escapeHtml(c.note)}"${bad('note')}>
<label for="expiration">Expiration</label>
<select id="expiration" name="expiration"${bad('expiration')}>${PRESET_DAYS.map((d) => option(d, `${d} days`)).join('')}${option('none', 'No expiration')}${option('custom', 'Custom date (below)')}</select>
<label for="expires_on">Custom expiration date, UTC (used when “Custom date” is chosen)</label>
<input type="date" id="expires_on" name="expires_on" min="${isoDate(now + DAY_MS)}" max="${latestCustomDate(now)}" value="${escapeHtml(c.customDate)}"${bad('expires_on')}>
<fieldset${bad('scopes')}><legend>Scopes</legend>
${boxes}
</fieldset>
<button type="submit">Generate token</button>
</form>`;
}

async function listPage(
  services: Services,
  session: WebSession,
  c: Choices,
  message: string,
  refusal?: Refusal,
): Promise<string> {
  const now = services.now();
  // Tokens that OAuth apps or GitHub Apps hold are theirs to manage, not this page's.
  const tokens = (await services.tokens.list(session.userId)).filter((t) => t.kind === 'personal');
  return settingsPage(
    'Personal access tokens',
    PATH,
    `${message}
<p>Tokens work like a password for the API: <code>Authorization: Bearer &lt;token&gt;</code>.</p>
${tokenList(session, tokens, now)}
${createForm(session, c, now, refusal)}`,
  );
}

function createdPage(note: string, token: string, scopes: string[], expiresAt: Date | undefined): string {
  return settingsPage(
    'New personal access token',
    PATH,
    `${statusMessage('Make sure to copy your personal access token now. You won’t be able to see it again!')}
<label for="token">Token “${escapeHtml(note)}”</label>
<input type="text" id="token" readonly autocomplete="off" spellcheck="false" value="${escapeHtml(token)}">
<p>Scopes: ${scopes.length ? scopes.map((s) => `<code>${s}</code>`).join(', ') : 'none'}. ${expiresAt ? `Expires ${utcTime(expiresAt)}.` : 'Never expires.'}</p>
<p><a href="${PATH}">Back to your tokens</a></p>`,
  );
}

export function mountSettingsTokensPage(app: H3, services: Services): void {
  app.get(PATH, async (event) => {
    const session = await requireSession(event, services, PATH);
    if (session instanceof Response) return session;
    // Set by the redirect after a revocation; it can only ever show this fixed text.
    const message = event.url.searchParams.has('revoked')
      ? statusMessage('Token revoked. Anything using it can no longer access your account.')
      : '';
    return htmlResponse(200, await listPage(services, session, DEFAULT_CHOICES, message));
  });

  app.post(
    PATH,
    formHandler(async (event) => {
      const session = await requireSession(event, services, PATH);
      if (session instanceof Response) return session;
      const form = await formParams(event, services);
      if (!csrfMatches(session, form.get('csrf') ?? undefined)) return forgedForm(PATH);
      const choices: Choices = {
        note: (form.get('note') ?? '').trim(),
        scopes: form.getAll('scopes'),
        expiration: form.get('expiration') ?? '',
        customDate: (form.get('expires_on') ?? '').trim(),
      };
      const checked = validate(choices, services.now());
      if ('message' in checked)
        return htmlResponse(422, await listPage(services, session, choices, alertMessage(checked.message), checked));
      const { token } = await services.tokens.create(session.userId, 'personal', checked.scopes, {
        note: choices.note,
        expiresAt: checked.expiresAt,
      });
      // Explicit although every page sends it: this answer holds a usable credential.
      return htmlResponse(201, createdPage(choices.note, token, checked.scopes, checked.expiresAt), {
        'cache-control': 'no-store',
      });
    }),
  );

  app.post(
    `${PATH}/:id/delete`,
    formHandler(async (event) => {
      const session = await requireSession(event, services, PATH);
      if (session instanceof Response) return session;
      const form = await formParams(event, services);
      if (!csrfMatches(session, form.get('csrf') ?? undefined)) return forgedForm(PATH);
      const raw = getRouterParam(event, 'id') ?? '';
      const revoked = /^[1-9]\d{0,14}$/.test(raw)
        ? await revokeEverywhere(services, { tokens: ownPersonalToken(Number(raw), session.userId) })
        : 0;
      // Another user's token answers exactly like an unknown id, so ids reveal nothing.
      if (revoked === 0) {
        return htmlResponse(
          404,
          settingsPage(
            'Token not found',
            PATH,
            `${alertMessage('There is no such token among yours. Nothing was changed.')}
<p><a href="${PATH}">Back to your tokens</a></p>`,
          ),
        );
      }
      return redirect(`${PATH}?revoked=1`);
    }),
  );
}
