// The client compatibility suite (issue 12): stock PyGithub, go-github with
// ghinstallation, and Octokit run the same call list against a real Wharf
// server, each with the root and the /api/v3 base, only the base URL changed.
// Each client is a child process (python/, go/, octokit/); it prints
// `client: N/N calls pass (base …)` and one `FAIL call: error` line per failure.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, installTestApp } from '../../server/test-support/apps.js';
import { ALL_SCOPES, startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test-support/webhook-receiver.js';

const run = promisify(execFile);
const HERE = new URL('.', import.meta.url).pathname;
const ROOT = join(HERE, '../..');

/** How each client is started; all read the same environment. */
const CLIENTS = {
  pygithub: [join(HERE, '.venv/bin/python'), [join(HERE, 'python/pygithub_calls.py')]],
  'go-github': [join(HERE, '.bin/go-clients'), []],
  octokit: [process.execPath, [join(ROOT, 'bin/run-ts.mjs'), join(HERE, 'octokit/octokit-calls.ts')]],
} as const;
const BASES = { root: '', v3: '/api/v3' } as const;
/** Calls per client: 82 before issue 17, 11 pull request and fork calls, 11 of commits, files, review requests and merge, 18 of reviews and their reactions (issue 18), 8 of releases, 7 of assets, 3 of statuses and 5 of checks (issue 19), 6 of gists (issue 36), 16 of collaborators, teams and branch protection (issue 37). */
const CALLS = 170;

let server: TestServer;
let receiver: WebhookReceiver;
let user: TestUser;
let clientEnv: Record<string, string>;

beforeAll(async () => {
  // Installs PyGithub and builds go/ the first time (about 20 s), then costs nothing.
  await run('bash', [join(HERE, 'setup.sh')]).catch((error: { stderr?: string }) => {
    throw new Error(
      `contract-tests/clients/setup.sh failed; the client suite needs python3-venv and go:\n${error.stderr ?? error}`,
    );
  });
  server = await startTestServer({
    // Deliveries go to the receiver on 127.0.0.1; no automatic retries, so a
    // delivery's history is the attempts the clients asked for.
    WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
    WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
  });
  receiver = await startWebhookReceiver();
  // admin:org besides the defaults: the team calls create, list and delete the organisation's teams.
  user = await server.createUser('compat', { scopes: [...ALL_SCOPES, 'admin:org'] });
  const other = await server.createUser('compat-other');
  const org = await server.createOrg('compat-org', user.id);
  // The merge calls (pullMergeCalls) ask compat-other to review in the organisation's repository: members may be asked.
  await server.services.accounts.addMember(org.id, other.id, 'member');
  // The repository the app's installation covers, with a branch to create refs from.
  const target = await server.api(`/orgs/${org.login}/repos`, {
    method: 'POST',
    token: user.token,
    body: { name: 'app-target', auto_init: true },
  });
  expect(target.status).toBe(201);
  // checks: write for the check calls, besides the defaults.
  const app = await createTestApp(server, user.id, 'compat-app', {
    contents: 'write',
    repository_hooks: 'write',
    administration: 'write',
    issues: 'write',
    checks: 'write',
  });
  const installation = await installTestApp(server, app.app, org.id);
  const keyFile = join(server.dataDir, 'compat-app.pem');
  await writeFile(keyFile, app.privateKeyPem);
  clientEnv = {
    WHARF_TOKEN: user.token,
    WHARF_LOGIN: user.login,
    WHARF_OTHER_USER: 'compat-other',
    WHARF_OTHER_TOKEN: other.token,
    WHARF_ORG: org.login,
    WHARF_APP_ID: String(app.app.id),
    WHARF_APP_KEY_FILE: keyFile,
    WHARF_INSTALLATION_ID: String(installation.id),
    WHARF_APP_REPO: `${org.login}/app-target`,
  };
}, 300_000);

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

// Concurrently: PyGithub waits 1 s before each write (its default
// seconds_between_writes, GitHub's advice against secondary rate limits), so
// its runs are mostly idle (37 calls, a third of them writes: beyond vitest's
// default 30 s); each run names its repositories and refs apart.
describe.concurrent('stock clients, only the base URL changed', () => {
  for (const [client, [command, args]] of Object.entries(CLIENTS)) {
    for (const [baseName, path] of Object.entries(BASES)) {
      it(`${client} passes every call (base ${baseName === 'root' ? 'root' : path})`, async () => {
        const base = server.url + path;
        const prefix = `${client}-${baseName}`;
        const env = {
          ...process.env,
          ...clientEnv,
          WHARF_BASE_URL: base,
          COMPAT_PREFIX: prefix,
          WHARF_HOOK_URL: `${receiver.url}?run=${prefix}`,
        };
        const { stdout, stderr } = await run(command, [...args], { env, cwd: ROOT }).catch(
          (error) => error as { stdout: string; stderr: string },
        );
        const summary = /^(\S+): (\d+)\/(\d+) calls pass/m.exec(stdout ?? '');
        // The summary and the failing calls, readable in the test's output.
        console.log(`${stdout ?? ''}${stderr ?? ''}`.trim());
        expect(summary, `${client} printed no summary:\n${stdout}\n${stderr}`).not.toBeNull();
        expect(stderr.match(/^FAIL .*/gm) ?? [], `failing calls of ${client} (base ${base})`).toEqual([]);
        expect(Number(summary![2])).toBe(Number(summary![3]));
        expect(Number(summary![3])).toBe(CALLS);
        // The hook's ping and test push reached the receiver, not just a 2xx.
        const events = receiver.received
          .filter((r) => r.path.endsWith(`?run=${prefix}`))
          .map((r) => r.headers['x-github-event']);
        expect(events).toEqual(expect.arrayContaining(['ping', 'push']));
      }, 120_000);
    }
  }
});
