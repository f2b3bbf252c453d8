// The reconciler works only where a ref change left a marker: a crash between
// git and the mirror/event transaction is repaired at the next start, a clean
// start runs no git process however many repositories there are, and
// processes starting together reconcile each repository once.
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Sql } from '../db/database.js';
import { GitRepositories } from '../repos/git.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { markRefChange } from './ref-change-markers.js';
import { reconcileDue, startRefReconciler, type ReconcilerDeps } from './ref-reconciler.js';

let server: TestServer;
let alice: TestUser;

// No dispatcher (and so no reconciler) in the server: the test runs them.
beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
});
afterAll(async () => server.close());

/** A deps set as a separate process would have: its own pool and git runner, with the `for-each-ref` runs counted. */
function processDeps(sql: Sql = server.sql) {
  const git = new GitRepositories(dirname(server.services.git.pathOf(1)));
  const spy = vi.spyOn(git, 'git');
  const { urls, log, refFollowers: followers } = server.services;
  const deps: ReconcilerDeps = { sql, git, urls, log, followers };
  return {
    deps,
    gitRuns: () => spy.mock.calls.length,
    listRuns: () => spy.mock.calls.filter(([, args]) => args[0] === 'for-each-ref').length,
  };
}

/** A repository with a README commit on main and an active hook for every event. */
async function repositoryWithHook(name: string): Promise<{ id: number; main: string }> {
  const res = await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, auto_init: true } });
  const { id } = (await res.json()) as { id: number };
  await server.api(`/repos/alice/${name}/hooks`, {
    method: 'POST',
    token: alice.token,
    body: { config: { url: 'http://127.0.0.1:9/hook' }, events: ['*'] },
  });
  return { id, main: (await server.services.git.resolveRef(id, 'refs/heads/main'))! };
}

/** A change git holds while the process that made it died before writing the mirror and events. */
async function crashAfterGit(repositoryId: number, ref: string, sha: string): Promise<number> {
  const marker = await markRefChange(server.sql, repositoryId);
  expect(await server.services.git.createRef(repositoryId, ref, sha)).toBe(true);
  return marker;
}

/** The dead process's lease runs out (instead of waiting MARKER_LEASE_MS). */
const expireMarkers = () => server.sql`UPDATE ref_change_markers SET due_at = now()`;

async function refEvents(repositoryId: number): Promise<string[]> {
  const rows = await server.sql<{ event: string }[]>`
    SELECT event FROM webhook_jobs WHERE repository_id = ${repositoryId} AND event <> 'ping' ORDER BY id`;
  return rows.map((row) => row.event);
}

