// A check run's page (`html_url`) over real HTTP: who sees it (public
// repositories anyone, private ones their readers, everyone else the 404
// page), what it shows (escaped as text), and its buttons: each of the app's
// actions sends `check_run requested_action` and "Re-run" `check_run
// rerequested`, to the run's app only (read from the outbox, every payload
// checked against GitHub's webhook schema), and refused presses send nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppHook } from '../apps/app-hooks/app-hooks-store.js';
import { grant } from '../test-support/grant.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';
import { signInForForm, signInWithPassword } from '../test-support/web-sign-in.js';

let server: TestServer;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let appToken: string;
let appId: number;
let read: () => Promise<QueuedEvent[]>;
/** Hook id → `repo`, `checker` (the run's app) or `other` (another app subscribed to check_run). */
const receivers = new Map<number, string>();
const runs: Record<string, number> = {};
const ACTIONS = [
  { label: 'Fix it', description: 'Let the app push a fix', identifier: 'fix_errors' },
  { label: 'Ignore', description: 'Mark as fine', identifier: 'ignore' },
];

const page = (path: string, cookie?: string) =>
  fetch(server.url + path, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(server.url + path, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  });
const routed = async () =>
  (await read()).map((job) => ({
    to: receivers.get(Number(job.hook_id)) ?? '?',
    name: `${job.event}.${job.action}`,
    payload: job.payload,
  }));
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

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('run-owner');
  reader = await server.createUser('run-reader');
  stranger = await server.createUser('run-stranger');
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
  read = outboxReader(server, { events: ['check_run', 'check_suite'] });
  await read();
}, 60_000);
afterAll(() => server.close());

