// The mergeability queue's guarantees: every change that makes `mergeable`
// stale queues the job again (reopen, a new base), a job left in the table
// without its notice (a crash after commit) is run by a worker at start,
// and a result computed from refs that moved meanwhile is not written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitRepositories } from '../../repos/git.js';
import { serviceIdentity } from '../../repos/commit-identity.js';
import { MergeTestRepo, pulls } from '../../test-support/merge-test-repo.js';
import { runMergeabilityJob } from './mergeability.js';
import { MERGEABILITY_CHANNEL } from '../mergeability-queue.js';
import { startMergeabilityWorker } from './mergeability-worker.js';

let t: MergeTestRepo;

beforeAll(async () => {
  t = await MergeTestRepo.start();
});
afterAll(async () => {
  await t?.close();
});

const identity = serviceIdentity('GitHub', 'wharf.local');
const queued = async (issueId: number) =>
  (await t.server.sql`SELECT 1 FROM pull_mergeability_jobs WHERE issue_id = ${issueId}`).length > 0;

describe('the mergeability job', () => {
  it('is queued again by a reopening and by a new base', async () => {
    await t.commitAndPush('again', { 'again.txt': 'a\n' }, 'again', 'main');
    await t.git.ok(['push', '--quiet', 'origin', 'main:other-base'], { cwd: t.work });
    const pull = await t.open('again');
    await t.computed(pull.number);
    await t.closePull(pull.number);
    const reopened = await t.call(`${pulls}/${pull.number}`, {
      method: 'PATCH',
      token: t.alice.token,
      body: { state: 'open' },
    });
    expect(reopened.json).toMatchObject({ state: 'open', mergeable: null, mergeable_state: 'unknown' });
    expect(await t.computed(pull.number)).toMatchObject({ mergeable: true, mergeable_state: 'clean' });
    const rebased = await t.call(`${pulls}/${pull.number}`, {
      method: 'PATCH',
      token: t.alice.token,
      body: { base: 'other-base' },
    });
    expect(rebased.json).toMatchObject({ mergeable: null, base: { ref: 'other-base' } });
    expect(await t.computed(pull.number)).toMatchObject({ mergeable: true, base: { ref: 'other-base' } });
    await t.closePull(pull.number);
  });

  it('left queued without a notice is run by a worker at start', async () => {
    await t.pullMain();
    await t.commitAndPush('orphan', { 'orphan.txt': 'o\n' }, 'orphan', 'main');
    const pull = await t.open('orphan');
    await t.computed(pull.number);
    // As a crash would leave it: stale, queued, nobody told.
    await t.server
      .sql`UPDATE pull_requests SET mergeable = NULL, mergeable_state = 'unknown' WHERE issue_id = ${pull.id}`;
    await t.server
      .sql`INSERT INTO pull_mergeability_jobs (issue_id, lease_until) VALUES (${pull.id}, now() - interval '1 second')`;
    const worker = await startMergeabilityWorker({
      sql: t.server.sql,
      git: t.server.services.git,
      log: t.server.services.log,
      identity,
    });
    try {
      expect(await t.computed(pull.number)).toMatchObject({ mergeable: true, mergeable_state: 'clean' });
      expect(await queued(pull.id)).toBe(false);
    } finally {
      await worker.stop();
    }
    await t.closePull(pull.number);
  });

  it('drops a result computed from refs that moved meanwhile, and leaves the job due', async () => {
    await t.pullMain();
    await t.commitAndPush('moving', { 'moving.txt': 'm\n' }, 'moving', 'main');
    const pull = await t.open('moving');
    await t.computed(pull.number);
    await t.server.sql`UPDATE pull_requests SET mergeable = NULL WHERE issue_id = ${pull.id}`;
    await t.server
      .sql`INSERT INTO pull_mergeability_jobs (issue_id, lease_until) VALUES (${pull.id}, now() + interval '1 hour')`;
    const real = t.server.services.git;
    // A push queues the job again while this run is merging.
    const racing = Object.create(real) as GitRepositories;
    racing.git = async (id, args, input, env) => {
      if (args[0] === 'merge-tree')
        await t.server.sql`UPDATE pull_mergeability_jobs SET generation = generation + 1 WHERE issue_id = ${pull.id}`;
      return real.git(id, args, input, env);
    };
    // Not written (false): the job stays, its lease is dropped and the workers are told, so the next run is now.
    expect(await runMergeabilityJob({ sql: t.server.sql, git: racing, identity }, pull.id)).toBe(false);
    // The server's worker runs it again and writes the result.
    expect(await t.computed(pull.number)).toMatchObject({ mergeable: true });
    await t.closePull(pull.number);
  });

  it('gives way to a change holding its pull request, and is run again shortly after', async () => {
    await t.pullMain();
    await t.commitAndPush('held', { 'held.txt': 'h\n' }, 'held', 'main');
    const pull = await t.open('held');
    await t.computed(pull.number);
    await t.server.sql`UPDATE pull_requests SET mergeable = NULL WHERE issue_id = ${pull.id}`;
    // Queued (its row's foreign key would wait for the lock below), not yet due.
    await t.server
      .sql`INSERT INTO pull_mergeability_jobs (issue_id, lease_until) VALUES (${pull.id}, now() + interval '1 hour')`;
    // A change holds the pull request's row (as a PATCH holding the issue-list
    // generation would, the other half of a deadlock)…
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const change = t.server.sql.begin(async (tx) => {
      await tx`SELECT 1 FROM pull_requests WHERE issue_id = ${pull.id} FOR UPDATE`;
      locked();
      await held;
    });
    await isLocked;
    try {
      // …when the server's worker takes the job: it gives way (its lease, 60 s when taken, becomes RETRY_MS).
      await t.server.sql`UPDATE pull_mergeability_jobs SET lease_until = NULL WHERE issue_id = ${pull.id}`;
      await t.server.sql`SELECT pg_notify(${MERGEABILITY_CHANNEL}, '')`;
      for (let tries = 0; ; tries++) {
        const [job] = await t.server
          .sql`SELECT lease_until < now() + interval '5 seconds' AS soon FROM pull_mergeability_jobs WHERE issue_id = ${pull.id}`;
        if (job?.soon) break;
        if (tries > 400) throw new Error('the job did not give way');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      release();
      await change;
    }
    // Then runs it again shortly (not at the next 30 s sweep) and writes the result.
    expect(await t.computed(pull.number)).toMatchObject({ mergeable: true });
    await t.closePull(pull.number);
  });
});
