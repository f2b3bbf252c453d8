// The archive downloads through the SDK against a live Wharf: the call follows
// the 302 to the signed URL without sending the token there, and gives the
// archive's bytes, whose file list is the commit's tree; a private repository's
// archive comes to a reader; refusals and unknown refs are error values.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { createClient, type WharfClient } from '../src/index.js';

const run = promisify(execFile);
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let dir: string;
/** Every request the clients sent, as their fetch saw it. */
const sent: Request[] = [];

function clientOf(token: string | undefined): WharfClient {
  return createClient({
    baseUrl: server.url,
    token,
    retry: { retries: 0 },
    fetch: (request) => (sent.push(request.clone()), fetch(request)),
  });
}

async function put(client: WharfClient, repo: string, path: string, text: string): Promise<void> {
  const { response } = await client.repos.createOrUpdateFileContents({
    owner: 'alice',
    repo,
    path,
    body: { message: `add ${path}`, content: Buffer.from(text).toString('base64') },
  });
  expect(response.status).toBe(201);
}

/** The files of the tree of `ref`, by the trees API. */
async function treeFiles(client: WharfClient, repo: string, ref: string): Promise<string[]> {
  const { data } = await client.git.getTree({ owner: 'alice', repo, tree_sha: ref, recursive: 'true' });
  return (data?.tree ?? [])
    .filter((entry) => entry.type === 'blob')
    .map((entry) => entry.path!)
    .sort();
}

const under = (prefix: RegExp, listing: string) =>
  listing
    .split('\n')
    .filter((line) => line && !line.endsWith('/'))
    .map((line) => {
      expect(line).toMatch(prefix);
      return line.replace(prefix, '');
    })
    .sort();

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  dir = await mkdtemp(join(tmpdir(), 'sdk-archive-'));
  const client = clientOf(alice.token);
  for (const [name, isPrivate] of [
    ['open', false],
    ['closed', true],
  ] as const) {
    expect(
      (await client.repos.createForAuthenticatedUser({ body: { name, private: isPrivate, auto_init: true } })).response
        .status,
    ).toBe(201);
  }
  await put(client, 'open', 'src/deep/file.txt', 'deep\n');
  await put(client, 'open', 'docs/with space.md', '# spaced\n');
});
afterAll(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('client.repos.downloadTarballArchive and downloadZipballArchive', () => {
  it('gives the tarball of a branch: its files are the tree, and the token never reaches the download URL', async () => {
    sent.length = 0;
    const client = clientOf(alice.token);
    const { data, error, response } = await client.repos.downloadTarballArchive({
      owner: 'alice',
      repo: 'open',
      ref: 'main',
    });
    const [api, download, ...rest] = sent;
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-gzip');
    expect(data).toBeInstanceOf(ArrayBuffer);
    await writeFile(join(dir, 'open.tar.gz'), Buffer.from(data!));
    const { stdout } = await run('tar', ['-tzf', join(dir, 'open.tar.gz')]);
    expect(under(/^alice-open-[0-9a-f]{7}\//, stdout)).toEqual(await treeFiles(client, 'open', 'main'));
    expect(under(/^alice-open-[0-9a-f]{7}\//, stdout)).toEqual([
      'README.md',
      'docs/with space.md',
      'src/deep/file.txt',
    ]);

    expect(rest).toEqual([]);
    expect(new URL(api!.url).pathname).toBe('/repos/alice/open/tarball/main');
    expect(api!.headers.get('authorization')).toBe(`Bearer ${alice.token}`);
    expect(new URL(download!.url).pathname).toMatch(/^\/_archive\/\d+\/[0-9a-f]{40}\.tar\.gz$/);
    expect(download!.headers.get('authorization')).toBeNull();
    expect([...download!.headers.keys()].filter((name) => name.startsWith('x-github'))).toEqual([]);
  });

  it('gives the zipball of a private repository to its owner, and of a sha', async () => {
    const client = clientOf(alice.token);
    const { data, error } = await client.repos.downloadZipballArchive({ owner: 'alice', repo: 'closed', ref: 'main' });
    expect(error).toBeUndefined();
    await writeFile(join(dir, 'closed.zip'), Buffer.from(data!));
    expect(under(/^alice-closed-[0-9a-f]{7}\//, (await run('unzip', ['-Z1', join(dir, 'closed.zip')])).stdout)).toEqual(
      ['README.md'],
    );

    const { data: main } = await client.repos.getBranch({ owner: 'alice', repo: 'open', branch: 'main' });
    const parent = main!.commit.parents[0]!.sha;
    const zipped = await client.repos.downloadZipballArchive({ owner: 'alice', repo: 'open', ref: parent });
    await writeFile(join(dir, 'parent.zip'), Buffer.from(zipped.data!));
    const files = under(
      new RegExp(`^alice-open-${parent.slice(0, 7)}/`),
      (await run('unzip', ['-Z1', join(dir, 'parent.zip')])).stdout,
    );
    expect(files).toEqual(await treeFiles(client, 'open', parent));
    expect(files).not.toContain('docs/with space.md');
  });

  it('returns refusals and unknown refs as error values, with nothing downloaded', async () => {
    sent.length = 0;
    const cases = [
      [clientOf(undefined), 'closed', 'main', 404],
      [clientOf(bob.token), 'closed', 'main', 403],
      [clientOf(alice.token), 'open', 'nope', 404],
    ] as const;
    for (const [client, repo, ref, status] of cases) {
      const { data, error, response } = await client.repos.downloadTarballArchive({ owner: 'alice', repo, ref });
      expect(response.status, `${repo} ${ref}`).toBe(status);
      expect(data).toBeUndefined();
      expect(error).toMatchObject({ message: expect.any(String) });
    }
    expect(sent.every((request) => !request.url.includes('/_archive/'))).toBe(true);
  });
});