describe('who sees the page', () => {
  it("shows a public repository's run to anyone, escaped as text, without buttons", async () => {
    const res = await page(runPath('open', 'done'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<h1>lint &lt;b&gt;</h1>');
    expect(html).toContain('<dd>checker</dd>');
    expect(html).toContain('<dd>completed</dd>');
    expect(html).toContain('<dd>failure</dd>');
    expect(html).toContain(`<code>${await headSha('open')}</code>`);
    expect(html).toContain('<h2>Output: Two &lt;problems&gt;</h2>');
    expect(html).toContain('<pre>**bold** &amp; &lt;script&gt;alert(1)&lt;/script&gt;</pre>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<pre>line one\nline two</pre>');
    expect(html).toContain('<h2>Annotations (2)</h2>');
    expect(html).toContain('<strong>warning</strong> <code>src/a.ts:3</code> Unused: unused &lt;x&gt;');
    expect(html).toContain('<strong>failure</strong> <code>src/b.ts:10-12</code>');
    expect(html).toContain('<a href="https://ci.example.com/build/7?a=1&amp;b=2">');
    expect(html).not.toContain('<form');
  });

  it("shows a private repository's run to its readers only; everyone else gets the 404 page", async () => {
    expect((await page(runPath('secret', 'private'))).status).toBe(404);
    const strangerPage = await page(runPath('secret', 'private'), await signInWithPassword(server, stranger));
    expect(strangerPage.status).toBe(404);
    expect(await strangerPage.text()).not.toContain('secret-check');
    const readerPage = await page(runPath('secret', 'private'), await signInWithPassword(server, reader));
    expect(readerPage.status).toBe(200);
    const html = await readerPage.text();
    expect(html).toContain('<h1>secret-check</h1>');
    expect(html).not.toContain('<form');
  });

  it('is 404 for runs of another repository, unknown ids and repositories', async () => {
    for (const path of [
      `/run-owner/open/runs/${runs.private}`,
      '/run-owner/open/runs/999999',
      '/run-owner/open/runs/abc',
      '/run-owner/open/runs/0',
      `/run-owner/nothing/runs/${runs.done}`,
    ]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    }
  });

  it('leaves the routes beside it alone: git over HTTP still answers at the clone URL', async () => {
    const refs = await fetch(`${server.url}/run-owner/open.git/info/refs?service=git-upload-pack`);
    expect(refs.status).toBe(200);
    expect(refs.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement');
  });
});

describe('the buttons', () => {
  let cookie: string;
  let csrf: string;

  beforeAll(async () => {
    ({ cookie, csrf } = await signInForForm(server, owner, runPath('open', 'done')));
  });

  it('offers one form per action (label, description as title) and Re-run to users with write access', async () => {
    const html = await (await page(runPath('open', 'done'), cookie)).text();
    expect(html.match(/action="\/run-owner\/open\/runs\/\d+\/requested-action"/g)).toHaveLength(2);
    expect(html).toContain('<input type="hidden" name="identifier" value="fix_errors">');
    expect(html).toContain('<button type="submit" title="Let the app push a fix">Fix it</button>');
    expect(html).toContain('<button type="submit">Re-run</button>');
    // A run still in progress has its actions but cannot be re-run yet.
    const running = await (await page(runPath('open', 'running'), cookie)).text();
    expect(running).toContain('>Ignore</button>');
    expect(running).not.toContain('Re-run');
  });

  it("an action sends requested_action with its identifier to the run's app only, then back to the page with a notice", async () => {
    const state = async () => {
      const run = await (
        await server.api(`/repos/run-owner/open/check-runs/${runs.done}`, { token: owner.token })
      ).json();
      return {
        run,
        suite: await (
          await server.api(`/repos/run-owner/open/check-suites/${run.check_suite.id}`, { token: owner.token })
        ).json(),
      };
    };
    const before = await state();
    const res = await post(`${runPath('open', 'done')}/requested-action`, { csrf, identifier: 'fix_errors' }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${runPath('open', 'done')}?notice=requested-action`);
    const sent = await routed();
    expect(sent.map((e) => `${e.to} ${e.name}`)).toEqual(['checker check_run.requested_action']);
    const payload = sent[0]!.payload;
    expect(payload.requested_action).toEqual({ identifier: 'fix_errors' });
    expect(payload.check_run).toMatchObject({
      id: runs.done,
      status: 'completed',
      conclusion: 'failure',
      app: { id: appId },
    });
    expect(payload.sender).toMatchObject({ login: 'run-owner', type: 'User' });
    expect(payload.installation.id).toBeGreaterThan(0);
    expect(payload.repository.full_name).toBe('run-owner/open');
    const after = await (await page(res.headers.get('location')!, cookie)).text();
    expect(after).toContain('<p class="ok" role="status">checker was sent your request.</p>');
    // Nothing else changed: the run and its suite are as they were.
    expect(await state()).toEqual(before);
  });

  it('an identifier the run does not offer is refused and sends nothing', async () => {
    for (const identifier of ['nope', '']) {
      const res = await post(`${runPath('open', 'done')}/requested-action`, { csrf, identifier }, cookie);
      expect(res.status).toBe(422);
      expect(await res.text()).toContain('This check run offers no such action. Nothing was sent.');
    }
    // An identifier of another run's actions is not this run's.
    expect(
      (await post(`${runPath('open', 'running')}/requested-action`, { csrf, identifier: 'fix_errors' }, cookie)).status,
    ).toBe(422);
    expect(await routed()).toEqual([]);
  });

  it("a form without the session's CSRF token is refused and sends nothing", async () => {
    for (const fields of [{ identifier: 'fix_errors' }, { csrf: 'forged', identifier: 'fix_errors' }] as Record<
      string,
      string
    >[]) {
      const res = await post(`${runPath('open', 'done')}/requested-action`, fields, cookie);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Nothing was sent.');
    }
    expect((await post(`${runPath('open', 'done')}/rerequest`, {}, cookie)).status).toBe(403);
    expect(await routed()).toEqual([]);
  });

  it('signed out: sent to sign in and back to the page; readers 403; others 404; nothing sent', async () => {
    const anonymous = await post(`${runPath('open', 'done')}/requested-action`, { identifier: 'fix_errors' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(`/login?return_to=${encodeURIComponent(runPath('open', 'done'))}`);
    const asReader = await signInForForm(server, reader, '/settings/tokens');
    for (const [key, expected] of [
      ['done', 403],
      ['private', 403],
    ] as const) {
      const repo = key === 'private' ? 'secret' : 'open';
      for (const button of ['requested-action', 'rerequest']) {
        const res = await post(
          `${runPath(repo, key)}/${button}`,
          { csrf: asReader.csrf, identifier: 'fix_errors' },
          asReader.cookie,
        );
        expect(res.status, `${key} ${button}`).toBe(expected);
      }
    }
    const asStranger = await signInForForm(server, stranger, '/settings/tokens');
    const hidden = await post(
      `${runPath('secret', 'private')}/requested-action`,
      { csrf: asStranger.csrf, identifier: 'fix_errors' },
      asStranger.cookie,
    );
    expect(hidden.status).toBe(404);
    expect(await routed()).toEqual([]);
  });

  it("Re-run is REST's rerequest: rerequested to the run's app only and the suite queued; refused while the run is not completed", async () => {
    const early = await post(`${runPath('open', 'running')}/rerequest`, { csrf }, cookie);
    expect(early.status).toBe(422);
    expect(await early.text()).toContain('has not completed yet');
    expect(await routed()).toEqual([]);
    const res = await post(`${runPath('open', 'done')}/rerequest`, { csrf }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${runPath('open', 'done')}?notice=rerequest`);
    const sent = await routed();
    expect(sent.map((e) => `${e.to} ${e.name}`)).toEqual(['checker check_run.rerequested']);
    expect(sent[0]!.payload.sender.login).toBe('run-owner');
    const run = await (
      await server.api(`/repos/run-owner/open/check-runs/${runs.done}`, { token: owner.token })
    ).json();
    expect(
      await (
        await server.api(`/repos/run-owner/open/check-suites/${run.check_suite.id}`, { token: owner.token })
      ).json(),
    ).toMatchObject({ status: 'queued', conclusion: null });
    expect(await (await page(res.headers.get('location')!, cookie)).text()).toContain(
      'checker was asked to run this check again.',
    );
  });
});

describe('after a rename', () => {
  it('the old address is a 301 to the new one for those who may read the repository, the 404 page for others', async () => {
    expect(
      (await server.api('/repos/run-owner/secret', { method: 'PATCH', token: owner.token, body: { name: 'hidden' } }))
        .status,
    ).toBe(200);
    const old = `${runPath('secret', 'private')}?notice=rerequest`;
    const moved = await page(old, await signInWithPassword(server, reader));
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`${runPath('hidden', 'private')}?notice=rerequest`);
    expect((await page(old)).status).toBe(404);
    expect((await page(old, await signInWithPassword(server, stranger))).status).toBe(404);
    expect((await page(runPath('hidden', 'private'))).status).toBe(404);
    expect((await page(runPath('hidden', 'private'), await signInWithPassword(server, reader))).status).toBe(200);
  });
});
