// GET/POST /login and POST /logout. Sign-in attempts are rate-limited per
// account and per client IP, whatever their outcome, so passwords cannot be
// guessed at speed; the answer to a failure never says which part was wrong.
import type { H3, H3Event } from 'h3';
import { clientIp } from '../http/client-ip.js';
import type { Services } from '../services.js';
import { readCookie, SESSION_COOKIE, sessionCookie } from './cookies.js';
import { escapeHtml, htmlResponse, page, redirect } from './html.js';
import { verifyPassword } from './password-hash.js';
import { createSession, csrfMatches, deleteSession, SESSION_LIFETIME_MS } from './sessions-store.js';
import { currentSession, formFields, safeReturnTo } from './web-request.js';
import { formHandler } from './form-handler.js';

export const LOGIN_ATTEMPTS_PER_ACCOUNT = 20;
export const LOGIN_ATTEMPTS_PER_IP = 60;

export function loginForm(returnTo: string, message = '', login = ''): string {
  return page(
    'Sign in to Wharf',
    `${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/login">
<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">
<label for="login">Username</label><input type="text" id="login" name="login" autocomplete="username" required value="${escapeHtml(login)}">
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

async function allowed(services: Services, event: H3Event, login: string): Promise<boolean> {
  const { rateLimiter, config } = services;
  const ip = clientIp(event, config.trustProxy);
  const byAccount = await rateLimiter.take(`login-user:${login.toLowerCase()}`, 'login', LOGIN_ATTEMPTS_PER_ACCOUNT);
  const byIp = await rateLimiter.take(`login-ip:${ip}`, 'login', LOGIN_ATTEMPTS_PER_IP);
  return byAccount.allowed && byIp.allowed;
}

export function mountLoginPages(app: H3, services: Services): void {
  app.get('/login', async (event) => {
    const returnTo = safeReturnTo(event.url.searchParams.get('return_to'));
    const session = await currentSession(event, services);
    if (!session) return htmlResponse(200, loginForm(returnTo));
    return htmlResponse(
      200,
      page(
        'Signed in',
        `<p>Signed in as <strong>${escapeHtml(session.login)}</strong>.</p>
<ul><li><a href="/login/device">Connect a device</a></li><li><a href="/settings/tokens">Personal access tokens</a></li><li><a href="/settings/applications">OAuth apps</a></li></ul>
<form method="post" action="/logout"><input type="hidden" name="csrf" value="${escapeHtml(session.csrfToken)}"><button type="submit">Sign out</button></form>`,
      ),
    );
  });

  app.post(
    '/login',
    formHandler(async (event) => {
      const fields = await formFields(event, services);
      const returnTo = safeReturnTo(fields.return_to);
      const login = (fields.login ?? '').trim();
      if (!(await allowed(services, event, login))) {
        return htmlResponse(429, loginForm(returnTo, 'Too many sign-in attempts. Try again later.', login), {
          'retry-after': '60',
        });
      }
      const [account] = await services.sql<{ id: number; password_hash: string | null }[]>`
      SELECT id, password_hash FROM accounts WHERE lower(login) = lower(${login}) AND kind = 'User'`;
      // Hash even for an unknown login, so response time does not reveal which logins exist.
      const ok = await verifyPassword(
        fields.password ?? '',
        account?.password_hash ??
          'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
      );
      if (!account || !ok) return htmlResponse(401, loginForm(returnTo, 'Incorrect username or password.', login));
      const { cookieValue } = await createSession(services.sql, account.id, services.now());
      return redirect(returnTo, {
        'set-cookie': sessionCookie(cookieValue, services.config.publicUrl, SESSION_LIFETIME_MS / 1000),
      });
    }),
  );

  app.post(
    '/logout',
    formHandler(async (event) => {
      const session = await currentSession(event, services);
      const fields = await formFields(event, services);
      const cookie = readCookie(event, SESSION_COOKIE);
      if (session && cookie && csrfMatches(session, fields.csrf)) await deleteSession(services.sql, cookie);
      return redirect('/login', { 'set-cookie': sessionCookie('', services.config.publicUrl, 0) });
    }),
  );
}
