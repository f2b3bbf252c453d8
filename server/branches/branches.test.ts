import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushHistory, type History } from '../test-support/commit-history-fixture.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let history: History;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  history = await pushHistory(server, alice, 'history');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
  await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'hidden', private: true, auto_init: true },
  });
});
afterAll(async () => {
  await server?.close();
  await history?.git.close();
});

describe('GET /repos/{owner}/{repo}/branches', () => {
  for (const base of ['', '/api/v3']) {
    it(`lists every branch by name with its head commit (${base || 'root'})`, async () => {
      const res = await server.api(`${base}/repos/alice/history/branches`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expectBothSchemas(
        body,
        { path: '/repos/{owner}/{repo}/branches', method: 'get' },
        { operationId: 'repos/list-branches' },
      );
      const heads = (
        await history.git.ok(['for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads/'], {
          cwd: history.work,
        })
      ).split('\n');
      expect(body.map((b: { name: string; commit: { sha: string } }) => `${b.name} ${b.commit.sha}`)).toEqual(heads);
      expect(body[0]).toEqual({
        name: 'feature/x',
        protected: false,
        commit: {
          sha: history.sha.rename,
          url: `${server.url}/api/v3/repos/alice/history/commits/${history.sha.rename}`,
        },
      });
    });
  }

  it('filters by protection (none is protected yet) and pages with Link', async () => {
    expect(await (await server.api('/repos/alice/history/branches?protected=true')).json()).toEqual([]);
    expect(await (await server.api('/repos/alice/history/branches?protected=false')).json()).toHaveLength(3);
    const first = await server.api('/repos/alice/history/branches?per_page=2');
    expect((await first.json()).map((b: { name: string }) => b.name)).toEqual(['feature/x', 'main']);
    expect(first.headers.get('link')).toBe(
      `<${server.url}/api/v3/repos/alice/history/branches?per_page=2&page=2>; rel="next", <${server.url}/api/v3/repos/alice/history/branches?per_page=2&page=2>; rel="last"`,
    );
    expect(
      (await (await server.api('/repos/alice/history/branches?per_page=2&page=2')).json()).map(
        (b: { name: string }) => b.name,
      ),
    ).toEqual(['other']);
  });

  it('is [] for an empty repository and follows visibility', async () => {
    expect(await (await server.api('/repos/alice/empty/branches', { token: alice.token })).json()).toEqual([]);
    expect((await server.api('/repos/alice/hidden/branches')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/branches', { token: bob.token })).status).toBe(403);
  });
});

describe('GET /repos/{owner}/{repo}/branches/{branch}', () => {
  for (const base of ['', '/api/v3']) {
    for (const name of ['feature/x', 'feature%2Fx']) {
      it(`gives the branch ${name} with its full head commit (${base || 'root'})`, async () => {
        const res = await server.api(`${base}/repos/alice/history/branches/${name}`);
        expect(res.status).toBe(200);
        const body = await res.json();
        expectBothSchemas(
          body,
          { path: '/repos/{owner}/{repo}/branches/{branch}', method: 'get' },
          { operationId: 'repos/get-branch' },
        );
        expect(body).toMatchObject({
          name: 'feature/x',
          protected: false,
          commit: { sha: history.sha.rename, author: { login: 'alice' }, commit: { message: 'Rename a.txt to b.txt' } },
          _links: {
            self: `${server.url}/api/v3/repos/alice/history/branches/feature/x`,
            html: `${server.url}/alice/history/tree/feature/x`,
          },
          protection: {
            enabled: false,
            required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] },
          },
          protection_url: `${server.url}/api/v3/repos/alice/history/branches/feature/x/protection`,
        });
      });
    }
  }

  it('is 404 "Branch not found" for a missing branch, a tag or a sha; follows visibility', async () => {
    for (const name of ['nope', 'v1', history.sha.root!, '..%2F..%2Fconfig']) {
      const res = await server.api(`/repos/alice/history/branches/${name}`);
      expect(res.status, name).toBe(404);
      expect((await res.json()).message).toBe('Branch not found');
    }
    expect((await server.api('/repos/alice/hidden/branches/main')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/branches/main', { token: bob.token })).status).toBe(403);
    expect((await server.api('/repos/alice/hidden/branches/main', { token: alice.token })).status).toBe(200);
  });
});
