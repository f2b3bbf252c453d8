// Pushes of a branch's life with the real git CLI: created, tagged, forced,
// refused when stale, deleted; each with GitHub's `push` (and
// `create`/`delete`) events, validated against GitHub's own webhook schemas
// and checked against `git log` of the pushing clone. The tests run in order
// on one branch, topic, of alice's clone.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, type GitCli } from '../test-support/git-cli.js';
import { startGitPushScenario, summary, type GitPushScenario } from '../test-support/git-push-scenario.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let scenario: GitPushScenario;
let server: TestServer;
let alice: TestUser;
let git: GitCli;
let work: string;
let repoId: number;
let eventsOf: GitPushScenario['eventsOf'];
let refSha: GitPushScenario['refSha'];
let commit: GitPushScenario['commit'];

beforeAll(async () => {
  scenario = await startGitPushScenario();
  ({ server, alice, git, work, repoId, eventsOf, refSha, commit } = scenario);
});
afterAll(async () => {
  await scenario?.close();
});

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
});
