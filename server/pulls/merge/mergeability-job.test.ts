// The mergeability queue's guarantees: every change that makes `mergeable`
// stale queues the job again (reopen, a new base), a job left in the table
// without its notice (a crash after commit) is run by a worker at start,
// a result computed from refs that moved meanwhile is not written, and a
// job waits for a change holding its pull request's issue (lock order).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitRepositories } from '../../repos/git.js';
import { serviceIdentity } from '../../repos/commit-identity.js';
import { MergeTestRepo, pulls } from './merge-test-repo.js';
import { runMergeabilityJob } from './mergeability.js';
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
    const reopened = await t.call(`${pulls}/${pull.number}`, { method: 'PATCH', token: t.alice.token, body: { state: 'open' } });
    expect(reopened.json).toMatchObject({ state: 'open', mergeable: null, mergeable_state: 'unknown' });
    expect(await t.computed(pull.number)).toMatchObject({ mergeable: true, mergeable_state: 'clean' });
    const rebased = await t.call(`${pulls}/${pull.number}`, { method: 'PATCH', token: t.alice.token, body: { base: 'other-base' } });
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
    await t.server.sql`UPDATE pull_requests SET mergeable = NULL, mergeable_state = 'unknown' WHERE issue_id = ${pull.id}`;
    await t.server.sql`INSERT INTO pull_mergeability_jobs (issue_id, lease_until) VALUES (${pull.id}, now() - interval '1 second')`;
    const worker = await startMergeabilityWorker({ sql: t.server.sql, git: t.server.services.git, log: t.server.services.log, identity });
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
    await t.server.sql`INSERT INTO pull_mergeability_jobs (issue_id, lease_until) VALUES (${pull.id}, now() + interval '1 hour')`;
    const real = t.server.services.git;
    // A push queues the job again while this run is merging.
    const racing = Object.create(real) as GitRepositories;
    racing.git = async (id, args, input, env) => {
      if (args[0] === 'merge-tree') await t.server.sql`UPDATE pull_mergeability_jobs SET generation = generation + 1 WHERE issue_id = ${pull.id}`;
      return real.git(id, args, input, env);
    };
    // Not written (false): the job stays, its lease is dropped and the workers are told, so the next run is now.
    expect(await runMergeabilityJob({ sql: t.server.sql, git: racing, identity }, pull.id)).toBe(false);
    // The server's worker runs it again and writes the result.
    expect(await t.computed(pull.number)).toMatchObject({ mergeable: true });
    await t.closePull(pull.number);
  });

  it('waits for a change holding its pull request (the lock order of pull-locks.ts), then writes its result', async () => {
    await t.pullMain();
    await t.commitAndPush('held', { 'held.txt': 'h\n' }, 'held', 'main');
    const pull = await t.open('held');
    await t.computed(pull.number);
    await t.server.sql`UPDATE pull_requests SET mergeable = NULL WHERE issue_id = ${pull.id}`;
    // Queued, not due: only the run below takes it.
    await t.server.sql`INSERT INTO pull_mergeability_jobs (issue_id, lease_until) VALUES (${pull.id}, now() + interval '1 hour')`;
    // A change holds the issue (as a PATCH does, and then the issue-list generation)…
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const change = t.server.sql.begin(async (tx) => {
      await tx`SELECT 1 FROM issues WHERE id = ${pull.id} FOR UPDATE`;
      await tx`UPDATE issues SET updated_at = now() WHERE id = ${pull.id}`;
      locked();
      await held;
    });
    await isLocked;
    let finished = false;
    const run = runMergeabilityJob({ sql: t.server.sql, git: t.server.services.git, identity }, pull.id).finally(() => (finished = true));
    try {
      // …so the job waits for that issue's lock, having taken nothing the change could want.
      for (let tries = 0; ; tries++) {
        const [waiting] = await t.server.sql`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT id FROM issues WHERE id = ANY%'`;
        if (waiting) break;
        if (tries > 2000) throw new Error('the job did not wait for the issue');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(finished).toBe(false);
    } finally {
      release();
      await change;
    }
    expect(await run).toBe(true);
    expect(await queued(pull.id)).toBe(false);
    expect((await t.call(`${pulls}/${pull.number}`)).json).toMatchObject({ mergeable: true, mergeable_state: 'clean' });
    await t.closePull(pull.number);
  });
});
