// /login/device: a signed-in user types the code a device shows, sees which
// app asks for which scopes, and approves or denies. Step one is a GET form
// (the code can also arrive in the link, ?user_code=…); the decision is a
// POST carrying the session's CSRF token.
import type { H3 } from 'h3';
import { decideUserCode, describeUserCode } from '../oauth/device-flow.js';
import type { Services } from '../services.js';
import { escapeHtml, htmlResponse, page, redirect } from './html.js';
import { csrfMatches } from './sessions-store.js';
import { currentSession, formFields } from './web-request.js';
import { formHandler } from './form-handler.js';

function codeForm(message = ''): string {
  return page(
    'Device activation',
    `${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="get" action="/login/device">
<label for="user_code">Enter the code displayed on your device</label>
<input type="text" id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" placeholder="XXXX-XXXX" required>
<button type="submit">Continue</button>
</form>`,
  );
}

export function mountDevicePage(app: H3, services: Services): void {
  app.get('/login/device', async (event) => {
    const session = await currentSession(event, services);
    const typed = event.url.searchParams.get('user_code');
    if (!session) {
      const back = `/login/device${typed ? `?user_code=${encodeURIComponent(typed)}` : ''}`;
      return redirect(`/login?return_to=${encodeURIComponent(back)}`);
    }
    if (!typed) return htmlResponse(200, codeForm());
    const request = await describeUserCode(services.sql, typed, services.now());
    if (!request)
      return htmlResponse(404, codeForm('That code is not valid or has expired. Check the code on your device.'));
    const scopes = request.scopes.length
      ? request.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('')
      : '<li>no scopes (public data only)</li>';
    return htmlResponse(
      200,
      page(
        'Authorize device',
        `<p><strong>${escapeHtml(request.appName)}</strong> wants to access your account
<strong>${escapeHtml(session.login)}</strong> with:</p><ul>${scopes}</ul>
<form method="post" action="/login/device">
<input type="hidden" name="csrf" value="${escapeHtml(session.csrfToken)}">
<input type="hidden" name="user_code" value="${escapeHtml(request.userCode)}">
<button type="submit" name="decision" value="approve">Authorize ${escapeHtml(request.appName)}</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form>`,
      ),
    );
  });

  app.post(
    '/login/device',
    formHandler(async (event) => {
      const session = await currentSession(event, services);
      if (!session) return redirect('/login?return_to=%2Flogin%2Fdevice');
      const fields = await formFields(event, services);
      if (!csrfMatches(session, fields.csrf))
        return htmlResponse(403, codeForm('Your session has changed. Please enter the code again.'));
      const approve = fields.decision === 'approve';
      const result = await decideUserCode(
        services.sql,
        fields.user_code ?? '',
        session.userId,
        approve,
        services.now(),
      );
      if (result === 'unknown' || result === 'expired')
        return htmlResponse(404, codeForm('That code is not valid or has expired. Check the code on your device.'));
      return htmlResponse(
        200,
        page(
          approve ? 'Device connected' : 'Access denied',
          approve
            ? '<p class="ok" role="status">Your device is now connected. You can close this window.</p>'
            : '<p role="status">The device was not given access. You can close this window.</p>',
        ),
      );
    }),
  );
}
