// Hostile and malformed input to the git data API gets a 4xx, never a 500:
// bad Base64, unknown or mistyped shas, paths git cannot hold, modes that
// do not go with their type, dates and names git cannot record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let main: string;
let tree: string;
let blob: string;

const REPO = '/repos/alice/code';
const UNKNOWN = 'e'.repeat(40);

async function statusOf(method: string, path: string, body?: unknown, rawBody?: string): Promise<number> {
  const res = await server.api(`${REPO}${path}`, { method, token: alice.token, body, rawBody });
  const text = await res.text();
  if (res.status >= 400) {
    const parsed = JSON.parse(text) as { message?: string };
    expect(typeof parsed.message).toBe('string');
  }
  return res.status;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'code', auto_init: true } });
  main = ((await (await server.api(`${REPO}/git/ref/heads/main`)).json()) as { object: { sha: string } }).object.sha;
  tree = ((await (await server.api(`${REPO}/git/commits/${main}`)).json()) as { tree: { sha: string } }).tree.sha;
  blob = (
    (await (
      await server.api(`${REPO}/git/blobs`, { method: 'POST', token: alice.token, body: { content: 'x' } })
    ).json()) as { sha: string }
  ).sha;
});
afterAll(() => server.close());

describe('blobs', () => {
  it.each([['!!!!'], ['a'], ['===='], ['YQ==YQ=='], ['YWJj\0'], ['😀']])(
    'refuses Base64 %j with 422',
    async (content) => {
      expect(await statusOf('POST', '/git/blobs', { content, encoding: 'base64' })).toBe(422);
    },
  );

  it('refuses other encodings and non-string content (422), malformed JSON (400)', async () => {
    expect(await statusOf('POST', '/git/blobs', { content: 'x', encoding: 'latin1' })).toBe(422);
    expect(await statusOf('POST', '/git/blobs', { content: 42 })).toBe(422);
    expect(await statusOf('POST', '/git/blobs', {})).toBe(422);
    expect(await statusOf('POST', '/git/blobs', undefined, '{"content": ')).toBe(400);
  });

  it('answers 404 to shas that are too long, short or odd', async () => {
    for (const sha of ['a'.repeat(2000), 'abc', '%00', `${blob}x`, blob.toUpperCase().replace(/./, 'G')]) {
      expect(await statusOf('GET', `/git/blobs/${encodeURIComponent(sha)}`), sha.slice(0, 20)).toBe(404);
    }
    expect(await statusOf('GET', `/git/blobs/${blob.toUpperCase()}`)).toBe(200);
  });
});

describe('trees', () => {
  const entry = (over: Record<string, unknown>) => ({
    tree: [{ path: 'f.txt', mode: '100644', type: 'blob', sha: blob, ...over }],
  });

  it.each([
    ['a path of 5,000 bytes', { path: 'p'.repeat(5000) }],
    ['a segment of 300 bytes', { path: `d/${'s'.repeat(300)}` }],
    ['an empty segment', { path: 'a//b' }],
    ['a leading slash', { path: '/abs' }],
    ['a trailing slash', { path: 'dir/' }],
    ['`..`', { path: 'a/../b' }],
    ['`.git`', { path: '.git/config' }],
    ['`.GIT` in another case', { path: 'x/.GIT/hooks' }],
    ['a NUL', { path: 'a\0b' }],
    ['an unknown mode', { mode: '100600' }],
    ['a mode that does not go with the type', { mode: '040000' }],
    ['a type that does not go with the mode', { type: 'tree' }],
    ['an unknown sha', { sha: UNKNOWN }],
    ['a sha that is not hex', { sha: 'z'.repeat(40) }],
    ['a tree sha as a blob', { sha: tree }],
    ['both sha and content', { content: 'x' }],
    ['neither sha nor content', { sha: undefined }],
    ['content for a directory', { sha: undefined, content: 'x', mode: '040000', type: 'tree' }],
    ['no mode', { mode: undefined }],
  ])('refuses %s with 422', async (_, over) => {
    expect(await statusOf('POST', '/git/trees', entry(over))).toBe(422);
  });

  it('refuses an unknown or non-tree base_tree, and a deep path to delete that is not there (422)', async () => {
    expect(await statusOf('POST', '/git/trees', { base_tree: UNKNOWN, tree: [] })).toBe(422);
    expect(await statusOf('POST', '/git/trees', { base_tree: main, tree: [] })).toBe(422);
    expect(
      await statusOf('POST', '/git/trees', { base_tree: tree, tree: [{ path: 'README.md/inside', sha: null }] }),
    ).toBe(422);
    expect(await statusOf('POST', '/git/trees', { tree: 'nope' })).toBe(422);
    expect(await statusOf('POST', '/git/trees', { tree: [{}] })).toBe(422);
  });

  it('takes a submodule commit from another repository, a deep path and many entries', async () => {
    expect(
      await statusOf('POST', '/git/trees', {
        tree: [{ path: 'vendor/lib', mode: '160000', type: 'commit', sha: UNKNOWN }],
      }),
    ).toBe(201);
    expect(
      await statusOf('POST', '/git/trees', {
        tree: [{ path: `${'d/'.repeat(500)}f`, mode: '100644', type: 'blob', sha: blob }],
      }),
    ).toBe(201);
    const many = Array.from({ length: 3000 }, (_, i) => ({
      path: `dir${i % 300}/f${i}`,
      mode: '100644',
      type: 'blob',
      sha: blob,
    }));
    const res = await server.api(`${REPO}/git/trees`, {
      method: 'POST',
      token: alice.token,
      body: { base_tree: tree, tree: many },
    });
    expect(res.status).toBe(201);
    const listing = (await (
      await server.api(`${REPO}/git/trees/${((await res.json()) as { sha: string }).sha}?recursive=1`)
    ).json()) as { tree: unknown[] };
    expect(listing.tree).toHaveLength(1 + 300 + 3000);
  });
});

