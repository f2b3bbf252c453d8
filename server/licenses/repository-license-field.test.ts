// The repository bodies' `license` (REST get and lists) and GraphQL's
// `licenseInfo`: the default branch's LICENSE file, kept by the ref-change
// path, so it follows a contents update, a push, a deletion and a change of
// default branch; null without a license file.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cloneUrl, gitCli } from '../test-support/git-cli.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { licenseByKey } from './license-catalog.js';

let server: TestServer;
let alice: TestUser;

const filled = (key: string) =>
  licenseByKey(key)!.body.replace('[year]', '2026').replace('[fullname]', 'Alice Example');
const MIT = filled('mit');
const APACHE = filled('apache-2.0');

async function api(path: string, method = 'GET', body?: unknown) {
  const res = await server.api(path, { method, token: alice.token, body });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as Record<string, any>;
}

const putFile = async (repo: string, path: string, text: string, sha?: string) =>
  api(`/repos/alice/${repo}/contents/${path}`, 'PUT', {
    message: `write ${path}`,
    content: Buffer.from(text).toString('base64'),
    ...(sha ? { sha } : {}),
  });

const licenseOf = async (repo: string) => (await api(`/repos/alice/${repo}`)).license;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  await server.createRepo(alice.token, { name: 'mit', auto_init: true });
  await putFile('mit', 'LICENSE', MIT);
  await server.createRepo(alice.token, { name: 'none', auto_init: true });
  await server.createRepo(alice.token, { name: 'empty' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the repository body’s license', () => {
  it('is the MIT license of the default branch’s LICENSE in get, as GitHub’s license-simple', async () => {
    const body = await api('/repos/alice/mit');
    expect(githubResponseErrors('repos/get', 200, body)).toBe('');
    expect(body.license).toEqual({
      key: 'mit',
      name: 'MIT License',
      spdx_id: 'MIT',
      url: `${server.url}/api/v3/licenses/mit`,
      node_id: Buffer.from('07:Licensemit').toString('base64'),
    });
    expect(await licenseOf('none')).toBeNull();
    expect(await licenseOf('empty')).toBeNull();
  });

  it('is the same in lists (/user/repos), null where there is no license file', async () => {
    const list = (await server.api('/user/repos', { token: alice.token }).then((r) => r.json())) as any[];
    expect(githubResponseErrors('repos/list-for-authenticated-user', 200, list)).toBe('');
    const byName = Object.fromEntries(list.map((repo) => [repo.name, repo.license]));
    expect(byName.mit).toMatchObject({ key: 'mit', spdx_id: 'MIT' });
    expect(byName.none).toBeNull();
    expect(byName.empty).toBeNull();
  });

  it('costs no git command: get, a list and licenseInfo read the column the ref-change path keeps', async () => {
    // Every git command names its repository's directory through pathOf.
    const gitRuns = vi.spyOn(server.services.git, 'pathOf');
    try {
      expect((await api('/repos/alice/mit')).license).toMatchObject({ key: 'mit' });
      const list = (await server
        .api('/user/repos?per_page=100', { token: alice.token })
        .then((r) => r.json())) as any[];
      expect(list.find((repo) => repo.name === 'mit').license).toMatchObject({ key: 'mit' });
      const res = await api('/graphql', 'POST', {
        query: '{ viewer { repositories(first: 100) { nodes { name licenseInfo { key } } } } }',
      });
      expect(res.data.viewer.repositories.nodes).toContainEqual({ name: 'mit', licenseInfo: { key: 'mit' } });
      expect(gitRuns).not.toHaveBeenCalled();
    } finally {
      gitRuns.mockRestore();
    }
  });

  it('is licenseInfo in GraphQL', async () => {
    const res = await api('/graphql', 'POST', {
      query: `{ mit: repository(owner: "alice", name: "mit") { licenseInfo { key name spdxId pseudoLicense url nickname } }
                none: repository(owner: "alice", name: "none") { licenseInfo { key } } }`,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.mit.licenseInfo).toEqual({
      key: 'mit',
      name: 'MIT License',
      spdxId: 'MIT',
      pseudoLicense: false,
      url: 'https://choosealicense.com/licenses/mit/',
      nickname: null,
    });
    expect(res.data.none.licenseInfo).toBeNull();
  });

  it('follows LICENSE through contents updates: another license, a text of none (other), a deletion', async () => {
    await server.createRepo(alice.token, { name: 'moving', auto_init: true });
    const first = await putFile('moving', 'LICENSE', MIT);
    expect(await licenseOf('moving')).toMatchObject({ spdx_id: 'MIT' });
    const second = await putFile('moving', 'LICENSE', APACHE, first.content.sha);
    expect(await licenseOf('moving')).toMatchObject({ key: 'apache-2.0', spdx_id: 'Apache-2.0' });
    const third = await putFile('moving', 'LICENSE', 'All rights reserved. Ask before you copy.', second.content.sha);
    expect(await licenseOf('moving')).toEqual({
      key: 'other',
      name: 'Other',
      spdx_id: 'NOASSERTION',
      url: null,
      node_id: Buffer.from('07:License0').toString('base64'),
    });
    await api('/repos/alice/moving/contents/LICENSE', 'DELETE', { message: 'drop it', sha: third.content.sha });
    expect(await licenseOf('moving')).toBeNull();
  });

  it('follows a git push that adds, then removes, the LICENSE file', async () => {
    await server.createRepo(alice.token, { name: 'pushed', auto_init: true });
    const git = await gitCli();
    try {
      const dir = join(git.home, 'pushed');
      await git.ok(['clone', cloneUrl(server.url, 'alice/pushed.git', alice.token), dir]);
      await writeFile(join(dir, 'LICENSE'), APACHE);
      await git.ok(['add', 'LICENSE'], { cwd: dir });
      await git.ok(['commit', '-m', 'license'], { cwd: dir });
      await git.ok(['push', 'origin', 'main'], { cwd: dir });
      expect(await licenseOf('pushed')).toMatchObject({ key: 'apache-2.0' });
      await git.ok(['rm', 'LICENSE'], { cwd: dir });
      await git.ok(['commit', '-m', 'no license'], { cwd: dir });
      await git.ok(['push', 'origin', 'main'], { cwd: dir });
      expect(await licenseOf('pushed')).toBeNull();
    } finally {
      await git.close();
    }
  });

  it('follows the default branch: a branch without LICENSE made the default shows none, and back', async () => {
    await server.createRepo(alice.token, { name: 'branches', auto_init: true });
    const root = (await api('/repos/alice/branches/branches/main')).commit.sha as string;
    await putFile('branches', 'LICENSE', MIT);
    await api('/repos/alice/branches/git/refs', 'POST', { ref: 'refs/heads/bare', sha: root });
    expect(await licenseOf('branches')).toMatchObject({ spdx_id: 'MIT' }); // another branch moved: no change
    expect((await api('/repos/alice/branches', 'PATCH', { default_branch: 'bare' })).license).toBeNull();
    expect((await api('/repos/alice/branches', 'PATCH', { default_branch: 'main' })).license).toMatchObject({
      spdx_id: 'MIT',
    });
  });
});
