// Who pushes with the real git CLI, and as whom in the events: nobody to
// refs/pull/* (atomic or not), not a read-only collaborator, an installation
// token as its app, and concurrent pushers each named in their own events
// (validated against GitHub's own webhook schemas). Refused pushes change
// nothing and emit nothing.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCollaborator } from '../collaborators/collaborators.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { cloneUrl, type GitCli } from '../test-support/git-cli.js';
import { startGitPushScenario, summary, type GitPushScenario } from '../test-support/git-push-scenario.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let scenario: GitPushScenario;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;
let work: string;
let repoId: number;
let eventsOf: GitPushScenario['eventsOf'];
let refSha: GitPushScenario['refSha'];

beforeAll(async () => {
  scenario = await startGitPushScenario();
  ({ server, alice, bob, git, work, repoId, eventsOf, refSha } = scenario);
});
afterAll(async () => {
  await scenario?.close();
});

describe('push', () => {
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
