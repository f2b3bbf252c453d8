// /settings/tokens in a real browser (Chromium, pages as served): a person
// signs in, generates a personal token with the scopes and expiry they pick,
// copies it from the page once, uses it on the API, then revokes it on the
// page, after which the API refuses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heading, submitSignIn, useBrowser } from '../test-support/browser.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { hashPassword } from './password-hash.js';

const PASSWORD = 'correct horse battery staple';
const browser = useBrowser();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const alice = await server.createUser('alice');
  await server.sql`UPDATE accounts SET password_hash = ${await hashPassword(PASSWORD)} WHERE id = ${alice.id}`;
});
afterAll(() => server?.close());

describe('personal tokens in Chromium', () => {
  it('generates a token with the chosen scopes and expiry, which works until it is revoked on the page', async () => {
    const { page } = browser;
    // A visitor is sent to sign in first and comes back to the settings page.
    await page.goto(`${server.url}/settings/tokens`);
    expect(await heading(page)).toBe('Sign in to Wharf');
    await submitSignIn(page, 'alice', PASSWORD);
    expect(await heading(page)).toBe('Personal access tokens');

    await page.getByLabel('Note (what is this token for?)').fill('deploy script');
    // A date the person picks: 10 days ahead; the token then works to the end of that day (UTC).
    const expiresOn = new Date(Date.now() + 10 * 24 * 3600_000).toISOString().slice(0, 10);
    await page.getByRole('combobox', { name: 'Expiration' }).selectOption({ label: 'Custom date (below)' });
    await page.getByLabel('Custom expiration date, UTC').fill(expiresOn);
    await page.getByRole('checkbox', { name: 'repo Full control of private repositories', exact: true }).check();
    await page.getByRole('checkbox', { name: 'read:user Read all user profile data', exact: true }).check();
    await page.getByRole('button', { name: 'Generate token' }).click();

    expect(await heading(page)).toBe('New personal access token');
    expect(await page.getByRole('status').innerText()).toContain('You won’t be able to see it again');
    const token = await page.getByLabel('Token “deploy script”').inputValue();
    expect(token).toMatch(/^ghp_/);
    expect(await page.getByRole('main').innerText()).toContain(
      `Scopes: repo, read:user. Expires ${expiresOn} 23:59 UTC.`,
    );

    const me = await server.api('/user', { token });
    expect(me.status).toBe(200);
    expect((await me.json()).login).toBe('alice');
    expect(me.headers.get('x-oauth-scopes')).toBe('repo, read:user');

    // The list shows the token by its note and scopes, never the token itself.
    await page.getByRole('link', { name: 'Back to your tokens' }).click();
    const listed = await page.getByRole('main').innerText();
    expect(listed).toContain('deploy script: repo, read:user');
    expect(listed).not.toContain(token);

    await page.getByRole('button', { name: 'Revoke deploy script' }).click();
    expect(await page.getByRole('status').innerText()).toContain('Token revoked.');
    expect(await page.getByRole('main').innerText()).not.toContain('deploy script');
    expect((await server.api('/user', { token })).status).toBe(401);
  });
});
