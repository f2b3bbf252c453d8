// The set-up of the check run page tests: a server without a dispatcher,
// run-owner's public `open` and private `secret` repositories (each hooked for
// check_run), run-reader reading `secret`, run-stranger without rights, two
// installed apps subscribed to check_run (`checker`, whose token makes the
// runs, and `other`), and three runs: `done` (failed, with output,
// annotations and two actions) and `running` in `open`, `private` in
// `secret`. The outbox reader starts after the set-up's own events.
import { expect } from 'vitest';
import { setAppHook } from '../apps/app-hooks/app-hooks-store.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from './apps.js';
import { grant } from './grant.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';
import { outboxReader } from './webhook-outbox.js';

const ACTIONS = [
  { label: 'Fix it', description: 'Let the app push a fix', identifier: 'fix_errors' },
  { label: 'Ignore', description: 'Mark as fine', identifier: 'ignore' },
];

export interface RoutedEvent {
  /** `repo`, `checker` (the run's app) or `other` (another app subscribed to check_run). */
  to: string;
  name: string;
  payload: any;
}

export interface CheckRunPageScenario {
  server: TestServer;
  owner: TestUser;
  reader: TestUser;
  stranger: TestUser;
  /** The `checker` app's id. */
  appId: number;
  /** Run ids by key: done, running, private. */
  runs: Record<string, number>;
  /** GET a page (not following redirects), signed in by `cookie`. */
  page(path: string, cookie?: string): Promise<Response>;
  /** POST a form (not following redirects), signed in by `cookie`. */
  post(path: string, fields: Record<string, string>, cookie?: string): Promise<Response>;
  /** The events queued since the last call, with the receiver of each. */
  routed(): Promise<RoutedEvent[]>;
  /** The page of run `key` in run-owner's `repo`. */
  runPath(repo: string, key: string): string;
  headSha(repo: string): Promise<string>;
}

export async function startCheckRunPageScenario(): Promise<CheckRunPageScenario> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const owner = await server.createUser('run-owner');
  const reader = await server.createUser('run-reader');
  const stranger = await server.createUser('run-stranger');
  /** Hook id → receiver (see RoutedEvent.to). */
  const receivers = new Map<number, string>();
  const runs: Record<string, number> = {};
  let appId = 0;
  let appToken = '';
  const runPath = (repo: string, key: string) => `/run-owner/${repo}/runs/${runs[key]}`;

  async function headSha(repo: string): Promise<string> {
    return (
      (await (await server.api(`/repos/run-owner/${repo}/branches/main`, { token: owner.token })).json()) as {
        commit: { sha: string };
      }
    ).commit.sha;
  }

  async function createRun(repo: string, key: string, body: Record<string, unknown>) {
    const res = await server.api(`/repos/run-owner/${repo}/check-runs`, {
      method: 'POST',
      token: appToken,
      body: { head_sha: await headSha(repo), ...body },
    });
    expect(res.status).toBe(201);
    const run = (await res.json()) as { id: number; html_url: string };
    runs[key] = run.id;
    expect(run.html_url).toBe(`${server.url}${runPath(repo, key)}`);
  }

  for (const [name, isPrivate] of [
    ['open', false],
    ['secret', true],
  ] as const) {
    expect(
      (
        await server.api('/user/repos', {
          method: 'POST',
          token: owner.token,
          body: { name, private: isPrivate, auto_init: true },
        })
      ).status,
    ).toBe(201);
    const hook = await server.api(`/repos/run-owner/${name}/hooks`, {
      method: 'POST',
      token: owner.token,
      body: { config: { url: 'https://example.com/repo' }, events: ['check_run'] },
    });
    receivers.set(((await hook.json()) as { id: number }).id, 'repo');
  }
  const secretId = (await server.services.repos.find('run-owner', 'secret'))!.id;
  await grant(server, secretId, reader.id, 'read');
  for (const name of ['checker', 'other']) {
    const app = await createTestApp(server, owner.id, name, { checks: 'write' }, ['check_run']);
    const installation = await installTestApp(server, app.app, owner.id);
    const hook = await server.sql.begin((tx) => setAppHook(tx, app.app.id, { url: `https://example.com/${name}` }));
    receivers.set(Number(hook.id), name);
    if (name === 'checker') {
      appId = app.app.id;
      appToken = (
        await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id)
      ).body.token as string;
    }
  }
  await createRun('open', 'done', {
    name: 'lint <b>',
    conclusion: 'failure',
    details_url: 'https://ci.example.com/build/7?a=1&b=2',
    actions: ACTIONS,
    output: {
      title: 'Two <problems>',
      summary: '**bold** & <script>alert(1)</script>',
      text: 'line one\nline two',
      annotations: [
        {
          path: 'src/a.ts',
          start_line: 3,
          end_line: 3,
          annotation_level: 'warning',
          message: 'unused <x>',
          title: 'Unused',
        },
        { path: 'src/b.ts', start_line: 10, end_line: 12, annotation_level: 'failure', message: 'broken' },
      ],
    },
  });
  await createRun('open', 'running', { name: 'build', status: 'in_progress', actions: [ACTIONS[1]] });
  await createRun('secret', 'private', { name: 'secret-check', conclusion: 'success', actions: ACTIONS });
  const read = outboxReader(server, { events: ['check_run', 'check_suite'] });
  await read();

  return {
    server,
    owner,
    reader,
    stranger,
    appId,
    runs,
    page: (path, cookie) => fetch(server.url + path, { redirect: 'manual', headers: cookie ? { cookie } : {} }),
    post: (path, fields, cookie) =>
      fetch(server.url + path, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      }),
    routed: async () =>
      (await read()).map((job) => ({
        to: receivers.get(Number(job.hook_id)) ?? '?',
        name: `${job.event}.${job.action}`,
        payload: job.payload,
      })),
    runPath,
    headSha,
  };
}
