// Ref changes as events: POST git/refs → `create` + `push`, DELETE git/refs →
// `delete` + `push`, payloads built from the real git repository, only to
// active hooks subscribed to the event (or to `*`); and the reconciler
// emitting a change that git has but the mirror missed, exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { schemaErrors } from '../test-support/contract-schema.js';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { reconcileAll } from './ref-reconciler.js';

let server: TestServer;
let alice: TestUser;
let receiver: WebhookReceiver;
let mainSha: string;
let repoId: number;

const REPO = '/repos/alice/events';

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  alice = await server.createUser('alice');
  receiver = await startWebhookReceiver();
  const res = await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'events', auto_init: true },
  });
  repoId = ((await res.json()) as { id: number }).id;
  mainSha = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
  // Hooks created inactive and then activated: no creation pings in the way.
  for (const events of [['*'], ['push'], ['issues']]) {
    const hook = await server.api(`${REPO}/hooks`, {
      method: 'POST',
      token: alice.token,
      body: { config: { url: `${receiver.url}?events=${events.join(',')}` }, events, active: false },
    });
    const { id } = (await hook.json()) as { id: number };
    await server.api(`${REPO}/hooks/${id}`, { method: 'PATCH', token: alice.token, body: { active: true } });
  }
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

/** The requests that arrive next, `count` of them, sorted by event and hook for stable assertions. */
async function nextRequests(count: number) {
  const start = receiver.received.length;
  return async () => {
    const requests = (await receiver.waitFor(start + count)).slice(start);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.length - start).toBe(count); // nothing more than expected
    const parsed = requests.map((r) => ({
      event: r.headers['x-github-event'] as string,
      path: r.path,
      payload: JSON.parse(r.body.toString('utf8')),
    }));
    // Every payload Wharf sends matches the contract's webhook-payload schema, and GitHub's own for its event.
    for (const { event, payload } of parsed) {
      expect(schemaErrors('webhook-payload', payload), event).toBe('');
      expect(githubWebhookErrors(event, payload.action, payload), event).toBe('');
    }
    return parsed.sort((a, b) => `${a.event}${a.path}`.localeCompare(`${b.event}${b.path}`));
  };
}

describe('POST /repos/{owner}/{repo}/git/refs', () => {
  it('emits create (to * hooks) and push (to * and push hooks) with GitHub payloads', async () => {
    const collect = await nextRequests(3);
    const res = await server.api(`${REPO}/git/refs`, {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/heads/feature', sha: mainSha },
    });
    expect(res.status).toBe(201);
    const requests = await collect();
    expect(requests.map((r) => `${r.event} ${r.path}`).sort()).toEqual([
      'create /hook?events=*',
      'push /hook?events=*',
      'push /hook?events=push',
    ]);
    const create = requests.find((r) => r.event === 'create');
    const pushToPushHook = requests.find((r) => r.event === 'push' && r.path.endsWith('push'));
    const pushToStarHook = requests.find((r) => r.event === 'push' && r.path.endsWith('*'));
    expect(create!.payload).toMatchObject({
      ref: 'feature',
      ref_type: 'branch',
      master_branch: 'main',
      pusher_type: 'user',
      repository: { full_name: 'alice/events' },
      sender: { login: 'alice' },
    });
    expect(pushToPushHook!.path).toBe('/hook?events=push');
    expect(pushToStarHook!.path).toBe('/hook?events=*');
    const push = pushToPushHook!.payload;
    expect(push).toMatchObject({
      ref: 'refs/heads/feature',
      before: '0'.repeat(40),
      after: mainSha,
      created: true,
      deleted: false,
      forced: false,
      pusher: { name: 'alice' },
      sender: { login: 'alice' },
      repository: { id: repoId },
      // The branch brings no commit that main did not already have.
      commits: [],
      head_commit: { id: mainSha, message: 'Initial commit', added: ['README.md'], removed: [], modified: [] },
    });
    expect(push.pusher.email).toContain('@');
    // GitHub's push payload, unlike create's, carries the repository with its
    // web URL and Unix-second dates (receivers such as Jenkins read them so).
    expect(push.repository).toMatchObject({
      url: `${server.url}/alice/events`,
      html_url: `${server.url}/alice/events`,
      master_branch: 'main',
      stargazers: 0,
    });
    expect(push.repository.created_at).toBe(Math.floor(Date.parse(create!.payload.repository.created_at) / 1000));
    expect(Number.isInteger(push.repository.pushed_at)).toBe(true);
    expect(create!.payload.repository.url).toBe(`${server.url}/api/v3/repos/alice/events`);
  });

  it('lists the commits a new ref brings in', async () => {
    const { git } = server.services;
    const tree = (await git.git(repoId, ['rev-parse', `${mainSha}^{tree}`])).trim();
    const identity = {
      GIT_AUTHOR_NAME: 'Alice',
      GIT_AUTHOR_EMAIL: 'alice@example.com',
      GIT_COMMITTER_NAME: 'Alice',
      GIT_COMMITTER_EMAIL: 'alice@example.com',
    };
    const commit = (
      await git.git(repoId, ['commit-tree', tree, '-p', mainSha, '-m', 'Second commit'], undefined, identity)
    ).trim();
    const collect = await nextRequests(3);
    await server.api(`${REPO}/git/refs`, {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/tags/v1', sha: commit },
    });
    const requests = await collect();
    const push = requests.find((r) => r.event === 'push')!.payload;
    expect(push.commits.map((c: { id: string; message: string }) => [c.id, c.message])).toEqual([
      [commit, 'Second commit'],
    ]);
    expect(requests.find((r) => r.event === 'create')!.payload).toMatchObject({ ref: 'v1', ref_type: 'tag' });
  });
});

