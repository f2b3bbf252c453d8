// Whichever base a client uses (the root, or /api/v3 as GitHub Enterprise
// clients do), the API URLs Wharf writes are under /api/v3 and web URLs at the
// root; and a client following them (PyGithub follows `url` fields and `Link`,
// refusing URLs outside its base) gets 200.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../contract-tests/properties/parse-link-header.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  // Two repositories before any test, so a page of one has a next page.
  for (const name of ['first', 'second'])
    await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name } });
});
afterAll(() => server.close());

// Fields GitHub fills with web URLs (pages, git remotes, images).
const WEB_FIELDS = new Set([
  'html_url',
  'clone_url',
  'git_url',
  'ssh_url',
  'svn_url',
  'avatar_url',
  'external_url',
  'mirror_url',
]);

/** Every `url` / `…_url` field holding one of our URLs, with its JSON path. */
function urlFields(value: unknown, path = '$'): { path: string; key: string; url: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => urlFields(item, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, field]) => {
    if (typeof field === 'string' && /(^|_)url$/.test(key) && field.startsWith(server.url))
      return [{ path: `${path}.${key}`, key, url: field }];
    return urlFields(field, `${path}.${key}`);
  });
}

function expectUrlsPlaced(body: unknown) {
  const fields = urlFields(body);
  expect(fields.length).toBeGreaterThan(0);
  for (const { path, key, url } of fields) {
    if (WEB_FIELDS.has(key)) expect(url.startsWith(`${server.url}/api/`), path).toBe(false);
    else expect(url.startsWith(`${server.url}/api/v3/`), `${path} = ${url}`).toBe(true);
  }
}

/** GET an absolute URL Wharf wrote, as a client following it does. */
function follow(url: string) {
  expect(url.startsWith(`${server.url}/api/v3/`), url).toBe(true);
  return server.api(url.slice(server.url.length), { token: alice.token });
}

describe('API URLs are under /api/v3 whichever base is used', () => {
  for (const base of ['', '/api/v3']) {
    const label = base || 'root';
    const name = `urls-${label.replace(/\W/g, '')}`;

    it(`repositories: Location, url fields, html_url/clone_url at the root, followed (${label})`, async () => {
      const created = await server.api(`${base}/user/repos`, {
        method: 'POST',
        token: alice.token,
        body: { name, auto_init: true },
      });
      expect(created.status).toBe(201);
      const repo = await created.json();
      expectBothSchemas(
        repo,
        { path: '/user/repos', method: 'post', status: 201 },
        { operationId: 'repos/create-for-authenticated-user' },
      );
      expect(created.headers.get('location')).toBe(`${server.url}/api/v3/repos/alice/${name}`);
      expect(repo).toMatchObject({
        url: `${server.url}/api/v3/repos/alice/${name}`,
        hooks_url: `${server.url}/api/v3/repos/alice/${name}/hooks`,
        html_url: `${server.url}/alice/${name}`,
        clone_url: `${server.url}/alice/${name}.git`,
        owner: { url: `${server.url}/api/v3/users/alice`, html_url: `${server.url}/alice` },
      });
      expectUrlsPlaced(repo);

      const again = await follow(repo.url);
      expect(again.status).toBe(200);
      const got = await again.json();
      expect(got.id).toBe(repo.id);
      expectBothSchemas(got, { path: '/repos/{owner}/{repo}', method: 'get' }, { operationId: 'repos/get' });
      expect((await follow(created.headers.get('location')!)).status).toBe(200);
      expect((await follow(repo.owner.url)).status).toBe(200);
    });

    it(`Link headers point under /api/v3 and their next page answers (${label})`, async () => {
      const first = await server.api(`${base}/user/repos?per_page=1`, { token: alice.token });
      expect(first.status).toBe(200);
      const links = parseLinkHeader(first.headers.get('link'));
      expect(Object.keys(links).sort()).toEqual(['last', 'next']);
      for (const url of Object.values(links))
        expect(url.startsWith(`${server.url}/api/v3/user/repos?`), url).toBe(true);
      const next = await follow(links.next!);
      expect(next.status).toBe(200);
      const page = await next.json();
      expect(page).toHaveLength(1);
      expectBothSchemas(
        page,
        { path: '/user/repos', method: 'get' },
        { operationId: 'repos/list-for-authenticated-user' },
      );
      expectUrlsPlaced(page);
    });

    it(`hooks: Location and url fields under /api/v3, each followed (${label})`, async () => {
      const created = await server.api(`${base}/repos/alice/${name}/hooks`, {
        method: 'POST',
        token: alice.token,
        body: { config: { url: 'https://example.com/hook' } },
      });
      expect(created.status).toBe(201);
      const hook = await created.json();
      expectBothSchemas(
        hook,
        { path: '/repos/{owner}/{repo}/hooks', method: 'post', status: 201 },
        { operationId: 'repos/create-webhook' },
      );
      expect(created.headers.get('location')).toBe(hook.url);
      expect(hook.url).toBe(`${server.url}/api/v3/repos/alice/${name}/hooks/${hook.id}`);
      expectUrlsPlaced(hook);
      const got = await follow(hook.url);
      expect(got.status).toBe(200);
      expectBothSchemas(
        await got.json(),
        { path: '/repos/{owner}/{repo}/hooks/{hook_id}', method: 'get' },
        { operationId: 'repos/get-webhook' },
      );
      expect((await follow(hook.deliveries_url)).status).toBe(200);

      await server.api(`${base}/repos/alice/${name}/hooks`, {
        method: 'POST',
        token: alice.token,
        body: { config: { url: 'https://example.com/other' } },
      });
      const list = await server.api(`${base}/repos/alice/${name}/hooks?per_page=1`, { token: alice.token });
      const next = parseLinkHeader(list.headers.get('link')).next!;
      expect(next).toBe(`${server.url}/api/v3/repos/alice/${name}/hooks?per_page=1&page=2`);
      expect((await follow(next)).status).toBe(200);
    });

    it(`refs: Location and url fields under /api/v3, each followed (${label})`, async () => {
      const main = await (
        await server.api(`${base}/repos/alice/${name}/git/ref/heads/main`, { token: alice.token })
      ).json();
      expectUrlsPlaced(main);
      const created = await server.api(`${base}/repos/alice/${name}/git/refs`, {
        method: 'POST',
        token: alice.token,
        body: { ref: 'refs/heads/topic', sha: main.object.sha },
      });
      expect(created.status).toBe(201);
      const ref = await created.json();
      expectBothSchemas(
        ref,
        { path: '/repos/{owner}/{repo}/git/refs', method: 'post', status: 201 },
        { operationId: 'git/create-ref' },
      );
      expect(created.headers.get('location')).toBe(`${server.url}/api/v3/repos/alice/${name}/git/refs/heads/topic`);
      expect(ref.url).toBe(created.headers.get('location'));
      const got = await follow(ref.url);
      expect(got.status).toBe(200);
      expect(await got.json()).toEqual(ref);
    });
  }
});
