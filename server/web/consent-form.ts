// The consent page of the web flow: which app asks for which scopes, and an
// Authorize / Cancel form posted to /login/oauth/consent with the session's
// CSRF token and the (already checked) authorization parameters.
import { escapeHtml, page } from './html.js';

export interface AuthorizationRequest {
  clientId: string;
  appName: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  codeChallenge: string | null;
}

export function consentPage(request: AuthorizationRequest, login: string, csrfToken: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const scopes = request.scopes.length
    ? request.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('')
    : '<li>public data only</li>';
  return page(
    `Authorize ${request.appName}`,
    `<p><strong>${escapeHtml(request.appName)}</strong> wants to access your account
<strong>${escapeHtml(login)}</strong> with:</p><ul>${scopes}</ul>
<p>You will be sent to <code>${escapeHtml(new URL(request.redirectUri).origin)}</code>.</p>
<form method="post" action="/login/oauth/consent">
${hidden('csrf', csrfToken)}${hidden('client_id', request.clientId)}${hidden('redirect_uri', request.redirectUri)}
${hidden('state', request.state)}${hidden('scope', request.scopes.join(' '))}${hidden('code_challenge', request.codeChallenge ?? '')}
<button type="submit" name="decision" value="approve">Authorize ${escapeHtml(request.appName)}</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<p class="error" role="alert">${escapeHtml(message)}</p>`);
}
