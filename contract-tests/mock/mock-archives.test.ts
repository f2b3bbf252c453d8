// The mock answers the archive operations with their documented 302 to a
// download URL on the mock itself, and serves that URL without a token: a
// real tar.gz or zip, which tar, unzip and the SDK read.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../sdk/src/index.js';
import { startMockServer, type MockServer } from './mock-server.js';

const run = promisify(execFile);
const LIST = { 'tar.gz': ['tar', '-tzf'], zip: ['unzip', '-Z1'] } as const;
let mock: MockServer;
let dir: string;

beforeAll(async () => {
  mock = await startMockServer();
  dir = await mkdtemp(join(tmpdir(), 'mock-archives-'));
});
afterAll(async () => {
  await mock?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function listing(bytes: ArrayBuffer, extension: keyof typeof LIST): Promise<string[]> {
  const file = join(dir, `archive.${extension}`);
  await writeFile(file, Buffer.from(bytes));
  const [command, ...args] = LIST[extension];
  return (await run(command, [...args, file])).stdout.split('\n').filter(Boolean).sort();
}

it('answers …/tarball/{ref} and …/zipball/{ref} with 302 to its own download URL, which needs no token', async () => {
  for (const [kind, extension] of [
    ['tarball', 'tar.gz'],
    ['zipball', 'zip'],
  ] as const) {
    const response = await fetch(`${mock.url}/repos/octocat/Hello-World/${kind}/main`, {
      headers: { authorization: 'Bearer mock-token', accept: 'application/vnd.github+json' },
      redirect: 'manual',
    });
    expect(response.status, kind).toBe(302);
    const location = response.headers.get('location')!;
    expect(location).toMatch(
      new RegExp(
        `^${mock.url}/_archive/1296269/([0-9a-f]{40})\\.${extension.replace('.', '\\.')}\\?expires=\\d+&signature=`,
      ),
    );
    const download = await fetch(location);
    expect(download.status).toBe(200);
    const folder = `octocat-Hello-World-${/\/([0-9a-f]{40})\./.exec(location)![1]!.slice(0, 7)}`;
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename=${folder}.${extension}`);
    const files = (await listing(await download.arrayBuffer(), extension)).filter((name) => !name.endsWith('/'));
    expect(files).toEqual([`${folder}/README.md`, `${folder}/src/hello.txt`]);
  }
});

it('is 404 for a download URL without its signature or of another shape', async () => {
  for (const path of [
    `/_archive/1296269/${'a'.repeat(40)}.tar.gz?expires=1`,
    '/_archive/1296269/main.zip?expires=1&signature=x',
    `/_archive/x/${'a'.repeat(40)}.zip?expires=1&signature=x`,
  ]) {
    expect((await fetch(mock.url + path)).status, path).toBe(404);
  }
});

it('gives the SDK the archive bytes', async () => {
  const client = createClient({ baseUrl: mock.url, token: 'ghp_mock', retry: { retries: 0 } });
  const { data, error, response } = await client.repos.downloadZipballArchive({
    owner: 'octocat',
    repo: 'Hello-World',
    ref: 'main',
  });
  expect(error).toBeUndefined();
  expect(response.status).toBe(200);
  expect((await listing(data!, 'zip')).some((name) => name.endsWith('/README.md'))).toBe(true);
});
