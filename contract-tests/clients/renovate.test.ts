// Renovate in the client suite (issue 34): stock Renovate, pinned in
// renovate/package.json with the Node it runs on, against a real Wharf server,
// once with the root endpoint and once with GHES's /api/v3/, only the endpoint
// and token set. renovate/renovate-scenario.ts seeds a repository depending
// on an old is-number, runs Renovate twice and checks the branch and pull
// request it leaves; it prints `renovate: N/N steps pass` and, when a step
// fails, the requests Wharf refused (from Renovate's debug log).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';

const run = promisify(execFile);
const HERE = new URL('.', import.meta.url).pathname;
const ROOT = join(HERE, '../..');
const BASES = { root: '', v3: '/api/v3' } as const;
/** Seeding; the first run, its branch, pull request, diff and dashboard issue; the second run, no duplicate pull request or issue after it. */
const STEPS = 9;

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  // npm ci of Renovate and Node the first time (a few minutes on a fresh clone), then nothing.
  await run('bash', [join(HERE, 'renovate/setup.sh')]).catch((error: { stderr?: string }) => {
    throw new Error(`contract-tests/clients/renovate/setup.sh failed:\n${error.stderr ?? error}`);
  });
  server = await startTestServer();
  user = await server.createUser('renovate-compat');
}, 600_000);

afterAll(async () => {
  await server?.close();
});

// Concurrently: each run spends most of its time waiting on the npm registry and git.
describe.concurrent('Renovate, only the endpoint and token set', () => {
  for (const [baseName, path] of Object.entries(BASES)) {
    it(`renovate opens one pull request and keeps it (endpoint ${baseName === 'root' ? 'root' : `${path}/`})`, async () => {
      const base = server.url + path;
      const env = {
        ...process.env,
        WHARF_BASE_URL: base,
        WHARF_TOKEN: user.token,
        WHARF_LOGIN: user.login,
        COMPAT_PREFIX: `renovate-${baseName}`,
      };
      const scenario = join(HERE, 'renovate/renovate-scenario.ts');
      const { stdout, stderr } = await run(process.execPath, [join(ROOT, 'bin/run-ts.mjs'), scenario], {
        env,
        cwd: ROOT,
      }).catch((error) => error as { stdout: string; stderr: string });
      const summary = /^renovate: (\d+)\/(\d+) steps pass/m.exec(stdout ?? '');
      // The summary, the failing steps and the refused requests, readable in the test's output.
      console.log(`${stdout ?? ''}${stderr ?? ''}`.trim());
      expect(summary, `renovate printed no summary:\n${stdout}\n${stderr}`).not.toBeNull();
      expect(stderr.match(/^(FAIL|REFUSED) .*/gm) ?? [], `failing steps (base ${base})`).toEqual([]);
      expect(Number(summary![1])).toBe(STEPS);
      expect(Number(summary![2])).toBe(STEPS);
    }, 300_000);
  }
});
