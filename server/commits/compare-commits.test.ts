import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { pushHistory, type History } from '../test-support/commit-history-fixture.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let history: History;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  history = await pushHistory(server, alice, 'history');
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

const OPERATION = { path: '/repos/{owner}/{repo}/compare/{basehead}', method: 'get' };
const shasOf = (body: { sha: string }[]) => body.map((c) => c.sha);
const inClone = (args: string[]) => history.git.ok(args, { cwd: history.work });

async function compare(basehead: string, query = '', base = '') {
  const res = await server.api(`${base}/repos/alice/history/compare/${basehead}${query}`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expectBothSchemas(body, OPERATION, { operationId: 'repos/compare-commits-with-basehead' });
  return { body, link: res.headers.get('link') };
}

describe('GET /repos/{owner}/{repo}/compare/{basehead}', () => {
  for (const base of ['', '/api/v3']) {
    it(`compares a branch ahead of its base: commits oldest first, files since the merge base (${base || 'root'})`, async () => {
      const { body } = await compare('other...main', '', base);
      const commits = await history.log(['--reverse', 'other..main']);
      expect(body).toMatchObject({
        status: 'diverged',
        ahead_by: commits.length,
        behind_by: 1,
        total_commits: commits.length,
        base_commit: { sha: history.sha.other },
        merge_base_commit: { sha: history.sha.binary },
        url: `${server.url}/api/v3/repos/alice/history/compare/other...main`,
        html_url: `${server.url}/alice/history/compare/other...main`,
        permalink_url: `${server.url}/alice/history/compare/alice:${history.sha.other}...alice:${history.sha.remove}`,
        diff_url: `${server.url}/alice/history/compare/other...main.diff`,
        patch_url: `${server.url}/alice/history/compare/other...main.patch`,
      });
      expect(shasOf(body.commits)).toEqual(commits);
      const names = (await inClone(['diff', '--name-only', '-M', 'other...main'])).split('\n');
      expect(body.files.map((f: { filename: string }) => f.filename)).toEqual(names);
    });
  }

  it('says ahead, behind and identical', async () => {
    expect((await compare(`${history.sha.root}...main`)).body).toMatchObject({ status: 'ahead', behind_by: 0 });
    expect((await compare('main...feature/x')).body).toMatchObject({
      status: 'behind',
      ahead_by: 0,
      behind_by: 3,
      commits: [],
      files: [],
    });
    expect((await compare('main...main')).body).toMatchObject({
      status: 'identical',
      ahead_by: 0,
      behind_by: 0,
      total_commits: 0,
    });
    expect((await compare('v1...feature/x')).body).toMatchObject({ status: 'diverged', ahead_by: 1, behind_by: 1 });
  });

  it('compares the two commits themselves with two dots, and takes owner:ref sides', async () => {
    const three = (await compare('other...main')).body;
    const two = (await compare('other..main')).body;
    expect(shasOf(two.commits)).toEqual(shasOf(three.commits));
    const names = (await inClone(['diff', '--name-only', '-M', 'other', 'main'])).split('\n');
    expect(two.files.map((f: { filename: string }) => f.filename)).toEqual(names);
    expect(two.files.map((f: { filename: string }) => f.filename)).toContain('other.txt');
    expect(shasOf((await compare('alice:other...alice:history:main')).body.commits)).toEqual(shasOf(three.commits));
    expect((await server.api('/repos/alice/history/compare/bob:other...main')).status).toBe(404);
  });

  it('pages the commits when asked, with a Link header', async () => {
    const all = await history.log(['--reverse', `${history.sha.root}..main`]);
    const first = await compare(`${history.sha.root}...main`, '?per_page=2');
    expect(shasOf(first.body.commits)).toEqual(all.slice(0, 2));
    expect(first.body.total_commits).toBe(all.length);
    expect(first.link).toContain('rel="next"');
    expect(first.body.files.length).toBeGreaterThan(0);
    const second = await compare(`${history.sha.root}...main`, '?per_page=2&page=2');
    expect(shasOf(second.body.commits)).toEqual(all.slice(2, 4));
    expect(second.body.files).toEqual([]);
  });

  it('answers the diff and patch media types as text', async () => {
    const diff = await server.api('/repos/alice/history/compare/other...main', {
      headers: { accept: 'application/vnd.github.diff' },
    });
    expect(diff.headers.get('content-type')).toBe('application/vnd.github.diff; charset=utf-8');
    expect((await diff.text()).trim()).toBe(await inClone(['diff', '-M', 'other...main']));
    const patch = await server.api('/repos/alice/history/compare/other...main', {
      headers: { accept: 'application/vnd.github.patch' },
    });
    expect((await patch.text()).trim()).toBe(
      await inClone(['format-patch', '--stdout', '-M', '--no-signature', 'other..main']),
    );
  });

  it('is 404 for an unknown ref or a malformed basehead; follows visibility', async () => {
    for (const basehead of ['main...nope', 'nope...main', 'main', 'main....x', '...main']) {
      expect((await server.api(`/repos/alice/history/compare/${basehead}`)).status, basehead).toBe(404);
    }
    expect((await server.api('/repos/alice/hidden/compare/main...main')).status).toBe(404);
    expect((await server.api('/repos/alice/hidden/compare/main...main', { token: bob.token })).status).toBe(403);
    expect((await server.api('/repos/alice/hidden/compare/main...main', { token: alice.token })).status).toBe(200);
  });
});
