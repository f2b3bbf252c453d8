// Hook CRUD over real HTTP: status codes, GitHub's hook body, the secret
// never coming back, PATCH semantics, validation, visibility and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

const SECRET = 'It is a secret to everybody';

beforeAll(async () => {
  // No dispatcher: these tests look at hooks, not at deliveries.
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  for (const [name, priv] of [
    ['public-repo', false],
    ['private-repo', true],
  ] as const) {
    const res = await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, private: priv } });
    expect(res.status).toBe(201);
  }
});
afterAll(() => server.close());

async function createHook(body: Record<string, unknown>, repo = 'public-repo', token = alice.token) {
  const res = await server.api(`/repos/alice/${repo}/hooks`, { method: 'POST', token, body });
  return { res, text: await res.clone().text(), json: (await res.json()) as Record<string, any> };
}

describe('POST /repos/{owner}/{repo}/hooks', () => {
  it('creates a hook with defaults, GitHub fields and no secret in the response', async () => {
    const { res, json, text } = await createHook({ config: { url: 'https://example.com/hook', secret: SECRET } });
    expect(res.status).toBe(201);
    const url = `${server.url}/api/v3/repos/alice/public-repo/hooks/${json.id}`;
    expect(res.headers.get('location')).toBe(url);
    expect(json).toMatchObject({
      type: 'Repository',
      name: 'web',
      active: true,
      events: ['push'],
      config: { url: 'https://example.com/hook', content_type: 'json', insecure_ssl: '0' },
      url,
      test_url: `${url}/test`,
      ping_url: `${url}/pings`,
      deliveries_url: `${url}/deliveries`,
      last_response: { code: null, status: 'unused', message: null },
    });
    expect(json.config).not.toHaveProperty('secret');
    expect(text).not.toContain(SECRET);
    expect(json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/hooks', method: 'post', status: 201 },
      { operationId: 'repos/create-webhook' },
    );
  });

  it('accepts insecure_ssl as 0, 1, "0" or "1" and always returns a string', async () => {
    for (const [given, stored] of [
      [1, '1'],
      [0, '0'],
      ['1', '1'],
      ['0', '0'],
    ] as const) {
      const { json } = await createHook({ config: { url: 'https://example.com/ssl', insecure_ssl: given } });
      expect(json.config.insecure_ssl).toBe(stored);
    }
  });

  it('queues a ping for an active hook in the same transaction, and none for an inactive one', async () => {
    const active = await createHook({ config: { url: 'https://example.com/a' }, events: ['issues'] });
    const inactive = await createHook({ config: { url: 'https://example.com/b' }, active: false });
    const jobs = await server.sql<{ hook_id: number; event: string }[]>`
      SELECT hook_id, event FROM webhook_jobs WHERE hook_id IN (${active.json.id}, ${inactive.json.id})`;
    expect(jobs).toEqual([{ hook_id: active.json.id, event: 'ping' }]);
  });

  it('rejects bad input with 422 and errors[]', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ config: {} }, 'missing_field'],
      [{ config: { url: 'ftp://example.com/x' } }, 'invalid'],
      [{ config: { url: 'not a url' } }, 'invalid'],
      [{ config: { url: 'https://example.com' }, events: ['push', 'no_such_event'] }, 'invalid'],
      [{ config: { url: 'https://example.com', insecure_ssl: '2' } }, 'invalid'],
      [{ config: { url: 'https://example.com', content_type: 'xml' } }, 'invalid'],
      [{ name: 'email', config: { url: 'https://example.com' } }, 'invalid'],
      // PostgreSQL text cannot hold NUL: refused up front (the fuzzer once got a 500 here).
      [{ config: { url: 'https://example.com', secret: 'a\u0000b' } }, 'invalid'],
    ];
    for (const [body, code] of cases) {
      const { res, json } = await createHook(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(json.message).toBe('Validation Failed');
      expect(
        json.errors.map((e: { code: string }) => e.code),
        JSON.stringify(body),
      ).toContain(code);
    }
    const malformed = await server.api('/repos/alice/public-repo/hooks', {
      method: 'POST',
      token: alice.token,
      rawBody: '{"config":',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe('Problems parsing JSON');
  });

  it('never resolves the URL at creation', async () => {
    const { res } = await createHook({ config: { url: 'https://no-such-host.invalid/hook' } });
    expect(res.status).toBe(201);
  });
});

