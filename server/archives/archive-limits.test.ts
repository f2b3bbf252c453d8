// What one signed archive URL may cost (issue 32, finding 6): a tree past the
// entry or size cap is refused before `git archive` runs (a tree repeating one
// subtree at every level is 160,000 files from five objects); an archive is
// made once per commit and served from the cache after that; and every
// download is charged to the rate limit of whoever signed the URL.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRepeatedTree, type JsonCall } from '../test-support/repeated-tree.js';
import { measureArchive } from './archive-measure.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const LIMIT = 60;
let server: TestServer;
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  server = await startTestServer({
    WHARF_ARCHIVE_MAX_BYTES: '1000000',
    WHARF_RATE_LIMIT_AUTHENTICATED: String(LIMIT),
    WHARF_RATE_LIMIT_UNAUTHENTICATED: String(LIMIT),
  });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  for (const name of ['hostile', 'heavy', 'plain', 'limited']) {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, auto_init: true } })).status,
    ).toBe(201);
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const call: JsonCall = async (path, method, body, expected) => {
  const res = await server.api(path, { method, token: alice.token, body });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(expected);
  return res.json() as Promise<{ sha: string }>;
};

async function location(path: string, token?: string): Promise<string> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await fetch(server.url + path, { headers, redirect: 'manual' });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(302);
  return res.headers.get('location')!;
}

const repositoryId = async (name: string) =>
  (await (await server.api(`/repos/alice/${name}`, { token: alice.token })).json()).id as number;

/** Every file under the repository's archive cache directory. */
async function cachedFiles(name: string): Promise<string[]> {
  const dir = join(server.dataDir, 'archive-cache', String(await repositoryId(name)));
  return (await readdir(dir).catch(() => [] as string[])).map((file) => join(dir, file));
}

async function coreRemaining(token?: string): Promise<number> {
  return (await (await server.api('/rate_limit', { token })).json()).resources.core.remaining as number;
}

