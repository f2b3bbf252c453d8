// /settings/tokens over real HTTP: sign in with a password, create personal
// access tokens through the form (the token shown once works on the API with
// exactly the chosen scopes, expires when chosen, on a clock the test moves),
// the list never shows a token, revocation takes effect at once, forms
// without the CSRF token change nothing, another user's token is out of reach,
// and refused forms come back with a message and the user's choices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_SCOPES } from '../access/token-scopes.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { signInForForm } from '../test-support/web-sign-in.js';

const DAY_MS = 24 * 3600_000;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let clock: number | undefined;
let cookie: string;
let csrf: string;

const page = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init });
const get = (path: string) => page(path, { headers: { cookie } });
const post = (path: string, fields: Record<string, string | string[]>, withCookie = true) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return page(path, {
    method: 'POST',
    body: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie } : {}) },
  });
};

/** Creates a token through the form; returns the plaintext shown on the answer. */
async function createToken(fields: Record<string, string | string[]>): Promise<string> {
  const res = await post('/settings/tokens', { csrf, ...fields });
  expect(res.status).toBe(201);
  expect(res.headers.get('cache-control')).toBe('no-store');
  const html = await res.text();
  expect(html).toContain('You won’t be able to see it again!');
  return /id="token" [^>]*value="(ghp_[A-Za-z0-9]{36})"/.exec(html)![1]!;
}

const userStatus = async (token: string) => (await server.api('/user', { token })).status;
const tokenCount = async () => Number((await server.sql`SELECT count(*) AS n FROM tokens`)[0]!.n);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, { now: () => clock ?? Date.now() });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  ({ cookie, csrf } = await signInForForm(server, alice, '/settings/tokens'));
}, 60_000);
afterAll(() => server.close());

describe('signed out', () => {
  it('sends the visitor to sign in and back, and changes nothing', async () => {
    const before = await tokenCount();
    for (const res of [
      await page('/settings/tokens'),
      await post('/settings/tokens', { note: 'x', expiration: '30' }, false),
      await post('/settings/tokens/1/delete', {}, false),
    ]) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login?return_to=%2Fsettings%2Ftokens');
    }
    expect(await tokenCount()).toBe(before);
  });
});

describe('GET /settings/tokens', () => {
  it('is an accessible page without scripts, with every known scope and a nav to the OAuth apps', async () => {
    const res = await get('/settings/tokens');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('<label for="note">');
    expect(html).toContain('<legend>Scopes</legend>');
    for (const scope of KNOWN_SCOPES) expect(html).toContain(`name="scopes" value="${scope}"`);
    expect(html).toContain('<a href="/settings/tokens" aria-current="page">');
    expect(html).toContain('<a href="/settings/applications">');
  });
});