describe('visibility and permissions', () => {
  it('hides a private repository: 404 anonymous, 403 for a non-member', async () => {
    expect((await server.api('/repos/alice/private-repo/hooks')).status).toBe(404);
    const res = await server.api('/repos/alice/private-repo/hooks', { token: bob.token });
    expect(res.status).toBe(403);
  });

  it('needs admin rights on the repository', async () => {
    const res = await server.api('/repos/alice/public-repo/hooks', { token: bob.token });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Must have admin rights to Repository.');
    const create = await createHook({ config: { url: 'https://example.com' } }, 'public-repo', bob.token);
    expect(create.res.status).toBe(403);
  });

  it('needs a hook scope: read:repo_hook may read but not create', async () => {
    const reader = await server.tokenFor(alice.id, ['read:repo_hook']);
    expect((await server.api('/repos/alice/public-repo/hooks', { token: reader })).status).toBe(200);
    const create = await createHook({ config: { url: 'https://example.com' } }, 'public-repo', reader);
    expect(create.res.status).toBe(403);
    expect(create.res.headers.get('x-accepted-oauth-scopes')).toBe('write:repo_hook, admin:repo_hook, repo');
    const userOnly = await server.tokenFor(alice.id, ['user']);
    expect((await server.api('/repos/alice/public-repo/hooks', { token: userOnly })).status).toBe(403);
  });
});

describe('GET, PATCH and DELETE /repos/{owner}/{repo}/hooks/{hook_id}', () => {
  it('gets and lists hooks, paginated', async () => {
    const { json: hook } = await createHook({ config: { url: 'https://example.com/get' } });
    const got = await server.api(`/repos/alice/public-repo/hooks/${hook.id}`, { token: alice.token });
    expect(got.status).toBe(200);
    const body = await got.json();
    expect(body).toEqual(hook);
    expectBothSchemas(
      body,
      { path: '/repos/{owner}/{repo}/hooks/{hook_id}', method: 'get' },
      { operationId: 'repos/get-webhook' },
    );
    const page = await server.api('/repos/alice/public-repo/hooks?per_page=2', { token: alice.token });
    const list = await page.json();
    expect(list).toHaveLength(2);
    expectBothSchemas(
      list,
      { path: '/repos/{owner}/{repo}/hooks', method: 'get' },
      { operationId: 'repos/list-webhooks' },
    );
    expect(page.headers.get('link')).toContain('rel="next"');
  });

  it('changes only the fields present; config with only url keeps the secret and other values', async () => {
    const { json: hook } = await createHook({
      config: { url: 'https://example.com/old', content_type: 'form', insecure_ssl: '1', secret: SECRET },
      events: ['push', 'create'],
    });
    const path = `/repos/alice/public-repo/hooks/${hook.id}`;
    const patched = await server.api(path, {
      method: 'PATCH',
      token: alice.token,
      body: { config: { url: 'https://example.com/new' } },
    });
    expect(patched.status).toBe(200);
    const json = await patched.json();
    expect(json.config).toEqual({ url: 'https://example.com/new', content_type: 'form', insecure_ssl: '1' });
    expect(json.events).toEqual(['push', 'create']);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/hooks/{hook_id}', method: 'patch' },
      { operationId: 'repos/update-webhook' },
    );
    const [row] = await server.sql<{ secret: string }[]>`SELECT secret FROM hooks WHERE id = ${hook.id}`;
    expect(row!.secret).toBe(SECRET);

    const events = await server.api(path, {
      method: 'PATCH',
      token: alice.token,
      body: { add_events: ['delete'], remove_events: ['push'], active: false },
    });
    expect(await events.json()).toMatchObject({
      events: ['create', 'delete'],
      active: false,
      config: { url: 'https://example.com/new' },
    });
    const bad = await server.api(path, {
      method: 'PATCH',
      token: alice.token,
      body: { config: { url: 'gopher://x' } },
    });
    expect(bad.status).toBe(422);
    // No body at all is not an empty change: 400, as for any missing required body.
    const noBody = await server.api(path, { method: 'PATCH', token: alice.token });
    expect(noBody.status).toBe(400);
    expect((await noBody.json()).message).toBe('Body should be a JSON object');
  });

  it('deletes a hook (204), after which it is 404', async () => {
    const { json: hook } = await createHook({ config: { url: 'https://example.com/del' } });
    const path = `/repos/alice/public-repo/hooks/${hook.id}`;
    expect((await server.api(path, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await server.api(path, { token: alice.token })).status).toBe(404);
    expect((await server.api(path, { method: 'DELETE', token: alice.token })).status).toBe(404);
  });

  it('answers 404 for a hook of another repository and for malformed ids', async () => {
    const { json: hook } = await createHook({ config: { url: 'https://example.com/x' } });
    expect((await server.api(`/repos/alice/private-repo/hooks/${hook.id}`, { token: alice.token })).status).toBe(404);
    expect((await server.api('/repos/alice/public-repo/hooks/abc', { token: alice.token })).status).toBe(404);
    expect(
      (await server.api('/repos/alice/public-repo/hooks/99999999999999999999', { token: alice.token })).status,
    ).toBe(404);
  });

  it('removes the hooks with the repository', async () => {
    await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'doomed' } });
    const { json: hook } = await createHook({ config: { url: 'https://example.com/doomed' } }, 'doomed');
    expect((await server.api('/repos/alice/doomed', { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect(await server.sql`SELECT 1 FROM hooks WHERE id = ${hook.id}`).toHaveLength(0);
  });
});
