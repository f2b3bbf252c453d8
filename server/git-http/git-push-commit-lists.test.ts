// The commits a push event lists, pushed with the real git CLI: a tag's
// base_ref and no events for more than three tags at once, commits another
// branch already had (not distinct), commits shared by branches pushed
// together, and at most 2048 of them (validated against GitHub's own
// webhook schemas).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitCli } from '../test-support/git-cli.js';
import { startGitPushScenario, summary, type GitPushScenario } from '../test-support/git-push-scenario.js';

let scenario: GitPushScenario;
let git: GitCli;
let work: string;
let eventsOf: GitPushScenario['eventsOf'];
let refSha: GitPushScenario['refSha'];
let commit: GitPushScenario['commit'];

beforeAll(async () => {
  scenario = await startGitPushScenario();
  ({ git, work, eventsOf, refSha, commit } = scenario);
});
afterAll(async () => {
  await scenario?.close();
});

describe('push', () => {
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
});
