// Pushes with the real git CLI: each updated branch or tag gets GitHub's
// `push` (and `create`/`delete`) events, validated against GitHub's own
// webhook schemas and checked against `git log` of the pushing clone; pushes
// git or the server refuses change nothing and emit nothing.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCollaborator } from '../repos/collaborators.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let receiver: WebhookReceiver;
let git: GitCli;
let work: string;
let repoId: number;

interface Event {
  event: string;
  payload: Record<string, any>;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  receiver = await startWebhookReceiver();
  git = await gitCli();
  const res = await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'pushed', auto_init: true, private: true },
  });
  repoId = ((await res.json()) as { id: number }).id;
  await setCollaborator(server.sql, repoId, bob.id, 'read');
  const hook = await server.api('/repos/alice/pushed/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: receiver.url }, events: ['*'], active: false },
  });
  await server.api(`/repos/alice/pushed/hooks/${((await hook.json()) as { id: number }).id}`, {
    method: 'PATCH',
    token: alice.token,
    body: { active: true },
  });
  work = join(git.home, 'work');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/pushed.git', alice.token), work]);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await git?.close();
});

/**
 * Runs `action` (pushes), then returns the events delivered for it, schema-checked.
 * A push's answer ends only once its events are in the outbox (git-routes.ts),
 * so they are all delivered once no job is pending (no retries here: a failed
 * delivery is `failed`, not pending). Waiting for the receiver to be quiet for
 * 700 ms instead cost 1.4 s or more per push, and could end early on a busy machine.
 */
