// The lock order of pull request writes (server/pulls/pull-locks.ts), proven
// by racing the three writers that used to deadlock: a PATCH of the pull
// request (its title), a push to its head (the ref sync's `synchronize`) and
// the mergeability job (run here in a loop, beside the server's own worker),
// round after round. No request fails, no job throws, PostgreSQL never
// reports a deadlock, and the pull request ends up at the last push with
// the last title. The race may or may not hit the old cycles on a given
// run; the first test pins the order itself: a push's sync, started while a
// change holds a pull request's issue and the issue-list generation (as a
// PATCH does), waits for that issue before it locks anything the change
// still needs (the pull request's row, the repository's row).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceIdentity } from '../../repos/commit-identity.js';
import { MergeTestRepo, pulls } from '../../test-support/merge-test-repo.js';
import { runMergeabilityJob } from './mergeability.js';

let t: MergeTestRepo;

beforeAll(async () => {
  t = await MergeTestRepo.start();
});
afterAll(async () => {
  await t?.close();
});

const ROUNDS = 4;
const identity = serviceIdentity('GitHub', 'wharf.local');

/** Resolves once a backend (not ours) waits for a lock in a statement matching `pattern` (LIKE). */
async function waitingIn(pattern: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    const [row] = await t.server
      .sql`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND query LIKE ${pattern}`;
    if (row) return;
    if (tries > 3000) throw new Error(`nothing waited in ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a push to the head of a pull request being changed', () => {
  it('waits for its issue first, holding nothing the change needs', async () => {
    await t.pullMain();
    await t.commitAndPush('order', { 'order.txt': 'one\n' }, 'order one', 'main');
    const pull = await t.open('order');
    await t.computed(pull.number);
    await t.newEvents();
    let step = () => {};
    const pushing = new Promise<void>((resolve) => (step = resolve));
    let changing = () => {};
    const holds = new Promise<void>((resolve) => (changing = resolve));
    // A change of the pull request: its issue, then the generation (updating the issue), …
    const change = t.server.sql.begin(async (tx) => {
      await tx`SELECT 1 FROM issues WHERE id = ${pull.id} FOR UPDATE`;
      await tx`UPDATE issues SET title = 'changed meanwhile' WHERE id = ${pull.id}`;
      changing();
      await pushing;
      // … then, with the push's sync waiting, its pull request's row and the repository's row, at once.
      await tx`SELECT 1 FROM pull_requests WHERE issue_id = ${pull.id} FOR UPDATE NOWAIT`;
      await tx`UPDATE pull_requests SET maintainer_can_modify = NOT maintainer_can_modify WHERE issue_id = ${pull.id}`;
      await tx`SELECT 1 FROM repositories WHERE id = ${t.repoId} FOR UPDATE NOWAIT`;
    });
    await holds;
    const push = t.commitAndPush('order', { 'order.txt': 'two\n' }, 'order two');
    try {
      await waitingIn('%FROM issues i JOIN pull_requests p%');
    } finally {
      step();
    }
    await change;
    const head = await push;
    const events = await t.newEvents();
    expect(events.map((e) => (e.action ? `${e.event}.${e.action}` : e.event))).toEqual([
      'push',
      'pull_request.synchronize',
    ]);
    expect(events[1]!.payload.pull_request).toMatchObject({ title: 'changed meanwhile', head: { sha: head } });
  });
});

describe('a PATCH, a push to the head and the mergeability job at once', () => {
  it('never deadlock, round after round', async () => {
    await t.pullMain();
    await t.commitAndPush('race', { 'race.txt': 'start\n' }, 'race start', 'main');
    const pull = await t.open('race');
    const path = `${pulls}/${pull.number}`;
    const deps = { sql: t.server.sql, git: t.server.services.git, identity };
    let head = '';
    let title = '';
    for (let round = 0; round < ROUNDS; round++) {
      let settled = false;
      const jobs = (async () => {
        let runs = 0;
        // At least once, and for as long as the other two run.
        do {
          await runMergeabilityJob(deps, pull.id);
          runs++;
        } while (!settled);
        return runs;
      })();
      const writers = Promise.all([
        t.commitAndPush('race', { 'race.txt': `round ${round}\n` }, `round ${round}`),
        (async () => {
          const statuses: number[] = [];
          for (let edit = 0; edit < 3; edit++) {
            const { status } = await t.call(path, {
              method: 'PATCH',
              token: t.alice.token,
              body: { title: `round ${round}.${edit}` },
            });
            statuses.push(status);
          }
          return statuses;
        })(),
      ]).finally(() => (settled = true));
      const [[pushed, statuses]] = await Promise.all([writers, jobs]);
      expect(statuses).toEqual([200, 200, 200]);
      head = pushed;
      title = `round ${round}.2`;
    }
    const deadlocks = t.server.logs.filter((line) => /deadlock|40P01/.test(line));
    expect(deadlocks).toEqual([]);
    const errors = t.server.logs.filter((line) => JSON.parse(line).level === 'error');
    expect(errors).toEqual([]);
    const final = await t.computed(pull.number);
    expect(final).toMatchObject({ title, state: 'open', head: { sha: head }, mergeable: true, commits: 1 + ROUNDS });
  }, 60_000);
});
