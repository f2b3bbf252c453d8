// GET …/contents/{path} and …/readme against a repository pushed with the real
// git CLI: files, directories, symlinks, submodules, executable and binary
// files, refs (branch, tag, sha), the raw and object media types, and
// GitHub's 404s; every JSON body checked against GitHub's own schemas.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubComponentErrors, githubResponseErrors } from '../test-support/github-schema.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;
let work: string;
let first: string;
let head: string;
const binary = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0x80]);
const long = `${'x'.repeat(100)}\n`;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'files', auto_init: true } });
  await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'secret', auto_init: true, private: true },
  });
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
  work = join(git.home, 'files');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/files.git', alice.token), work]);
  first = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
  await mkdir(join(work, 'docs/deep'), { recursive: true });
  await writeFile(join(work, 'docs/readme.txt'), 'docs readme\n');
  await writeFile(join(work, 'docs/deep/a b.md'), long);
  await writeFile(join(work, 'bin.dat'), binary);
  await writeFile(join(work, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
  await symlink('docs/readme.txt', join(work, 'link'));
  await symlink('../outside', join(work, 'dangling'));
  await writeFile(join(work, '.gitmodules'), '[submodule "lib"]\n\tpath = lib\n\turl = https://example.com/lib.git\n');
  await git.ok(['add', '-A'], { cwd: work });
  await git.ok(['update-index', '--add', '--cacheinfo', `160000,${first},lib`], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', 'Add files'], { cwd: work });
  await git.ok(['tag', '-a', 'v1', '-m', 'v1'], { cwd: work });
  head = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'main', 'v1'], { cwd: work });
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

const get = (path: string, options: { token?: string; accept?: string } = {}) =>
  server.api(path, { token: options.token, headers: options.accept ? { accept: options.accept } : {} });

const blobSha = (spec: string) => git.ok(['rev-parse', spec], { cwd: work });

describe('GET …/contents/{path}', () => {
  it("a file: base64 in 60-column lines, GitHub's URLs, under both base URLs", async () => {
    for (const base of ['', '/api/v3']) {
      const res = await get(`${base}/repos/alice/files/contents/docs/deep/a%20b.md`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(githubResponseErrors('repos/get-content', 200, body)).toBe('');
      expect(githubComponentErrors('content-file', body)).toBe('');
      const api = `${server.url}/api/v3/repos/alice/files`;
      expect(body).toMatchObject({
        type: 'file',
        encoding: 'base64',
        size: long.length,
        name: 'a b.md',
        path: 'docs/deep/a b.md',
        sha: await blobSha('HEAD:docs/deep/a b.md'),
        url: `${api}/contents/docs/deep/a%20b.md?ref=main`,
        git_url: `${api}/git/blobs/${body.sha}`,
        html_url: `${server.url}/alice/files/blob/main/docs/deep/a%20b.md`,
      });
      expect(body._links).toEqual({ self: body.url, git: body.git_url, html: body.html_url });
      const lines = body.content.split('\n');
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(0, -2).every((line: string) => line.length === 60)).toBe(true);
      expect(Buffer.from(body.content, 'base64').toString()).toBe(long);
    }
  });

  it('binary bytes round-trip, in JSON and raw', async () => {
    const json = await (await get('/repos/alice/files/contents/bin.dat')).json();
    expect(Buffer.from(json.content, 'base64').equals(binary)).toBe(true);
    for (const accept of [
      'application/vnd.github.raw',
      'application/vnd.github.raw+json',
      'application/vnd.github.v3.raw',
    ]) {
      const res = await get('/repos/alice/files/contents/bin.dat', { accept });
      expect(res.status, accept).toBe(200);
      // GitHub types raw bytes so even when they are binary.
      expect(res.headers.get('content-type')).toBe('application/vnd.github.raw; charset=utf-8');
      expect(Buffer.from(await res.arrayBuffer()).equals(binary)).toBe(true);
      expect(res.headers.get('etag')).toBe(`"${json.sha}"`);
    }
  });

  it("the root and a directory: entries in git's order, submodules listed as file", async () => {
    for (const path of ['/repos/alice/files/contents/', '/repos/alice/files/contents']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const body = await res.json();
      expect(githubComponentErrors('content-directory', body)).toBe('');
      expect(body.map((e: { name: string; type: string }) => `${e.type} ${e.name}`)).toEqual([
        'file .gitmodules',
        'file README.md',
        'file bin.dat',
        'symlink dangling',
        'dir docs',
        'file lib',
        'symlink link',
        'file run.sh',
      ]);
      expect(body.find((e: { name: string }) => e.name === 'docs')).toMatchObject({
        size: 0,
        download_url: null,
        git_url: `${server.url}/api/v3/repos/alice/files/git/trees/${await blobSha('HEAD:docs')}`,
      });
    }
    const docs = await (await get('/repos/alice/files/contents/docs/')).json();
    expect(docs.map((e: { path: string }) => e.path)).toEqual(['docs/deep', 'docs/readme.txt']);
  });

  it('the object media type: a directory as one object with entries', async () => {
    const res = await get('/repos/alice/files/contents/docs', { accept: 'application/vnd.github.object' });
    const body = await res.json();
    expect(githubComponentErrors('content-tree', body)).toBe('');
    expect(body).toMatchObject({ type: 'dir', name: 'docs', path: 'docs', sha: await blobSha('HEAD:docs') });
    expect(body.entries.map((e: { name: string }) => e.name)).toEqual(['deep', 'readme.txt']);
  });

  it('a symlink to a file answers with that file; any other symlink as content-symlink', async () => {
    const link = await (await get('/repos/alice/files/contents/link')).json();
    expect(link).toMatchObject({ type: 'file', path: 'docs/readme.txt' });
    expect(Buffer.from(link.content, 'base64').toString()).toBe('docs readme\n');
    const dangling = await (await get('/repos/alice/files/contents/dangling')).json();
    expect(githubComponentErrors('content-symlink', dangling)).toBe('');
    expect(dangling).toMatchObject({ type: 'symlink', target: '../outside', path: 'dangling' });
  });

  it('a submodule with the URL from .gitmodules', async () => {
    const body = await (await get('/repos/alice/files/contents/lib')).json();
    expect(githubComponentErrors('content-submodule', body)).toBe('');
    expect(body).toMatchObject({ type: 'submodule', sha: first, submodule_git_url: 'https://example.com/lib.git' });
  });

  it('ref: a branch, a tag, a full and a short sha; the URLs carry it', async () => {
    for (const ref of ['main', 'v1', head, head.slice(0, 7)]) {
      const body = await (await get(`/repos/alice/files/contents/run.sh?ref=${ref}`)).json();
      expect(body.url, ref).toContain(`?ref=${ref}`);
      expect(body.sha).toBe(await blobSha('HEAD:run.sh'));
    }
    expect((await get(`/repos/alice/files/contents/run.sh?ref=${first}`)).status).toBe(404);
  });

  it('404s as GitHub answers them', async () => {
    const missing = await get('/repos/alice/files/contents/nope.txt');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('Not Found');
    const badRef = await get('/repos/alice/files/contents/README.md?ref=nowhere');
    expect(badRef.status).toBe(404);
    expect((await badRef.json()).message).toBe('No commit found for the ref nowhere');
    const empty = await get('/repos/alice/empty/contents/', { token: alice.token });
    expect(empty.status).toBe(404);
    expect((await empty.json()).message).toBe('This repository is empty.');
    for (const path of ['docs%2F..%2FREADME.md', 'docs//readme.txt', 'README.md/x']) {
      expect((await get(`/repos/alice/files/contents/${path}`)).status, path).toBe(404);
    }
  });

  it('a private repository: 404 to strangers and anonymous callers, readable by its owner', async () => {
    expect((await get('/repos/alice/secret/contents/README.md')).status).toBe(404);
    expect((await get('/repos/alice/secret/contents/README.md', { token: bob.token })).status).toBe(403);
    expect((await get('/repos/alice/secret/contents/README.md', { token: alice.token })).status).toBe(200);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const res = await get('/repos/alice/files/contents/README.md');
    const again = await server.api('/repos/alice/files/contents/README.md', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe('GET …/readme', () => {
  it("the root README and a directory's, in JSON and raw", async () => {
    const res = await get('/repos/alice/files/readme');
    const body = await res.json();
    expect(githubResponseErrors('repos/get-readme', 200, body)).toBe('');
    expect(body).toMatchObject({ type: 'file', name: 'README.md', path: 'README.md' });
    const docs = await get('/repos/alice/files/readme/docs', { accept: 'application/vnd.github.raw' });
    expect(await docs.text()).toBe('docs readme\n');
    const atTag = await (await get('/repos/alice/files/readme/docs?ref=v1')).json();
    expect(githubResponseErrors('repos/get-readme-in-directory', 200, atTag)).toBe('');
    expect(atTag.path).toBe('docs/readme.txt');
  });

  it('404 where there is none', async () => {
    expect((await get('/repos/alice/files/readme/docs/deep')).status).toBe(404);
    expect((await get('/repos/alice/files/readme/nowhere')).status).toBe(404);
    expect((await get('/repos/alice/empty/readme', { token: alice.token })).status).toBe(404);
  });
});
