import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { ACCOUNT_LINK_TTL_MS } from './commit-users.js';
import { ALICE_EMAIL, OTHER_EMAIL, pushHistory, type History } from '../test-support/commit-history-fixture.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let history: History;
/** The server's clock: moved on to see a new account linked once remembered answers expire. */
let clock = Date.now();

beforeAll(async () => {
  server = await startTestServer({}, { now: () => clock });
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

const OPERATION = { path: '/repos/{owner}/{repo}/commits', method: 'get' };
const shasOf = (body: { sha: string }[]) => body.map((c) => c.sha);

async function list(query: string, base = '') {
  const res = await server.api(`${base}/repos/alice/history/commits${query}`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expectBothSchemas(body, OPERATION, { operationId: 'repos/list-commits' });
  return { body, link: res.headers.get('link') };
}

describe('GET /repos/{owner}/{repo}/commits', () => {
  it('lists the default branch as `git log` of a clone does, newest first, in GitHub’s commit shape', async () => {
    const { body } = await list('');
    expect(shasOf(body)).toEqual(await history.log(['main']));
    const root = body.find((c: { sha: string }) => c.sha === history.sha.root);
    expect(root).toMatchObject({
      url: `${server.url}/api/v3/repos/alice/history/commits/${history.sha.root}`,
      html_url: `${server.url}/alice/history/commit/${history.sha.root}`,
      commit: {
        message: 'Initial commit\n\nWith a body.',
        author: { name: 'Alice', email: ALICE_EMAIL, date: '2024-01-01T10:00:00Z' },
        committer: { name: 'Committer', email: OTHER_EMAIL, date: '2024-01-01T10:00:00Z' },
        comment_count: 0,
        verification: { verified: false, reason: 'unsigned' },
      },
      author: { login: 'alice', id: alice.id },
      committer: null,
      parents: [],
    });
    expect(root).not.toHaveProperty('id');
    expect(root).not.toHaveProperty('files');
    // node_id is the commit's GraphQL ID: node(id:) finds the same commit.
    const node = await server.api('/api/graphql', {
      method: 'POST',
      token: alice.token,
      body: { query: 'query($id: ID!) { node(id: $id) { ... on Commit { oid } } }', variables: { id: root.node_id } },
    });
    expect(((await node.json()) as { data: { node: { oid: string } } }).data.node.oid).toBe(history.sha.root);
    const merge = body.find((c: { sha: string }) => c.sha === history.sha.merge);
    expect(merge.parents.map((p: { sha: string }) => p.sha)).toEqual([history.sha.readme, history.sha.rename]);
  });

  it('starts from `sha`: a branch with a slash, an annotated tag, a full or short sha', async () => {
    expect(shasOf((await list('?sha=feature/x')).body)).toEqual(await history.log(['feature/x']));
    expect(shasOf((await list('?sha=v1')).body)).toEqual(await history.log(['v1']));
    expect(shasOf((await list(`?sha=${history.sha.binary}`)).body)).toEqual(await history.log([history.sha.binary!]));
    expect(shasOf((await list(`?sha=${history.sha.rename!.slice(0, 10)}`)).body)).toEqual(
      await history.log([history.sha.rename!]),
    );
  });

  it('filters by path, author, committer, since and until as `git log` does', async () => {
    expect(shasOf((await list('?path=README.md')).body)).toEqual(await history.log(['main', '--', 'README.md']));
    expect(shasOf((await list('?path=b.txt')).body)).toEqual([history.sha.rename]);
    expect(shasOf((await list('?author=alice')).body)).toEqual(
      await history.log(['--author=alice@example.com', 'main']),
    );
    expect(shasOf((await list(`?author=${encodeURIComponent(OTHER_EMAIL.toUpperCase())}`)).body)).toEqual([
      history.sha.binary,
    ]);
    expect(shasOf((await list(`?committer=${OTHER_EMAIL}`)).body)).toEqual(
      await history.log(['--committer=someone@elsewhere', 'main']),
    );
    expect(shasOf((await list('?author=alice&committer=alice')).body)).toEqual([]);
    expect((await list('?author=nobody-here')).body).toEqual([]);
    const since = '2024-01-03T00:00:00Z';
    const until = '2024-01-04T23:00:00Z';
    expect(shasOf((await list(`?since=${since}&until=${until}`)).body)).toEqual(
      await history.log([`--since=${since}`, `--until=${until}`, 'main']),
    );
    expect(shasOf((await list(`?since=${since}&until=${until}`)).body)).toEqual([
      history.sha.readme,
      history.sha.rename,
    ]);
  });

  it('links an account made later within ACCOUNT_LINK_TTL_MS, and shows a rename at once', async () => {
    const authorOf = async () =>
      (await list('')).body.find((c: { sha: string }) => c.sha === history.sha.binary).author;
    expect(await authorOf()).toBeNull();
    const someone = await server.services.accounts.create('someone', 'User', { email: OTHER_EMAIL });
    expect(await authorOf()).toBeNull();
    clock += ACCOUNT_LINK_TTL_MS;
    expect(await authorOf()).toMatchObject({ login: 'someone', id: someone.id });
    await server.services.accounts.rename(someone.id, 'someone-else');
    expect(await authorOf()).toMatchObject({ login: 'someone-else' });
  });

  it('takes a path literally, never as a pathspec pattern', async () => {
    expect((await list(`?path=${encodeURIComponent(':(glob)*.txt')}`)).body).toEqual([]);
    expect((await list('?path=*.md')).body).toEqual([]);
  });

  for (const base of ['', '/api/v3']) {
    it(`pages with per_page/page and a Link header naming /api/v3 URLs (${base || 'root'})`, async () => {
      const all = await history.log(['main']);
      const first = await list('?per_page=2', base);
      expect(shasOf(first.body)).toEqual(all.slice(0, 2));
      const last = Math.ceil(all.length / 2);
      expect(first.link).toBe(
        `<${server.url}/api/v3/repos/alice/history/commits?per_page=2&page=2>; rel="next", <${server.url}/api/v3/repos/alice/history/commits?per_page=2&page=${last}>; rel="last"`,
      );
      const second = await list('?per_page=2&page=2', base);
      expect(shasOf(second.body)).toEqual(all.slice(2, 4));
      expect(second.link).toContain('rel="prev"');
      expect(second.link).toContain('rel="first"');
      expect((await list(`?per_page=2&page=${last + 1}`, base)).body).toEqual([]);
    });
  }

  it('counts filtered history for the last page', async () => {
    const { link } = await list('?path=README.md&per_page=1');
    const expected = (await history.log(['main', '--', 'README.md'])).length;
    expect(link).toContain(`page=${expected}>; rel="last"`);
  });

  it('answers the same page again from its cache, and a moved branch with its new history', async () => {
    const before = (await list('?sha=other')).body;
    expect(shasOf((await list('?sha=other')).body)).toEqual(shasOf(before));
    await history.git.ok(
      [
        'push',
        '--quiet',
        '--force',
        `${server.url.replace('//', `//x-access-token:${alice.token}@`)}/alice/history.git`,
        `${history.sha.root}:refs/heads/other`,
      ],
      { cwd: history.work },
    );
    expect(shasOf((await list('?sha=other')).body)).toEqual([history.sha.root]);
  });

  it('is 404 for an unknown sha, 409 for an empty repository', async () => {
    const res = await server.api('/repos/alice/history/commits?sha=no-such-branch');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('No commit found for SHA: no-such-branch');
    const empty = await server.api('/repos/alice/empty/commits', { token: alice.token });
    expect(empty.status).toBe(409);
    expect((await empty.json()).message).toBe('Git Repository is empty.');
  });

  it('follows repository visibility: 404 anonymous, 403 non-member', async () => {
    expect((await server.api('/repos/alice/hidden/commits')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/commits', { token: bob.token })).status).toBe(403);
    expect((await server.api('/repos/alice/hidden/commits', { token: alice.token })).status).toBe(200);
  });
});
