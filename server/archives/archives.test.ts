// Archives with the real git CLI on the other side: the tarball and zipball
// of a commit hold exactly the files `git ls-tree -r` lists for it, under
// GitHub's `<owner>-<repo>-<short sha>/`; the signed URL works without a token
// for 5 minutes and for nothing but its own archive; private repositories
// need read access for the link.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { signedUrlExpiry, TestClock } from '../test-support/test-clock.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const run = promisify(execFile);
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;
let work: string;
let head: string;
let tagged: string;
/** The server's clock: the signed URLs' expiry is checked against it. */
const clock = new TestClock();

beforeAll(async () => {
  server = await startTestServer({}, { now: clock.now });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
  for (const [name, isPrivate, autoInit] of [
    ['open', false, true],
    ['closed', true, true],
    ['empty', false, false],
  ] as const) {
    expect(
      (
        await server.api('/user/repos', {
          method: 'POST',
          token: alice.token,
          body: { name, private: isPrivate, auto_init: autoInit },
        })
      ).status,
    ).toBe(201);
  }
  work = join(git.home, 'open');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/open.git', alice.token), work]);
  await run('mkdir', ['-p', join(work, 'src/deep/er'), join(work, 'docs')]);
  await writeFile(join(work, 'src/deep/er/file.txt'), 'deep\n');
  await writeFile(join(work, 'docs/with space.md'), '# spaced\n');
  await writeFile(join(work, 'run.sh'), '#!/bin/sh\necho hi\n', { mode: 0o755 });
  await git.ok(['add', '-A'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', 'files in folders'], { cwd: work });
  tagged = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
  await git.ok(['tag', '-a', 'v1.0', '-m', 'release'], { cwd: work });
  await writeFile(join(work, 'later.txt'), 'after the tag\n');
  await git.ok(['add', '-A'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', 'after the tag'], { cwd: work });
  head = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
  await git.ok(['push', '--quiet', '--follow-tags', 'origin', 'main'], { cwd: work });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await git?.close();
});

/** The archive operation's own answer (an error), the redirect not followed. */
const link = (path: string, token?: string) => server.api(path, { token });

async function location(path: string, token?: string): Promise<string> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await fetch(server.url + path, { headers, redirect: 'manual' });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(302);
  return res.headers.get('location')!;
}

/** Downloads a signed URL with no token at all, to a file. */
async function download(url: string, file: string): Promise<Response> {
  const res = await fetch(url, { redirect: 'manual' });
  if (res.status === 200) await writeFile(join(git.home, file), Buffer.from(await res.arrayBuffer()));
  return res;
}

async function lsTree(sha: string): Promise<string[]> {
  return (await git.ok(['ls-tree', '-r', '--name-only', sha], { cwd: work })).split('\n').sort();
}

const filesOnly = (entries: string[], prefix: string) =>
  entries
    .filter((e) => e && !e.endsWith('/'))
    .map((e) => {
      expect(e.startsWith(prefix), e).toBe(true);
      return e.slice(prefix.length);
    })
    .sort();

describe('GET …/tarball/{ref} and …/zipball/{ref}', () => {
  for (const base of ['', '/api/v3']) {
    it(`redirects to a signed URL whose tarball lists what git ls-tree lists (${base || 'root'})`, async () => {
      const url = await location(`${base}/repos/alice/open/tarball/main`, alice.token);
      expect(url).toMatch(
        new RegExp(`^${server.url}/_archive/\\d+/${head}\\.tar\\.gz\\?expires=\\d+&signature=[\\w-]+&by=[\\w-]+$`),
      );
      const res = await download(url, `open${base.replace(/\//g, '-')}.tar.gz`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-gzip');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename=alice-open-${head.slice(0, 7)}.tar.gz`);
      const { stdout } = await run('tar', ['-tzf', join(git.home, `open${base.replace(/\//g, '-')}.tar.gz`)]);
      expect(filesOnly(stdout.split('\n'), `alice-open-${head.slice(0, 7)}/`)).toEqual(await lsTree(head));
    });
  }

  it('zips a tag: the files of the commit it points to, not of the branch', async () => {
    const url = await location('/repos/alice/open/zipball/v1.0');
    expect(url).toContain(`/${tagged}.zip?`);
    const res = await download(url, 'tag.zip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=alice-open-${tagged.slice(0, 7)}.zip`);
    const { stdout } = await run('unzip', ['-Z1', join(git.home, 'tag.zip')]);
    const files = filesOnly(stdout.split('\n'), `alice-open-${tagged.slice(0, 7)}/`);
    expect(files).toEqual(await lsTree(tagged));
    expect(files).not.toContain('later.txt');
  });

  it('takes a commit sha (whole or abbreviated) and, without a ref, the default branch', async () => {
    expect(await location(`/repos/alice/open/tarball/${tagged}`)).toContain(`/${tagged}.tar.gz?`);
    expect(await location(`/repos/alice/open/zipball/${tagged.slice(0, 10)}`)).toContain(`/${tagged}.zip?`);
    expect(await location('/repos/alice/open/tarball')).toContain(`/${head}.tar.gz?`);
    expect(await location('/api/v3/repos/alice/open/zipball')).toContain(`/${head}.zip?`);
    expect(await location('/repos/alice/open/tarball/refs/tags/v1.0')).toContain(`/${tagged}.tar.gz?`);
  });

  it('is 404 for an unknown ref, revision syntax, an empty repository and a missing one', async () => {
    for (const path of [
      '/repos/alice/open/tarball/nope',
      '/repos/alice/open/zipball/main~1',
      '/repos/alice/open/tarball/main:README.md',
      '/repos/alice/open/tarball/deadbeefdeadbeef',
      '/repos/alice/empty/tarball',
      '/repos/alice/empty/zipball/main',
      '/repos/alice/missing/tarball/main',
    ]) {
      const res = await link(path, alice.token);
      expect(res.status, path).toBe(404);
      expect((await res.json()).message).toBe('Not Found');
    }
  });

  it('needs read access on a private repository for the link; the link then works without a token', async () => {
    expect((await link('/repos/alice/closed/tarball/main')).status).toBe(404);
    expect((await link('/repos/alice/closed/tarball/main', bob.token)).status).toBe(403);
    const url = await location('/repos/alice/closed/zipball/main', alice.token);
    const res = await download(url, 'closed.zip');
    expect(res.status).toBe(200);
    const { stdout } = await run('unzip', ['-Z1', join(git.home, 'closed.zip')]);
    expect(stdout).toMatch(/^alice-closed-[0-9a-f]{7}\/README\.md$/m);
  });
});

describe('the signed download URL', () => {
  it('fails after its 5 minutes, with a bare 404', async () => {
    const signedFrom = Math.floor(Date.now() / 1000) * 1000;
    const url = await location('/repos/alice/open/tarball/main');
    const expiry = signedUrlExpiry(url);
    expect(expiry - signedFrom).toBeGreaterThanOrEqual(300_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(300_000);
    await clock.at(expiry, async () => expect((await download(url, 'still.tar.gz')).status).toBe(200));
    await clock.at(expiry + 1_000, async () => {
      const res = await download(url, 'late.tar.gz');
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Not Found\n');
    });
  });

  it('grants only its own archive: any change to the repository, sha, format, expiry or signature is 404', async () => {
    const url = new URL(await location('/repos/alice/open/tarball/main'));
    const closed = new URL(await location('/repos/alice/closed/tarball/main', alice.token));
    const [, , openId] = url.pathname.split('/');
    const [, , closedId, closedFile] = closed.pathname.split('/');
    const variants = [
      `${url.origin}/_archive/${closedId}/${closedFile}${url.search}`, // open's signature on the private repository's archive
      `${url.origin}/_archive/${openId}/${tagged}.tar.gz${url.search}`, // another commit
      url.href.replace('.tar.gz?', '.zip?'), // another format
      url.href.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`), // a later expiry
      url.href.replace(/signature=([\w-])/, (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`), // a signature changed
      url.href.replace(/&signature=[\w-]+/, ''), // none
    ];
    for (const variant of variants) {
      const res = await fetch(variant, { redirect: 'manual' });
      expect(res.status, variant).toBe(404);
      expect(await res.text()).toBe('Not Found\n');
    }
    expect((await fetch(url)).status).toBe(200);
  });

  it('stops working once the repository is deleted', async () => {
    expect(
      (
        await server.api('/user/repos', {
          method: 'POST',
          token: alice.token,
          body: { name: 'doomed', auto_init: true },
        })
      ).status,
    ).toBe(201);
    const url = await location('/repos/alice/doomed/tarball/main');
    expect((await server.api('/repos/alice/doomed', { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await fetch(url)).status).toBe(404);
  });
});
