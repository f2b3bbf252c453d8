// Check suites made by real pushes and the routing of `check_suite` and
// `check_run` events, read from the webhook outbox (every payload checked
// against GitHub's webhook schema by outboxReader): which receiver (the
// repository's hook, each app's hook) gets which event and action.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppHook } from '../apps/app-hooks/app-hooks-store.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../test-support/apps.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

const REPO = '/repos/ci-owner/built';
let server: TestServer;
let owner: TestUser;
let git: GitCli;
let work: string;
let read: () => Promise<QueuedEvent[]>;
/** Hook id → receiver name: `repo`, or the app's name. */
const receivers = new Map<number, string>();
const tokens: Record<string, string> = {};
const apps: Record<string, TestApp> = {};

async function addApp(name: string, permissions: Record<string, 'read' | 'write'>, events: string[]) {
  const app = await createTestApp(server, owner.id, name, permissions, events);
  const installation = await installTestApp(server, app.app, owner.id);
  const hook = await server.sql.begin((tx) => setAppHook(tx, app.app.id, { url: `https://example.com/${name}` }));
  receivers.set(Number(hook.id), name);
  apps[name] = app;
  tokens[name] = (
    await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id)
  ).body.token as string;
}

/** What each receiver got since the last call, as `receiver event.action`, in order. */
async function routed(): Promise<string[]> {
  return (await read()).map((job) => `${receivers.get(Number(job.hook_id)) ?? '?'} ${job.event}.${job.action}`);
}

const push = async (branch: string, message: string) => {
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', message], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
};
const call = (path: string, method: string, token: string, body?: unknown) => server.api(path, { method, token, body });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('ci-owner');
  expect((await call('/user/repos', 'POST', owner.token, { name: 'built' })).status).toBe(201);
  const repoId = (await server.services.repos.find('ci-owner', 'built'))!.id;
  const hook = await call(`${REPO}/hooks`, 'POST', owner.token, {
    config: { url: 'https://example.com/repo' },
    events: ['check_run', 'check_suite', 'push'],
  });
  expect(hook.status).toBe(201);
  receivers.set(((await hook.json()) as { id: number }).id, 'repo');
  // writer: checks write, subscribed; quiet: checks write, subscribed to nothing; reader: checks read,
  // subscribed; optout: checks write, auto-trigger turned off; nochecks: no checks permission.
  await addApp('writer', { checks: 'write', contents: 'read' }, ['check_run', 'check_suite']);
  await addApp('quiet', { checks: 'write' }, []);
  await addApp('reader', { checks: 'read' }, ['check_run', 'check_suite']);
  await addApp('optout', { checks: 'write' }, ['check_run', 'check_suite']);
  await addApp('nochecks', { contents: 'write' }, ['check_run', 'check_suite', 'push']);
  const prefs = await call(`${REPO}/check-suites/preferences`, 'PATCH', owner.token, {
    auto_trigger_checks: [{ app_id: apps.optout!.app.id, setting: false }],
  });
  expect(prefs.status).toBe(200);
  read = outboxReader(server, { repositoryIds: [repoId], events: ['check_run', 'check_suite'] });
  git = await gitCli();
  work = join(git.home, 'work');
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'ci-owner/built.git', owner.token)], { cwd: work });
});
afterAll(async () => {
  await server.close();
  await git.close();
});