describe('DELETE /repos/{owner}/{repo}/git/refs/{ref}', () => {
  it('deletes the ref (204, raw or %2F-encoded) and emits delete + push', async () => {
    await server.api(`${REPO}/git/refs`, {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/heads/gone/soon', sha: mainSha },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const collect = await nextRequests(3);
    const res = await server.api(`${REPO}/git/refs/heads%2Fgone%2Fsoon`, { method: 'DELETE', token: alice.token });
    expect(res.status).toBe(204);
    const [del, push] = await collect();
    expect(del).toMatchObject({ event: 'delete', payload: { ref: 'gone/soon', ref_type: 'branch' } });
    expect(push!.payload).toMatchObject({
      ref: 'refs/heads/gone/soon',
      before: mainSha,
      after: '0'.repeat(40),
      deleted: true,
      commits: [],
      head_commit: null,
    });
    expect(await server.services.git.resolveRef(repoId, 'refs/heads/gone/soon')).toBeNull();
    const again = await server.api(`${REPO}/git/refs/heads/gone/soon`, { method: 'DELETE', token: alice.token });
    expect(again.status).toBe(422);
    expect((await again.json()).message).toBe('Validation Failed');
  });

  it('needs write permission', async () => {
    const bob = await server.createUser('bob');
    expect((await server.api(`${REPO}/git/refs/heads/main`, { method: 'DELETE', token: bob.token })).status).toBe(403);
    expect(await server.services.git.resolveRef(repoId, 'refs/heads/main')).toBe(mainSha);
  });
});

describe('the reconciler', () => {
  it('emits a change git has but the mirror missed, once, however often it runs', async () => {
    // A ref written to git behind Wharf's back, as if the process died between git and the database.
    await server.services.git.createRef(repoId, 'refs/heads/missed', mainSha);
    const collect = await nextRequests(3);
    const { git, urls, log, refFollowers: followers } = server.services;
    const deps = { sql: server.sql, git, urls, log, followers };
    await Promise.all([reconcileAll(deps), reconcileAll(deps)]);
    await reconcileAll(deps);
    const requests = await collect();
    expect(requests.map((r) => r.event)).toEqual(['create', 'push', 'push']);
    expect(requests[0]!.payload.sender.login).toBe('alice'); // attributed to the owner
  });
});
