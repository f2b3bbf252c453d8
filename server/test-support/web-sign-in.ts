// Signing a test user in through the real sign-in form: sets their password,
// posts /login, returns the session cookie (`wharf_session=…`) for later requests.
import { hashPassword } from '../web/password-hash.js';
import type { TestServer } from './test-server.js';

export async function signInWithPassword(
  server: TestServer,
  user: { id: number; login: string },
  password = `${user.login} password`,
): Promise<string> {
  await server.sql`UPDATE accounts SET password_hash = ${await hashPassword(password)} WHERE id = ${user.id}`;
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: user.login, password, return_to: '/login' }).toString(),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in of ${user.login} failed: ${login.status}`);
  return cookie;
}

/** Signs the user in and reads the CSRF token of a form page, as a browser would before posting it. */
export async function signInForForm(
  server: TestServer,
  user: { id: number; login: string },
  formPath: string,
): Promise<{ cookie: string; csrf: string }> {
  const cookie = await signInWithPassword(server, user);
  const page = await fetch(server.url + formPath, { redirect: 'manual', headers: { cookie } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!csrf) throw new Error(`no CSRF field on ${formPath} (status ${page.status})`);
  return { cookie, csrf };
}