describe('check suites made by a push', () => {
  let sha: string;
  let suiteId: number;
  let runId: number;

  it('a suite for each app with checks: write that did not opt out, and `requested` to that app only', async () => {
    sha = await push('main', 'first');
    expect((await routed()).sort()).toEqual(['quiet check_suite.requested', 'writer check_suite.requested']);
    const list = await (await call(`${REPO}/commits/${sha}/check-suites`, 'GET', owner.token)).json();
    expect(list.total_count).toBe(2);
    const mine = list.check_suites.find((s: any) => s.app.id === apps.writer!.app.id);
    expect(mine).toMatchObject({
      head_sha: sha,
      head_branch: 'main',
      status: 'queued',
      conclusion: null,
      before: '0'.repeat(40),
      after: sha,
    });
    suiteId = mine.id;
    // The same commit pushed to another branch: the suites exist already, nothing is requested again.
    await git.ok(['push', '--quiet', 'origin', 'HEAD:refs/heads/copy'], { cwd: work });
    expect(await routed()).toEqual([]);
  });

  it("a run joins the app's suite; created and completed go to the repository hook and the subscribed apps with checks", async () => {
    const created = await call(`${REPO}/check-runs`, 'POST', tokens.writer!, {
      name: 'tests',
      head_sha: sha,
      status: 'in_progress',
    });
    expect(created.status).toBe(201);
    const run = await created.json();
    runId = run.id;
    expect(run.check_suite.id).toBe(suiteId);
    // optout turned only its push suites off: it still hears of others' runs, as any subscribed app with checks.
    expect((await routed()).sort()).toEqual([
      'optout check_run.created',
      'reader check_run.created',
      'repo check_run.created',
      'writer check_run.created',
    ]);
    const done = await call(`${REPO}/check-runs/${runId}`, 'PATCH', tokens.writer!, { conclusion: 'success' });
    expect(done.status).toBe(200);
    const events = await read();
    const names = events.map((job) => `${receivers.get(Number(job.hook_id))} ${job.event}.${job.action}`);
    expect(names.filter((n) => n.includes('check_run')).sort()).toEqual([
      'optout check_run.completed',
      'reader check_run.completed',
      'repo check_run.completed',
      'writer check_run.completed',
    ]);
    expect(names.filter((n) => n.includes('check_suite')).sort()).toEqual([
      'optout check_suite.completed',
      'reader check_suite.completed',
      'repo check_suite.completed',
      'writer check_suite.completed',
    ]);
    const suiteDone = events.find((e) => e.event === 'check_suite')!.payload;
    expect(suiteDone.check_suite).toMatchObject({
      id: suiteId,
      status: 'completed',
      conclusion: 'success',
      head_sha: sha,
      latest_check_runs_count: 1,
    });
    const runDone = events.find(
      (e) => e.event === 'check_run' && receivers.get(Number(e.hook_id)) === 'writer',
    )!.payload;
    expect(runDone.check_run.check_suite).toMatchObject({ id: suiteId, status: 'completed', conclusion: 'success' });
    expect(runDone.installation.id).toBeGreaterThan(0);
    expect(runDone.sender.login).toBe('writer[bot]');
  });

  it("rerequests go to the check's app only and put the suite back in the queue", async () => {
    expect((await call(`${REPO}/check-runs/${runId}/rerequest`, 'POST', owner.token)).status).toBe(201);
    expect(await routed()).toEqual(['writer check_run.rerequested']);
    const suite = await (await call(`${REPO}/check-suites/${suiteId}`, 'GET', owner.token)).json();
    expect(suite).toMatchObject({ status: 'queued', conclusion: null });
    expect((await call(`${REPO}/check-suites/${suiteId}/rerequest`, 'POST', tokens.writer!)).status).toBe(201);
    expect(await routed()).toEqual(['writer check_suite.rerequested']);
    // The app runs it again: completed once more.
    const again = await call(`${REPO}/check-runs`, 'POST', tokens.writer!, {
      name: 'tests',
      head_sha: sha,
      conclusion: 'failure',
    });
    expect(again.status).toBe(201);
    expect((await routed()).filter((n) => n.startsWith('writer')).sort()).toEqual([
      'writer check_run.completed',
      'writer check_run.created',
      'writer check_suite.completed',
    ]);
    expect(await (await call(`${REPO}/check-suites/${suiteId}`, 'GET', owner.token)).json()).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      latest_check_runs_count: 1,
    });
  });

  it("only apps with checks: write create runs; only the run's app updates it", async () => {
    const byUser = await call(`${REPO}/check-runs`, 'POST', owner.token, { name: 'x', head_sha: sha });
    expect(byUser.status).toBe(403);
    expect((await byUser.json()).message).toBe('You must authenticate via a GitHub App.');
    const byReader = await call(`${REPO}/check-runs`, 'POST', tokens.reader!, { name: 'x', head_sha: sha });
    expect(byReader.status).toBe(403);
    expect(byReader.headers.get('x-accepted-github-permissions')).toBe('checks=write');
    const byOther = await call(`${REPO}/check-runs/${runId}`, 'PATCH', tokens.quiet!, { status: 'in_progress' });
    expect(byOther.status).toBe(403);
    expect((await call(`${REPO}/check-suites`, 'POST', owner.token, { head_sha: sha })).status).toBe(403);
    expect(await routed()).toEqual([]);
  });

  it("a run of an open pull request's head names the pull request", async () => {
    const featureSha = await push('feature', 'feature work');
    const pull = await (
      await call(`${REPO}/pulls`, 'POST', owner.token, { title: 'Feature', head: 'feature', base: 'main' })
    ).json();
    await read();
    const res = await call(`${REPO}/check-runs`, 'POST', tokens.writer!, { name: 'tests', head_sha: featureSha });
    const run = await res.json();
    const expected = {
      id: pull.id,
      number: pull.number,
      url: pull.url,
      head: { ref: 'feature', sha: featureSha, repo: { name: 'built' } },
      base: { ref: 'main', repo: { name: 'built' } },
    };
    expect(run.pull_requests).toMatchObject([expected]);
    const created = (await read()).find((e) => e.event === 'check_run' && receivers.get(Number(e.hook_id)) === 'repo')!;
    expect(created.payload.check_run.pull_requests).toMatchObject([expected]);
    expect(created.payload.check_run.check_suite.pull_requests).toMatchObject([expected]);
  });

  it('a rerequest of an unknown run or suite is 404, of a run not completed 422: nothing written', async () => {
    expect((await call(`${REPO}/check-runs/999999/rerequest`, 'POST', owner.token)).status).toBe(404);
    expect((await call(`${REPO}/check-suites/999999/rerequest`, 'POST', owner.token)).status).toBe(404);
    const queued = await call(`${REPO}/check-runs`, 'POST', tokens.writer!, {
      name: 'slow',
      head_sha: await push('slow', 'slow work'),
    });
    expect(queued.status).toBe(201);
    await read();
    const refused = await call(`${REPO}/check-runs/${(await queued.json()).id}/rerequest`, 'POST', owner.token);
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual([{ resource: 'CheckRun', code: 'invalid', field: 'status' }]);
    expect(await routed()).toEqual([]);
  });
});