describe('creating a token', () => {
  it('shows a token once that works with exactly the chosen scopes, and never lists it', async () => {
    const token = await createToken({ note: 'deploy <script>', scopes: ['read:user', 'repo'], expiration: '30' });
    const res = await server.api('/user', { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { login: string }).login).toBe('alice');
    expect(res.headers.get('x-oauth-scopes')).toBe('repo, read:user');
    const list = await (await get('/settings/tokens')).text();
    expect(list).toContain('deploy &lt;script&gt;');
    expect(list).not.toContain('deploy <script>');
    expect(list).not.toContain(token);
    expect(list).not.toContain(token.slice(4));
  });

  it('sets a 7-day expiry: the token stops working after it and is listed as expired', async () => {
    clock = Date.now();
    try {
      const token = await createToken({ note: 'a week', expiration: '7' });
      const [row] = await server.sql<
        { expires_at: Date; kind: string }[]
      >`SELECT expires_at, kind FROM tokens WHERE note = 'a week'`;
      expect(row!.kind).toBe('personal');
      expect(row!.expires_at.getTime()).toBe(clock + 7 * DAY_MS);
      expect(await userStatus(token)).toBe(200);
      clock += 7 * DAY_MS + 1000;
      expect(await userStatus(token)).toBe(401);
      expect(await (await get('/settings/tokens')).text()).toMatch(
        /<strong>a week<\/strong>[^\n]*<strong class="error">expired<\/strong>/,
      );
    } finally {
      clock = undefined;
    }
  });

  it('takes no expiration or a custom date, valid through that day (UTC)', async () => {
    await createToken({ note: 'forever', expiration: 'none' });
    const day = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
    await createToken({ note: 'custom', expiration: 'custom', expires_on: day, scopes: 'user' });
    const rows = await server.sql<
      { note: string; expires_at: Date | null }[]
    >`SELECT note, expires_at FROM tokens WHERE note IN ('forever', 'custom') ORDER BY note`;
    expect(rows.map((r) => [r.note, r.expires_at?.toISOString() ?? null])).toEqual([
      ['custom', `${day}T23:59:59.000Z`],
      ['forever', null],
    ]);
    expect(await (await get('/settings/tokens')).text()).toMatch(/<strong>forever<\/strong>[^\n]*expires never/);
  });

  it('refuses invalid forms with 422 and a message, keeping the user’s choices and creating nothing', async () => {
    const before = await tokenCount();
    const today = new Date().toISOString().slice(0, 10);
    const cases: [Record<string, string | string[]>, string][] = [
      [{ note: '  ', scopes: 'repo', expiration: '60' }, 'Note can’t be blank'],
      [{ note: 'x'.repeat(101), expiration: '30' }, 'Note is too long'],
      [
        { note: 'past', expiration: 'custom', expires_on: '2020-01-01', scopes: ['repo', 'user'] },
        'must be in the future',
      ],
      [{ note: 'today', expiration: 'custom', expires_on: today }, 'must be in the future'],
      [
        {
          note: 'far',
          expiration: 'custom',
          expires_on: new Date(Date.now() + 367 * DAY_MS).toISOString().slice(0, 10),
        },
        'at most one year ahead',
      ],
      [{ note: 'bad date', expiration: 'custom', expires_on: '2031-02-30' }, 'YYYY-MM-DD'],
      [{ note: 'sneaky', expiration: '30', scopes: 'admin:enterprise' }, 'Unknown scope: admin:enterprise'],
      [{ note: 'no expiry choice', expiration: '365' }, 'Choose an expiration'],
    ];
    for (const [fields, message] of cases) {
      const res = await post('/settings/tokens', { csrf, ...fields });
      expect(res.status, message).toBe(422);
      const html = await res.text();
      expect(html).toMatch(new RegExp(`role="alert"[^>]*>[^<]*${message}`));
      expect(html).toContain('aria-invalid="true"');
    }
    const kept = await (
      await post('/settings/tokens', {
        csrf,
        note: 'past <b>',
        expiration: 'custom',
        expires_on: '2020-01-01',
        scopes: ['repo', 'user'],
      })
    ).text();
    expect(kept).toContain('value="past &lt;b&gt;"');
    expect(kept).toContain('<option value="custom" selected>');
    expect(kept).toContain('value="2020-01-01"');
    expect(kept).toContain('name="scopes" value="repo" checked');
    expect(kept).toContain('name="scopes" value="user" checked');
    expect(kept).not.toContain('name="scopes" value="delete_repo" checked');
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a form without the session’s CSRF token (403) and creates nothing', async () => {
    const before = await tokenCount();
    for (const fields of [{}, { csrf: 'forged' }] as Record<string, string>[]) {
      const res = await post('/settings/tokens', { ...fields, note: 'forged', expiration: '30', scopes: 'repo' });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('role="alert"');
    }
    expect(await tokenCount()).toBe(before);
  });
});

describe('revoking a token', () => {
  it('revokes the user’s own token: it gets 401 right after, and the list says so', async () => {
    const token = await createToken({ note: 'short-lived', expiration: '30' });
    expect(await userStatus(token)).toBe(200); // now cached as valid
    const [row] = await server.sql<{ id: number }[]>`SELECT id FROM tokens WHERE note = 'short-lived'`;
    const res = await post(`/settings/tokens/${row!.id}/delete`, { csrf });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/settings/tokens?revoked=1');
    expect(await userStatus(token)).toBe(401);
    const html = await (await get(res.headers.get('location')!)).text();
    expect(html).toMatch(/role="status">Token revoked/);
    expect(html).not.toContain('short-lived');
  });

  it('answers 404 for another user’s token or an unknown id, and 403 without CSRF; the token keeps working', async () => {
    const [bobs] = await server.services.tokens.list(bob.id);
    for (const id of [String(bobs!.id), '999999', 'abc', '0']) {
      const res = await post(`/settings/tokens/${id}/delete`, { csrf });
      expect(res.status, id).toBe(404);
      expect(await res.text()).toContain('role="alert"');
    }
    const [own] = (await server.services.tokens.list(alice.id)).filter((t) => t.kind === 'personal');
    expect((await post(`/settings/tokens/${own!.id}/delete`, {})).status).toBe(403);
    expect(await server.services.tokens.byId(own!.id)).not.toBeNull();
    expect(await userStatus(bob.token)).toBe(200);
    expect(await server.services.tokens.byId(bobs!.id)).not.toBeNull();
  });

  it('does not offer or revoke OAuth app tokens here', async () => {
    const oauthToken = await server.tokenFor(alice.id, ['repo'], 'oauth');
    const [row] = await server.sql<
      { id: number }[]
    >`SELECT id FROM tokens WHERE user_id = ${alice.id} AND kind = 'oauth'`;
    expect(await (await get('/settings/tokens')).text()).not.toContain(`/settings/tokens/${row!.id}/delete`);
    expect((await post(`/settings/tokens/${row!.id}/delete`, { csrf })).status).toBe(404);
    expect(await userStatus(oauthToken)).toBe(200);
  });
});
