// GET /repos/{owner}/{repo}/license: the root license file of the default
// branch (or `ref`), its content, and the license its text is; `other` for a
// text that is no known license, 404 without a file or without read access.
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { licenseByKey } from './license-catalog.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

const MIT = licenseByKey('mit')!.body.replace('[year]', '2026').replace('[fullname]', 'Alice Example');
const MODIFIED = MIT.replace(
  'The above copyright notice',
  'The Software shall be used for Good, not Evil, and never by any government agency. The above copyright notice',
);

async function putFile(repo: string, path: string, text: string, branch?: string) {
  const res = await server.api(`/repos/alice/${repo}/contents/${path}`, {
    method: 'PUT',
    token: alice.token,
    body: { message: `add ${path}`, content: Buffer.from(text).toString('base64'), ...(branch ? { branch } : {}) },
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await server.createRepo(alice.token, { name: 'mit', auto_init: true });
  await putFile('mit', 'LICENSE', MIT);
  await server.createRepo(alice.token, { name: 'odd', auto_init: true });
  await putFile('odd', 'LICENSE.md', MODIFIED);
  await server.createRepo(alice.token, { name: 'none', auto_init: true });
  await server.createRepo(alice.token, { name: 'secret', auto_init: true, private: true });
  await putFile('secret', 'COPYING', MIT);
});
afterAll(async () => {
  await server?.close();
});

describe('GET /repos/{owner}/{repo}/license', () => {
  it('detects a pushed MIT LICENSE and answers GitHub’s license-content body with the file in base64', async () => {
    const res = await server.api('/api/v3/repos/alice/mit/license');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(githubResponseErrors('licenses/get-for-repo', 200, body)).toBe('');
    expect(body).toMatchObject({ name: 'LICENSE', path: 'LICENSE', type: 'file', encoding: 'base64' });
    expect(Buffer.from(body.content as string, 'base64').toString()).toBe(MIT);
    expect(body.license).toMatchObject({ key: 'mit', spdx_id: 'MIT', url: `${server.url}/api/v3/licenses/mit` });
  });

  it('answers `other` for a license text modified beyond a known one', async () => {
    const body = (await (await server.api('/repos/alice/odd/license')).json()) as Record<string, unknown>;
    expect(githubResponseErrors('licenses/get-for-repo', 200, body)).toBe('');
    expect(body.path).toBe('LICENSE.md');
    expect(body.license).toMatchObject({ key: 'other', spdx_id: 'NOASSERTION', url: null });
  });

  it('reads `ref`: a branch without the file is a 404, one with it answers', async () => {
    await putFile('none', 'LICENSE.txt', MIT, 'main');
    const found = (await (await server.api('/repos/alice/none/license?ref=main')).json()) as Record<string, unknown>;
    expect(found.license).toMatchObject({ key: 'mit' });
    const before = (await (await server.api('/repos/alice/mit/commits?per_page=1&page=2')).json()) as { sha: string }[];
    expect((await server.api(`/repos/alice/mit/license?ref=${before[0]!.sha}`)).status).toBe(404);
    expect((await server.api('/repos/alice/mit/license?ref=no-such-branch')).status).toBe(404);
  });

  it('refuses a private repository as the contents API does (403 signed in, 404 anonymous) and answers its owner', async () => {
    expect((await server.api('/repos/alice/secret/license', { token: bob.token })).status).toBe(403);
    expect((await server.api('/repos/alice/secret/license')).status).toBe(404);
    const res = await server.api('/repos/alice/secret/license', { token: alice.token });
    expect(((await res.json()) as { path: string; license: { key: string } }).license.key).toBe('mit');
  });

  it('is what Octokit reads through /api/v3', async () => {
    const octokit = new Octokit({ baseUrl: `${server.url}/api/v3`, auth: alice.token });
    const { data } = await octokit.rest.licenses.getForRepo({ owner: 'alice', repo: 'mit' });
    expect(data.license?.spdx_id).toBe('MIT');
  });
});
