// Files' download URLs (`download_url`, `/{owner}/{repo}/raw/{ref}/{path}`):
// they serve the file's bytes without a token; a public repository's are plain
// links, a private one's are signed, for 5 minutes and that one file at that
// ref, in every content body that carries them (file, listing, readme, the
// answer of a write); anything else is a bare 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { signedUrlExpiry, TestClock } from '../test-support/test-clock.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
/** The server's clock: the signed URLs' expiry is checked against it. */
const clock = new TestClock();
const binary = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0x80]);

async function put(repo: string, path: string, bytes: Buffer, branch?: string): Promise<Record<string, any>> {
  const res = await server.api(`/repos/alice/${repo}/contents/${path}`, {
    method: 'PUT',
    token: alice.token,
    body: { message: `add ${path}`, content: bytes.toString('base64'), branch },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function content(repo: string, path: string, ref?: string): Promise<any> {
  const res = await server.api(`/repos/alice/${repo}/contents/${path}${ref ? `?ref=${encodeURIComponent(ref)}` : ''}`, {
    token: alice.token,
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** The URL fetched with no token at all. */
const open = (url: string) => fetch(url, { redirect: 'manual' });

async function expectBytes(url: string, bytes: Buffer): Promise<Response> {
  const res = await open(url);
  expect(res.status, url).toBe(200);
  expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  return res;
}

async function expectNotFound(url: string): Promise<void> {
  const res = await open(url);
  expect(res.status, url).toBe(404);
  expect(await res.text()).toBe('Not Found\n');
}

beforeAll(async () => {
  server = await startTestServer({}, { now: clock.now });
  alice = await server.createUser('alice');
  for (const [name, isPrivate] of [
    ['open', false],
    ['closed', true],
  ] as const) {
    expect(
      (
        await server.api('/user/repos', {
          method: 'POST',
          token: alice.token,
          body: { name, private: isPrivate, auto_init: true },
        })
      ).status,
    ).toBe(201);
    await put(name, 'bin.dat', binary);
    await put(name, 'docs/a%20b.md', Buffer.from('spaced\n'));
  }
  const main = await (await server.api('/repos/alice/open/git/ref/heads/main', { token: alice.token })).json();
  expect(
    (
      await server.api('/repos/alice/open/git/refs', {
        method: 'POST',
        token: alice.token,
        body: { ref: 'refs/heads/feature/x', sha: main.object.sha },
      })
    ).status,
  ).toBe(201);
  await put('open', 'only-on-feature.txt', Buffer.from('feature\n'), 'feature/x');
});
afterAll(() => server?.close());

describe('a public repository', () => {
  it('links each file to its bytes at the ref, with no token needed', async () => {
    const file = await content('open', 'bin.dat');
    expect(githubResponseErrors('repos/get-content', 200, file)).toBe('');
    expect(file.download_url).toBe(`${server.url}/alice/open/raw/main/bin.dat`);
    const res = await expectBytes(file.download_url, binary);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('etag')).toBe(`"${file.sha}"`);
    const spaced = await content('open', 'docs/a%20b.md');
    expect(spaced.download_url).toBe(`${server.url}/alice/open/raw/main/docs/a%20b.md`);
    await expectBytes(spaced.download_url, Buffer.from('spaced\n'));
  });

  it('takes a branch with a slash, encoded as the body writes it or not', async () => {
    const file = await content('open', 'only-on-feature.txt', 'feature/x');
    expect(file.download_url).toBe(`${server.url}/alice/open/raw/feature%2Fx/only-on-feature.txt`);
    await expectBytes(file.download_url, Buffer.from('feature\n'));
    await expectBytes(`${server.url}/alice/open/raw/feature/x/only-on-feature.txt`, Buffer.from('feature\n'));
    await expectNotFound(`${server.url}/alice/open/raw/main/only-on-feature.txt`);
  });

  it('is a bare 404 for a directory, a missing file, ref or repository, and a bad path', async () => {
    for (const path of [
      'main/docs',
      'main/nope.txt',
      'nope/bin.dat',
      'main/docs%2F%2Fa%20b.md',
      'main/docs%2F..%2Fbin.dat',
    ])
      await expectNotFound(`${server.url}/alice/open/raw/${path}`);
    await expectNotFound(`${server.url}/alice/missing/raw/main/bin.dat`);
  });
});

describe('a private repository', () => {
  it('signs the download URL of a file, which then works without a token', async () => {
    const file = await content('closed', 'bin.dat');
    expect(githubResponseErrors('repos/get-content', 200, file)).toBe('');
    expect(file.download_url).toMatch(
      new RegExp(`^${server.url}/alice/closed/raw/main/bin\\.dat\\?expires=\\d+&signature=[\\w-]+$`),
    );
    await expectBytes(file.download_url, binary);
    await expectNotFound(`${server.url}/alice/closed/raw/main/bin.dat`);
  });

  it('signs every file of a listing, the README and the answer of a write', async () => {
    const listing = await content('closed', '');
    expect(githubResponseErrors('repos/get-content', 200, listing)).toBe('');
    for (const entry of listing) {
      if (entry.type === 'dir') expect(entry.download_url).toBeNull();
      else expect((await open(entry.download_url)).status, entry.path).toBe(200);
    }
    const readme = await (await server.api('/repos/alice/closed/readme', { token: alice.token })).json();
    await expectBytes(readme.download_url, Buffer.from(readme.content, 'base64'));
    const written = await put('closed', 'new.txt', Buffer.from('new\n'));
    expect(githubResponseErrors('repos/create-or-update-file-contents', 201, written)).toBe('');
    await expectBytes(written.content.download_url, Buffer.from('new\n'));
  });

  it('grants one file at one ref for 5 minutes: anything changed, or later, is 404', async () => {
    const signedFrom = Math.floor(Date.now() / 1000) * 1000;
    const { download_url: url } = await content('closed', 'bin.dat');
    const expiry = signedUrlExpiry(url);
    expect(expiry - signedFrom).toBeGreaterThanOrEqual(300_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(300_000);
    const variants = [
      url.replace('/bin.dat?', '/new.txt?'), // another file
      url.replace('/raw/main/', `/raw/${(await content('closed', 'bin.dat')).sha}/`), // another ref
      url.replace('/alice/closed/', '/alice/open/'), // another repository (public, but the signature is checked)
      url.replace(/expires=(\d+)/, (_: string, e: string) => `expires=${Number(e) + 3600}`),
      url.replace(/signature=([\w-])/, (_: string, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
      url.replace(/&signature=[\w-]+/, ''),
    ];
    for (const variant of variants) await expectNotFound(variant);
    await clock.at(expiry, async () => expect((await open(url)).status).toBe(200));
    await clock.at(expiry + 1_000, () => expectNotFound(url));
  });

  it('serves nothing of a repository made private, and its cached bodies get fresh signatures', async () => {
    const before = await content('open', 'bin.dat');
    expect(
      (await server.api('/repos/alice/open', { method: 'PATCH', token: alice.token, body: { private: true } })).status,
    ).toBe(200);
    await expectNotFound(before.download_url);
    const after = await content('open', 'bin.dat');
    expect(after.download_url).toMatch(/\?expires=\d+&signature=/);
    await expectBytes(after.download_url, binary);
    await clock.ahead(200_000, async () => {
      const later = await content('open', 'bin.dat');
      expect(signedUrlExpiry(later.download_url)).toBeGreaterThan(signedUrlExpiry(after.download_url));
    });
  });
});