describe('commits', () => {
  const commit = (over: Record<string, unknown>) => ({ message: 'm', tree, parents: [main], ...over });

  it.each([
    ['an unknown tree', { tree: UNKNOWN }],
    ['a blob as the tree', { tree: blob }],
    ['an unknown parent', { parents: [UNKNOWN] }],
    ['a tree as a parent', { parents: [tree] }],
    ['a date before 1970', { author: { name: 'a', email: 'a@example.com', date: '1960-01-01T00:00:00Z' } }],
    ['a date that is not one', { author: { name: 'a', email: 'a@example.com', date: 'yesterday' } }],
    ['a leap second', { author: { name: 'a', email: 'a@example.com', date: '2016-12-31T23:59:60Z' } }],
    ['a name with angle brackets', { author: { name: 'a <b>', email: 'a@example.com' } }],
    ['an email with a line break', { author: { name: 'a', email: 'a@example.com\nparent x' } }],
    ['an empty name', { author: { name: '', email: 'a@example.com' } }],
    ['a NUL in the message', { message: 'a\0b' }],
    ['no message', { message: undefined }],
    ['an author without email', { author: { name: 'a' } }],
  ])('refuses %s with 422', async (_, over) => {
    expect(await statusOf('POST', '/git/commits', commit(over))).toBe(422);
  });

  it('keeps a signature as the gpgsig header and reports it unverified', async () => {
    const signature = '-----BEGIN PGP SIGNATURE-----\n\niQEzBAABCAAdFiEE\n=abcd\n-----END PGP SIGNATURE-----\n';
    const res = await server.api(`${REPO}/git/commits`, {
      method: 'POST',
      token: alice.token,
      body: commit({ message: 'Signed', signature }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      sha: string;
      verification: { reason: string; signature: string; payload: string };
    };
    expect(body.verification).toMatchObject({ reason: 'unknown_key', signature });
    expect(body.verification.payload).toMatch(
      /^tree [0-9a-f]{40}\nparent [0-9a-f]{40}\nauthor .*\ncommitter .*\n\nSigned$/,
    );
    const raw = await server.services.git.git((await server.services.repos.find('alice', 'code'))!.id, [
      'cat-file',
      'commit',
      body.sha,
    ]);
    expect(raw).toContain('\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n');
  });
});

describe('tags and refs', () => {
  it('refuses unknown objects, bad names and bad taggers (422)', async () => {
    const tag = (over: Record<string, unknown>) => ({ tag: 'v1', message: 'm', object: main, type: 'commit', ...over });
    for (const over of [
      { object: UNKNOWN },
      { tag: 'a..b' },
      { tag: 'v1\nobject x' },
      { type: 'blob' },
      { tagger: { name: 'x>', email: 'e' } },
      { message: '\0' },
      { type: 'tag' },
    ]) {
      expect(await statusOf('POST', '/git/tags', tag(over)), JSON.stringify(over)).toBe(422);
    }
  });

  it('refuses PATCH of bad ref names, unknown shas and non-boolean force', async () => {
    expect(await statusOf('PATCH', '/git/refs/heads/a..b', { sha: main })).toBe(422);
    expect(await statusOf('PATCH', `/git/refs/${'x/'.repeat(1000)}y`, { sha: main })).toBe(422);
    expect(await statusOf('PATCH', '/git/refs/heads/main', { sha: UNKNOWN })).toBe(422);
    expect(await statusOf('PATCH', '/git/refs/heads/main', { sha: 'main' })).toBe(422);
    expect(await statusOf('PATCH', '/git/refs/heads/main', { sha: main, force: 'yes' })).toBe(422);
  });

  it('answers 404 for GETs of odd tree names', async () => {
    for (const name of ['%00', '-h', '--all', 'refs/heads/../../config', '@{-1}', `${'x'.repeat(3000)}`]) {
      expect(await statusOf('GET', `/git/trees/${encodeURIComponent(name)}`), name.slice(0, 20)).toBe(404);
    }
  });
});
