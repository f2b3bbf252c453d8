// Every /repos/{owner}/{repo}/… operation is also served under
// /repositories/{id}/… (generated aliases, not operations of openapi.yaml):
// the same handler with the same permission checks, reads and writes alike,
// and any operation added under /repos/{owner}/{repo} gets its alias.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeTable, type OperationId } from '../generated/routes.js';
import { restRoutes } from '../http/rest-routes.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let openId: number;
let closedId: number;

async function create(name: string, isPrivate = false): Promise<number> {
  const res = await server.createRepo(alice.token, { name, auto_init: true, private: isPrivate });
  return res.id;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  openId = await create('open');
  closedId = await create('closed', true);
});
afterAll(() => server.close());

describe('the generated route table', () => {
  it('gives every operation under /repos/{owner}/{repo} a /repositories/{repository_id} route of the same method', () => {
    const routes = restRoutes();
    const scoped = (Object.keys(routeTable) as OperationId[]).filter((id) =>
      /^\/repos\/\{owner\}\/\{repo\}(\/|$)/.test(routeTable[id].path),
    );
    expect(scoped.length).toBeGreaterThan(10);
    for (const operationId of scoped) {
      const { method, repositoryIdRoute } = routeTable[operationId];
      expect(repositoryIdRoute, operationId).toMatch(/^\/repositories\/:repository_id/);
      const target = routes.get(repositoryIdRoute!)?.get(method);
      // GET /repositories/{repository_id} stays its own operation (repos/get-by-id).
      expect(target?.operationId === operationId || target?.operationId === 'repos/get-by-id', operationId).toBe(true);
    }
    expect(
      (Object.keys(routeTable) as OperationId[])
        .filter((id) => !scoped.includes(id))
        .every((id) => routeTable[id].repositoryIdRoute === null),
    ).toBe(true);
  });
});

describe('/repositories/{repository_id}/…', () => {
  for (const base of ['', '/api/v3']) {
    it(`answers reads as by name (${base || 'root'})`, async () => {
      for (const rest of [
        '/git/refs',
        '/git/ref/heads/main',
        '/git/matching-refs/heads/',
        '/git/matching-refs/',
        '/hooks',
      ]) {
        const byId = await server.api(`${base}/repositories/${openId}${rest}`, { token: alice.token });
        const byName = await server.api(`${base}/repos/alice/open${rest}`, { token: alice.token });
        expect(byId.status, rest).toBe(200);
        expect(await byId.json(), rest).toEqual(await byName.json());
      }
    });
  }

  it('writes as by name: create and delete a ref, a hook, update and delete the repository', async () => {
    const main = await (await server.api(`/repositories/${openId}/git/ref/heads/main`)).json();
    const created = await server.api(`/repositories/${openId}/git/refs`, {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/heads/by-id', sha: main.object.sha },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${server.url}/api/v3/repos/alice/open/git/refs/heads/by-id`);
    expect((await server.api('/repos/alice/open/git/ref/heads/by-id')).status).toBe(200);
    expect(
      (
        await server.api(`/api/v3/repositories/${openId}/git/refs/heads/by-id`, {
          method: 'DELETE',
          token: alice.token,
        })
      ).status,
    ).toBe(204);
    expect((await server.api('/repos/alice/open/git/ref/heads/by-id')).status).toBe(404);

    const hook = await server.api(`/repositories/${openId}/hooks`, {
      method: 'POST',
      token: alice.token,
      body: { config: { url: 'https://hooks.example.com/x' }, active: false },
    });
    expect(hook.status).toBe(201);
    const hookId = (await hook.json()).id;
    expect(
      (await server.api(`/repositories/${openId}/hooks/${hookId}`, { method: 'DELETE', token: alice.token })).status,
    ).toBe(204);

    const patched = await server.api(`/repositories/${openId}`, {
      method: 'PATCH',
      token: alice.token,
      body: { description: 'by id' },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ id: openId, description: 'by id' });
    const doomed = await create('doomed');
    expect((await server.api(`/repositories/${doomed}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await server.api('/repos/alice/doomed', { token: alice.token })).status).toBe(404);
  });

  it('checks permissions as by name: private repositories, writes without rights, validation', async () => {
    const cases: Array<[string, string, string | undefined, unknown]> = [
      ['GET', '/git/refs', undefined, undefined],
      ['GET', '/git/refs', bob.token, undefined],
      ['POST', '/git/refs', bob.token, { ref: 'refs/heads/x', sha: 'a'.repeat(40) }],
      ['PATCH', '', bob.token, { description: 'no' }],
      ['DELETE', '', bob.token, undefined],
      ['POST', '/git/refs', alice.token, { ref: 'refs/heads/x' }],
      ['GET', '/hooks', bob.token, undefined],
    ];
    for (const [id, name] of [
      [closedId, 'closed'],
      [openId, 'open'],
    ] as const) {
      for (const [method, rest, token, body] of cases) {
        const byId = await server.api(`/repositories/${id}${rest}`, { method, token, body });
        const byName = await server.api(`/repos/alice/${name}${rest}`, { method, token, body });
        expect(
          byId.status,
          `${method} ${name}${rest} ${token === bob.token ? 'bob' : token ? 'alice' : 'anonymous'}`,
        ).toBe(byName.status);
        expect(await byId.json()).toEqual(await byName.json());
      }
    }
    expect((await server.api(`/repositories/${closedId}/git/refs`)).status).toBe(404);
  });

  it('is 404 for unknown and malformed ids, 405 with Allow for other methods, and HEAD is GET without a body', async () => {
    for (const id of ['999999', '0', '-1', 'abc', '1.5', '99999999999999999999']) {
      expect((await server.api(`/repositories/${id}/git/refs`, { token: alice.token })).status, id).toBe(404);
    }
    const put = await server.api(`/repositories/${openId}`, { method: 'PUT', token: alice.token, body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
    const head = await server.api(`/repositories/${openId}/git/refs`, { method: 'HEAD', token: alice.token });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('serves the archive links by id too, with and without a ref', async () => {
    for (const path of [`/repositories/${openId}/tarball/main`, `/repositories/${openId}/zipball`]) {
      const res = await fetch(server.url + path, { redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toContain(`/_archive/${openId}/`);
    }
  });

  it('follows a rename that lands between the id lookup and the handler: the write happens once, under the new name', async () => {
    const id = await create('moving');
    const byId = server.services.repos.byId.bind(server.services.repos);
    // The route's lookup by id sees the old name; the rename commits before the handler looks it up by name.
    const spy = vi.spyOn(server.services.repos, 'byId').mockImplementationOnce(async (repositoryId) => {
      const stale = await byId(repositoryId);
      expect(
        (await server.api('/repos/alice/moving', { method: 'PATCH', token: alice.token, body: { name: 'moved' } }))
          .status,
      ).toBe(200);
      return stale;
    });
    try {
      const res = await server.api(`/repositories/${id}/issues`, {
        method: 'POST',
        token: alice.token,
        body: { title: 'Filed mid-rename' },
      });
      expect(res.status).toBe(201);
      expect((await res.json()).repository_url).toMatch(/\/repos\/alice\/moved$/);
      const issues = await (await server.api('/repos/alice/moved/issues', { token: alice.token })).json();
      expect(issues.map((issue: { title: string }) => issue.title)).toEqual(['Filed mid-rename']);
      // A 404 of its own (no such issue) is answered after one more lookup, not retried.
      spy.mockClear();
      expect((await server.api(`/repositories/${id}/issues/999`, { token: alice.token })).status).toBe(404);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});