describe('archive caps', () => {
  it('refuses a tree of 160,000 files made of five objects, without making the archive', async () => {
    const { files, tree } = await buildRepeatedTree(call, 'alice/hostile', {
      width: 20,
      depth: 4,
      content: 'x\n',
      branch: 'main',
    });
    expect(files).toBe(160_000);
    for (const format of ['tarball', 'zipball']) {
      const res = await fetch(await location(`/repos/alice/hostile/${format}/main`, alice.token));
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toMatch(
        /^Repository archive too large: more than 100000 entries \(files and directories\)\.\n$/,
      );
    }
    expect(await cachedFiles('hostile')).toEqual([]);
    // The refusal is remembered: with the tree gone from git (counting it again would fail), the answer stays.
    await rm(
      join(server.services.git.pathOf(await repositoryId('hostile')), 'objects', tree.slice(0, 2), tree.slice(2)),
    );
    const again = await fetch(await location('/repos/alice/hostile/tarball/main', alice.token));
    expect(again.status).toBe(422);
  });

  it('refuses a tree whose files add up to more than WHARF_ARCHIVE_MAX_BYTES, counting each copy', async () => {
    // 400 copies of one 5,000-byte blob: 2 MB in the archive, 5 KB in git.
    await buildRepeatedTree(call, 'alice/heavy', {
      width: 20,
      depth: 2,
      content: `${'y'.repeat(4999)}\n`,
      branch: 'main',
    });
    const res = await fetch(await location('/repos/alice/heavy/tarball/main', alice.token));
    expect(res.status).toBe(422);
    expect(await res.text()).toBe('Repository archive too large: more than 1000000 bytes of files.\n');
  });

  it('serves a tree under both caps, whole', async () => {
    await buildRepeatedTree(call, 'alice/heavy', { width: 10, depth: 2, content: 'z\n', branch: 'main' });
    const res = await fetch(await location('/repos/alice/heavy/zipball/main', alice.token));
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('measureArchive', () => {
  it('counts what git ls-tree -r -t lists, a subtree shared at two depths once per path', async () => {
    const a = (await call('/repos/alice/plain/git/blobs', 'POST', { content: 'a\n' }, 201)).sha;
    const b = (await call('/repos/alice/plain/git/blobs', 'POST', { content: 'bb\n' }, 201)).sha;
    const tree = async (entries: Array<[string, string, string]>) =>
      (
        await call(
          '/repos/alice/plain/git/trees',
          'POST',
          {
            tree: entries.map(([path, mode, sha]) => ({ path, mode, type: mode === '040000' ? 'tree' : 'blob', sha })),
          },
          201,
        )
      ).sha;
    const t0 = await tree([['a.txt', '100644', a]]);
    const t1 = await tree([
      ['x', '040000', t0],
      ['f.txt', '100644', b],
      ['link', '120000', a],
    ]);
    const t2 = await tree([
      ['y', '040000', t1],
      ['z', '040000', t0],
      ['g.txt', '100644', b],
    ]);
    const commit = (
      await call('/repos/alice/plain/git/commits', 'POST', { message: 'shared', tree: t2, parents: [] }, 201)
    ).sha;
    const id = await repositoryId('plain');
    const listed = (await server.services.git.git(id, ['ls-tree', '-r', '-t', '-l', commit])).trim().split('\n');
    const bytes = listed.map((line) => Number(line.split(/\s+/)[3]) || 0).reduce((x, y) => x + y, 0);
    const caps = { maxEntries: 100, maxBytes: 1000 };
    expect(await measureArchive(server.services.git, id, commit, caps)).toEqual({
      ok: true,
      entries: listed.length,
      bytes,
    });
    expect(listed.length).toBe(8);
    expect(await measureArchive(server.services.git, id, commit, { ...caps, maxEntries: 7 })).toEqual({
      ok: false,
      reason: 'entries',
    });
    expect(await measureArchive(server.services.git, id, commit, { ...caps, maxBytes: bytes - 1 })).toEqual({
      ok: false,
      reason: 'bytes',
    });
  });
});

describe('the archive cache', () => {
  it('makes an archive once: two first downloads at once get the same bytes, and a repeat is read from the cache', async () => {
    const url = await location('/repos/alice/plain/tarball/main', alice.token);
    const [a, b] = await Promise.all([fetch(url), fetch(url)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const first = Buffer.from(await a.arrayBuffer());
    expect(Buffer.from(await b.arrayBuffer()).equals(first)).toBe(true);
    const files = await cachedFiles('plain');
    expect(files).toHaveLength(1);
    expect((await readFile(files[0]!)).equals(first)).toBe(true);
    // What the cache holds is what the next download gets: git is not asked again.
    await writeFile(files[0]!, 'from the cache');
    const again = await fetch(url);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('from the cache');
    expect(again.headers.get('content-disposition')).toMatch(/^attachment; filename=alice-plain-[0-9a-f]{7}\.tar\.gz$/);
  });

  it('is removed with the repository', async () => {
    const [file] = await cachedFiles('plain');
    expect((await stat(file!)).isFile()).toBe(true);
    expect((await server.api('/repos/alice/plain', { method: 'DELETE', token: alice.token })).status).toBe(204);
    await expect(stat(file!)).rejects.toThrow();
  });
});

describe('the rate limit of a signed archive URL', () => {
  it("charges each download to the signer's core limit, and refuses it past the limit", async () => {
    const url = await location('/repos/alice/limited/tarball/main', carol.token);
    const before = await coreRemaining(carol.token);
    const alicesBefore = await coreRemaining(alice.token);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-resource')).toBe('core');
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(before - 1);
    expect(await coreRemaining(carol.token)).toBe(before - 1);
    for (let left = before - 1; left > 0; left--) expect((await fetch(url)).status).toBe(200);
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(
      /^API rate limit of 60 requests per 3600 seconds exceeded for user ID \d+ \(the signer of this URL\)\.\n$/,
    );
    // Alice's own limit is untouched by carol's downloads.
    expect(await coreRemaining(alice.token)).toBe(alicesBefore);
  });

  it("cannot be moved onto someone else's limit: another signer's by= is 404", async () => {
    const anonymous = new URL(await location('/repos/alice/limited/zipball/main'));
    const alices = new URL(await location('/repos/alice/limited/zipball/main', alice.token));
    anonymous.searchParams.set('by', alices.searchParams.get('by')!);
    const res = await fetch(anonymous);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not Found\n');
  });

  it("charges an anonymous signer's IP", async () => {
    const url = await location('/repos/alice/limited/zipball/main');
    const before = await coreRemaining();
    expect((await fetch(url)).status).toBe(200);
    expect(await coreRemaining()).toBe(before - 1);
  });
});
