// The lock order of pull request writes (server/pulls/pull-locks.ts), proven
// by racing the three writers that used to deadlock: a PATCH of the pull
// request (its title), a push to its head (the ref sync's `synchronize`) and
// the mergeability job (run here in a loop, beside the server's own worker),
// round after round. No request fails, no job throws, PostgreSQL never
// reports a deadlock, and the pull request ends up at the last push with
// the last title.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceIdentity } from '../../repos/commit-identity.js';
import { MergeTestRepo, pulls } from './merge-test-repo.js';
import { runMergeabilityJob } from './mergeability.js';

let t: MergeTestRepo;

beforeAll(async () => {
  t = await MergeTestRepo.start();
});
afterAll(async () => {
  await t?.close();
});

const ROUNDS = 12;
const identity = serviceIdentity('GitHub', 'wharf.local');

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
            const { status } = await t.call(path, { method: 'PATCH', token: t.alice.token, body: { title: `round ${round}.${edit}` } });
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
    const deadlocks = t.server.logs.filter((line) => /deadlock|40P01|lock_timeout|55P03/.test(line));
    expect(deadlocks).toEqual([]);
    const errors = t.server.logs.filter((line) => JSON.parse(line).level === 'error');
    expect(errors).toEqual([]);
    const final = await t.computed(pull.number);
    expect(final).toMatchObject({ title, state: 'open', head: { sha: head }, mergeable: true, commits: 1 + ROUNDS });
  }, 180_000);
});