const markerCount = async () =>
  (await server.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ref_change_markers`)[0]!.n;

describe('the ref reconciler', () => {
  it('leaves no marker behind a ref change made through the API, nor behind a refused one', async () => {
    const repo = await repositoryWithHook('clean');
    const created = await server.api('/repos/alice/clean/git/refs', {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/heads/a', sha: repo.main },
    });
    expect(created.status).toBe(201);
    const again = await server.api('/repos/alice/clean/git/refs', {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/heads/a', sha: repo.main },
    });
    expect(again.status).toBe(409);
    expect(await refEvents(repo.id)).toEqual(['create', 'push']);
    expect(await markerCount()).toBe(0);
  });

  it('repairs a crash between git and the transaction at the next start, once', async () => {
    const repo = await repositoryWithHook('crashed');
    await crashAfterGit(repo.id, 'refs/heads/lost', repo.main);
    expect(await refEvents(repo.id)).toEqual([]);

    // Within its lease the change may still be in flight elsewhere: left alone.
    const early = processDeps();
    expect(await reconcileDue(early.deps)).toBe(0);
    expect(early.gitRuns()).toBe(0);

    await expireMarkers();
    const next = processDeps();
    const reconciler = startRefReconciler(next.deps);
    await reconciler.settled();
    reconciler.stop();
    expect(next.listRuns()).toBe(1);
    expect(await refEvents(repo.id)).toEqual(['create', 'push']);
    expect(
      (
        await server.sql`SELECT sha FROM repository_refs WHERE repository_id = ${repo.id} AND name = 'refs/heads/lost'`
      )[0],
    ).toEqual({ sha: repo.main });
    expect(await markerCount()).toBe(0);
    expect(await reconcileDue(next.deps)).toBe(0);
    expect(await refEvents(repo.id)).toEqual(['create', 'push']);
  });

  it('runs no git process at a clean start with many repositories, and survives a repository without its git directory', async () => {
    const rows = await server.sql<{ id: number }[]>`
      INSERT INTO repositories (owner_id, name) SELECT ${alice.id}, 'bulk-' || g FROM generate_series(1, 2000) g RETURNING id`;
    const start = processDeps();
    const reconciler = startRefReconciler(start.deps);
    await reconciler.settled();
    reconciler.stop();
    expect(start.gitRuns()).toBe(0);

    // A marked repository whose git directory does not exist: logged and put off, not retried in a loop.
    await markRefChange(server.sql, rows[0]!.id, 0);
    const retry = processDeps();
    expect(await reconcileDue(retry.deps)).toBe(1);
    expect(retry.listRuns()).toBe(1);
    const [marker] = await server.sql<
      { later: boolean }[]
    >`SELECT due_at > now() + interval '1 minute' AS later FROM ref_change_markers`;
    expect(marker).toEqual({ later: true });
    await server.sql`DELETE FROM repositories WHERE id = ANY(${rows.map((r) => r.id)})`;
    expect(await markerCount()).toBe(0);
  });

  it('backs a change whose events keep failing off, then records it as failed with its reason and tries it no more', async () => {
    const repo = await repositoryWithHook('doomed');
    await crashAfterGit(repo.id, 'refs/heads/doomed', repo.main);
    // A process whose event building fails: git cannot read objects there.
    const git = new GitRepositories(dirname(server.services.git.pathOf(1)));
    const real = git.git.bind(git);
    let runs = 0;
    git.git = async (id, args, input, env) => {
      runs++;
      if (args[0] === 'cat-file') throw new Error('injected: objects unreadable');
      return real(id, args, input, env);
    };
    const { urls, log, refFollowers: followers } = server.services;
    const deps: ReconcilerDeps = { sql: server.sql, git, urls, log, followers };
    const marker = async () =>
      (
        await server.sql<{ attempts: number; last_error: string; wait_s: number }[]>`
      SELECT attempts, last_error, extract(epoch FROM due_at - now())::float AS wait_s FROM ref_change_markers WHERE repository_id = ${repo.id}`
      )[0];
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await expireMarkers();
      expect(await reconcileDue(deps)).toBe(1);
      const state = await marker();
      expect(state).toMatchObject({
        attempts: attempt,
        last_error: expect.stringContaining('injected: objects unreadable'),
      });
      waits.push(state!.wait_s);
    }
    // Each try waits twice as long as the one before (minutes, not the sweep's seconds).
    expect(waits[0]).toBeGreaterThan(60);
    expect(waits[1]).toBeGreaterThan(waits[0]! * 1.5);
    expect(waits[2]).toBeGreaterThan(waits[1]! * 1.5);

    // The fourth claim gives up: recorded with the reason, the mirror in step, no events, no marker.
    await expireMarkers();
    expect(await reconcileDue(deps)).toBe(1);
    expect(await marker()).toBeUndefined();
    const failures =
      await server.sql`SELECT changes, reason, attempts FROM ref_change_failures WHERE repository_id = ${repo.id}`;
    expect(failures).toEqual([
      {
        changes: [{ ref: 'refs/heads/doomed', before: null, after: repo.main }],
        reason: expect.stringContaining('injected: objects unreadable'),
        attempts: 3,
      },
    ]);
    expect(await refEvents(repo.id)).toEqual([]);
    expect(
      server.logs.some((line) => line.includes('recorded as failed') && line.includes('injected: objects unreadable')),
    ).toBe(true);
    expect(
      (
        await server.sql`SELECT sha FROM repository_refs WHERE repository_id = ${repo.id} AND name = 'refs/heads/doomed'`
      )[0],
    ).toEqual({ sha: repo.main });

    // Never tried again; the repository's next change gets its own events only.
    runs = 0;
    await expireMarkers();
    expect(await reconcileDue(deps)).toBe(0);
    expect(runs).toBe(0);
    const created = await server.api('/repos/alice/doomed/git/refs', {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/heads/after', sha: repo.main },
    });
    expect(created.status).toBe(201);
    expect(await refEvents(repo.id)).toEqual(['create', 'push']);
  });

  it('reconciles each marked repository once when two processes start at once', async () => {
    const repos = await Promise.all(['twin-1', 'twin-2', 'twin-3', 'twin-4'].map(repositoryWithHook));
    for (const repo of repos) {
      await crashAfterGit(repo.id, 'refs/heads/twin', repo.main);
      await crashAfterGit(repo.id, 'refs/tags/t1', repo.main);
    }
    await expireMarkers();
    const otherPool = connect(server.databaseUrl, { max: 4 });
    try {
      const [a, b] = [processDeps(), processDeps(otherPool)];
      const counts = await Promise.all([reconcileDue(a.deps), reconcileDue(b.deps)]);
      expect(counts[0] + counts[1]).toBe(4);
      expect(a.listRuns() + b.listRuns()).toBe(4);
    } finally {
      await otherPool.end();
    }
    for (const repo of repos) expect(await refEvents(repo.id)).toEqual(['create', 'push', 'create', 'push']);
    expect(await markerCount()).toBe(0);
  });
});