async function eventsOf(action: () => Promise<unknown>): Promise<Event[]> {
  const start = receiver.received.length;
  await action();
  while ((await server.sql`SELECT 1 FROM webhook_jobs WHERE state = 'pending' LIMIT 1`).length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const events = receiver.received
    .slice(start)
    .map((r) => ({ event: String(r.headers['x-github-event']), payload: JSON.parse(r.body.toString('utf8')) }));
  for (const { event, payload } of events) expect(githubWebhookErrors(event, payload.action, payload), event).toBe('');
  return events;
}

const summary = (events: Event[]) => events.map((e) => `${e.event} ${e.payload.ref}`).sort();
const refSha = (ref: string) => server.services.git.resolveRef(repoId, ref);

async function commit(file: string, content: string, message: string) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(join(work, file), content);
  await git.ok(['add', '-A'], { cwd: work });
  await git.ok(['commit', '--quiet', '-m', message], { cwd: work });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

describe('push', () => {
  it('a new branch: create and push, the commits as git log shows them', async () => {
    await git.ok(['switch', '--quiet', '-c', 'topic'], { cwd: work });
    await commit('a.txt', 'one\n', 'Add a');
    await commit('README.md', 'changed\n', 'Change the README\n\nWith a body.');
    const events = await eventsOf(() => git.ok(['push', '--quiet', 'origin', 'topic'], { cwd: work }));
    expect(summary(events)).toEqual(['create topic', 'push refs/heads/topic']);
    const push = events.find((e) => e.event === 'push')!.payload;
    const log = (await git.ok(['log', '--reverse', '--format=%H %T %s', 'origin/main..topic'], { cwd: work }))
      .split('\n')
      .map((line) => line.split(' '));
    expect(push).toMatchObject({
      before: '0'.repeat(40),
      after: log[1]![0],
      created: true,
      deleted: false,
      forced: false,
      pusher: { name: 'alice' },
      sender: { login: 'alice' },
    });
    expect(push.commits.map((c: any) => [c.id, c.tree_id, c.message.split('\n')[0]])).toEqual(
      log.map(([id, tree, ...subject]) => [id, tree, subject.join(' ')]),
    );
    expect(push.commits[0]).toMatchObject({
      added: ['a.txt'],
      removed: [],
      modified: [],
      author: { name: 'Test Author', email: 'author@example.com' },
      committer: { name: 'Test Committer' },
    });
    expect(push.commits[1]).toMatchObject({
      added: [],
      modified: ['README.md'],
      message: 'Change the README\n\nWith a body.',
    });
    expect(push.head_commit.id).toBe(log[1]![0]);

    expect(await refSha('refs/heads/topic')).toBe(log[1]![0]);
  });

  it('a tag: create and push', async () => {
    await git.ok(['tag', '-a', '-m', 'release', 'v1.0'], { cwd: work });
    const events = await eventsOf(() => git.ok(['push', '--quiet', 'origin', 'v1.0'], { cwd: work }));
    expect(summary(events)).toEqual(['create v1.0', 'push refs/tags/v1.0']);
    expect(events.find((e) => e.event === 'create')!.payload).toMatchObject({ ref_type: 'tag' });
  });

  it('a force push: forced true', async () => {
    const before = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
    await git.ok(['reset', '--quiet', '--hard', 'HEAD~1'], { cwd: work });
    const after = await commit('b.txt', 'two\n', 'Rewrite');
    const events = await eventsOf(() => git.ok(['push', '--quiet', '--force', 'origin', 'topic'], { cwd: work }));
    expect(summary(events)).toEqual(['push refs/heads/topic']);
    expect(events[0]!.payload).toMatchObject({ before, after, forced: true, created: false });
    expect(events[0]!.payload.commits.map((c: any) => c.id)).toEqual([after]);
  });

  it('a stale non-fast-forward push is rejected and changes nothing', async () => {
    const other = join(git.home, 'other');
    await git.ok([
      'clone',
      '--quiet',
      '--branch',
      'topic',
      cloneUrl(server.url, 'alice/pushed.git', alice.token),
      other,
    ]);
    const moved = await commit('c.txt', 'three\n', 'Move on');
    await eventsOf(() => git.ok(['push', '--quiet', 'origin', 'topic'], { cwd: work }));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(other, 'd.txt'), 'stale\n');
    await git.ok(['add', '-A'], { cwd: other });
    await git.ok(['commit', '--quiet', '-m', 'Stale'], { cwd: other });
    let result: { code: number | null; stderr: string } | undefined;
    const events = await eventsOf(async () => {
      result = await git.run(['push', 'origin', 'topic'], { cwd: other });
    });
    expect(result!.code).not.toBe(0);
    expect(result!.stderr).toContain('[rejected]');
    expect(events).toEqual([]);
    expect(await refSha('refs/heads/topic')).toBe(moved);
  });

  it('nobody pushes to refs/pull/*: that ref is refused, the others go through, and --atomic keeps them all back', async () => {
    const head = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
    let atomic: { code: number | null; stderr: string } | undefined;
    const none = await eventsOf(async () => {
      atomic = await git.run(['push', '--atomic', 'origin', 'HEAD:refs/heads/good', 'HEAD:refs/pull/2/head'], {
        cwd: work,
      });
    });
    expect(atomic!.code).not.toBe(0);
    expect(atomic!.stderr).toContain('refusing to update refs/pull/2/head');
    expect(atomic!.stderr).toContain('hook declined');
    expect(none).toEqual([]);
    for (const ref of ['refs/pull/2/head', 'refs/heads/good']) expect(await refSha(ref)).toBeNull();

    let mixed: { code: number | null; stderr: string } | undefined;
    const events = await eventsOf(async () => {
      mixed = await git.run(['push', 'origin', 'HEAD:refs/heads/good', 'HEAD:refs/pull/1/head'], { cwd: work });
    });
    expect(mixed!.code).not.toBe(0);
    expect(mixed!.stderr).toContain('refusing to update refs/pull/1/head');
    expect(summary(events)).toEqual(['create good', 'push refs/heads/good']);
    expect(await refSha('refs/heads/good')).toBe(head);
    expect(await refSha('refs/pull/1/head')).toBeNull();
  });

  it('a read-only collaborator is refused and nothing is emitted', async () => {
    const clone = join(git.home, 'bob');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/pushed.git', bob.token), clone]);
    let result: { code: number | null; stderr: string } | undefined;
    const events = await eventsOf(async () => {
      result = await git.run(['push', 'origin', 'HEAD:refs/heads/bobs'], { cwd: clone });
    });
    expect(result!.code).not.toBe(0);
    expect(result!.stderr).toContain('Permission to alice/pushed.git denied to bob.');
    expect(events).toEqual([]);
    expect(await refSha('refs/heads/bobs')).toBeNull();
  });

  it('a deletion: delete and push; pushed_at moves', async () => {
    const before = await refSha('refs/heads/topic');
    // The last push an hour ago (no waiting): this push must move pushed_at to now.
    await server.sql`UPDATE repositories SET pushed_at = now() - interval '1 hour' WHERE id = ${repoId}`;
    const pushedFrom = Math.floor(Date.now() / 1000) * 1000;
    const events = await eventsOf(() => git.ok(['push', '--quiet', 'origin', '--delete', 'topic'], { cwd: work }));
    // The push is the repository's latest, in the API and in the payload.
    const repo = (await (await server.api('/repos/alice/pushed', { token: alice.token })).json()) as {
      pushed_at: string;
    };
    expect(Date.parse(repo.pushed_at)).toBeGreaterThanOrEqual(pushedFrom);
    expect(events.find((e) => e.event === 'push')!.payload.repository.pushed_at).toBe(
      Date.parse(repo.pushed_at) / 1000,
    );
    expect(summary(events)).toEqual(['delete topic', 'push refs/heads/topic']);
    expect(events.find((e) => e.event === 'push')!.payload).toMatchObject({
      before,
      after: '0'.repeat(40),
      deleted: true,
      commits: [],
      head_commit: null,
    });
    expect(await refSha('refs/heads/topic')).toBeNull();
  });

  it('an installation token with contents: write pushes as the app, with the installation in the events', async () => {
    const app = await createTestApp(server, alice.id, 'pusher-app');
    const installation = await installTestApp(server, app.app, alice.id);
    const issued = await requestInstallationToken(
      server,
      await appJwt(app, Math.floor(Date.now() / 1000)),
      installation.id,
    );
    const url = cloneUrl(server.url, 'alice/pushed.git', issued.body.token as string);
    const events = await eventsOf(() => git.ok(['push', '--quiet', url, 'HEAD:refs/heads/from-app'], { cwd: work }));
    expect(summary(events)).toEqual(['create from-app', 'push refs/heads/from-app']);
    for (const { payload } of events)
      expect(payload).toMatchObject({ installation: { id: installation.id }, sender: { login: 'pusher-app[bot]' } });
  });

  it('a lightweight tag at a branch tip names the branch as base_ref; more than three tags at once emit nothing for them', async () => {
    await git.ok(['tag', 'v2.0', 'origin/main'], { cwd: work });
    const one = await eventsOf(() => git.ok(['push', '--quiet', 'origin', 'v2.0'], { cwd: work }));
    expect(one.find((e) => e.event === 'push')!.payload).toMatchObject({
      ref: 'refs/tags/v2.0',
      base_ref: 'refs/heads/main',
    });
    for (const tag of ['t1', 't2', 't3', 't4']) await git.ok(['tag', tag], { cwd: work });
    const many = await eventsOf(() => git.ok(['push', '--quiet', 'origin', 't1', 't2', 't3', 't4'], { cwd: work }));
    expect(many).toEqual([]);
    expect(await refSha('refs/tags/t4')).toBe(await git.ok(['rev-parse', 'HEAD'], { cwd: work }));
    const three = await eventsOf(() =>
      git.ok(['push', '--quiet', 'origin', '--delete', 't1', 't2', 't3'], { cwd: work }),
    );
    expect(summary(three)).toEqual([
      'delete t1',
      'delete t2',
      'delete t3',
      'push refs/tags/t1',
      'push refs/tags/t2',
      'push refs/tags/t3',
    ]);
  });

  it('moving main onto commits another branch already had lists them as not distinct', async () => {
    await git.ok(['switch', '--quiet', '-C', 'feature', 'origin/main'], { cwd: work });
    const first = await commit('f.txt', 'f\n', 'Feature');
    await eventsOf(() => git.ok(['push', '--quiet', 'origin', 'feature'], { cwd: work }));
    const events = await eventsOf(() => git.ok(['push', '--quiet', 'origin', 'feature:main'], { cwd: work }));
    const push = events.find((e) => e.event === 'push')!.payload;
    expect(push).toMatchObject({ ref: 'refs/heads/main', forced: false, after: first });
    expect(push.commits.map((c: any) => [c.id, c.distinct])).toEqual([[first, false]]);
    expect(push.head_commit.distinct).toBe(false);
  });

  it('two new branches pushed together list the commits they share in both, distinct only in the first', async () => {
    await git.ok(['switch', '--quiet', '-C', 'pair-a', 'origin/main'], { cwd: work });
    const shared = await commit('pair.txt', 'shared\n', 'Shared by both');
    await git.ok(['branch', '--quiet', '-f', 'pair-b', 'pair-a'], { cwd: work });
    const own = await commit('pair-a.txt', 'a\n', 'Only on pair-a');
    const events = await eventsOf(() => git.ok(['push', '--quiet', 'origin', 'pair-a', 'pair-b'], { cwd: work }));
    const pushOf = (ref: string) => events.find((e) => e.event === 'push' && e.payload.ref === ref)!.payload;
    // Events are emitted in ref-name order: pair-a first.
    expect(pushOf('refs/heads/pair-a').commits.map((c: any) => [c.id, c.distinct])).toEqual([
      [shared, true],
      [own, true],
    ]);
    expect(pushOf('refs/heads/pair-b').commits.map((c: any) => [c.id, c.distinct])).toEqual([[shared, false]]);
  });

  it('lists at most 2048 commits, the newest, from one push of 2100', async () => {
    const lines: string[] = [];
    for (let i = 1; i <= 2100; i++) {
      const text = `commit ${i}\n`;
      lines.push(
        'commit refs/heads/long',
        `mark :${i}`,
        `committer Bulk <bulk@example.com> ${1_700_000_000 + i} +0000`,
        `data ${text.length}`,
        text.trimEnd(),
      );
      if (i === 1) lines.push('from refs/remotes/origin/main');
      lines.push(`M 644 inline n${i % 7}.txt`, `data ${String(i).length}`, String(i), '');
    }
    await git.ok(['fast-import', '--quiet'], { cwd: work, input: `${lines.join('\n')}\n` });
    const log = (await git.ok(['log', '--reverse', '--format=%H', 'origin/main..long'], { cwd: work })).split('\n');
    expect(log).toHaveLength(2100);
    const events = await eventsOf(() => git.ok(['push', '--quiet', 'origin', 'long'], { cwd: work }));
    const push = events.find((e) => e.event === 'push')!.payload;
    expect(push.commits.map((c: any) => c.id)).toEqual(log.slice(-2048));
    expect(push.commits.every((c: any) => c.distinct)).toBe(true);
    expect(push.commits.at(-1)).toMatchObject({ message: 'commit 2100', modified: ['n0.txt'] });
  });

  it('concurrent pushes to one repository: each event names its own pusher', async () => {
    const carol = await server.createUser('carol');
    await setCollaborator(server.sql, repoId, carol.id, 'write');
    const pushers = [
      ['alice', alice.token],
      ['carol', carol.token],
    ] as const;
    const refs: string[] = [];
    const events = await eventsOf(() =>
      Promise.all(
        pushers.flatMap(([login, token]) =>
          [1, 2, 3].map((i) => {
            const ref = `refs/heads/${login}-${i}`;
            refs.push(ref);
            return git.ok(['push', '--quiet', cloneUrl(server.url, 'alice/pushed.git', token), `HEAD:${ref}`], {
              cwd: work,
            });
          }),
        ),
      ),
    );
    const pushes = events.filter((e) => e.event === 'push');
    expect(pushes.map((e) => e.payload.ref).sort()).toEqual(refs.sort());
    for (const { payload } of pushes) {
      const login = (payload.ref as string).replace('refs/heads/', '').split('-')[0];
      expect(payload.pusher.name, payload.ref).toBe(login);
      expect(payload.sender.login, payload.ref).toBe(login);
    }
  });
});
