// The safety net of the ref mirror. A ref change leaves a marker until its
// mirror/event transaction commits (ref-change-markers.ts); the reconciler
// diffs git against the mirror only for repositories with an overdue marker,
// at start and then every SWEEP_MS, so a start costs one indexed query
// however many repositories there are, and no git process unless something
// failed. Each repository's markers are claimed with FOR UPDATE SKIP LOCKED:
// processes starting together share the work and do each repository once.
// A change that keeps failing backs off (each try counted in its marker,
// the next one twice as late) and is given up after MAX_ATTEMPTS tries
// (ref-change-failures.ts).
import { Backoff } from '../db/backoff.js';
import type { Sql } from '../db/database.js';
import { isDatabaseUnavailable, unavailableReason } from '../db/database-unavailable.js';
import type { Urls } from '../http/urls.js';
import type { Logger } from '../log.js';
import type { GitRepositories } from '../repos/git.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../repos/repository-row.js';
import { ownerActor } from './event-actor.js';
import { giveUpRefChange } from './ref-change-failures.js';
import { claimDueMarkers, MAX_ATTEMPTS, noteFailedTry, noteFailureReason } from './ref-change-markers.js';
import type { RefFollowers } from './ref-followers.js';
import { syncRefs, syncRefsIn } from './ref-sync.js';

export interface ReconcilerDeps {
  sql: Sql;
  git: GitRepositories;
  urls: Urls;
  log: Logger;
  followers: RefFollowers;
}

const RETRY_AFTER_FAILURE_MS = 2_500;
const MAX_RETRY_MS = 5_000;
/** How often overdue markers are looked for (one indexed query when there are none). */
export const SWEEP_MS = 15_000;

function logCaughtUp(deps: ReconcilerDeps, repositoryId: number, refs: { ref: string }[]): void {
  if (refs.length) deps.log.info('ref mirror caught up with git', { repositoryId, refs: refs.map((d) => d.ref) });
}

/**
 * Tries one repository with overdue markers (claimDueMarkers counts the try
 * and backs the markers off first); a change tried MAX_ATTEMPTS times
 * already is given up instead. False when none is left to claim.
 */
async function reconcileNextDue(deps: ReconcilerDeps): Promise<boolean> {
  const claimed = await claimDueMarkers(deps.sql);
  if (!claimed) return false;
  const { repositoryId, ids, attempts, lastError } = claimed;
  if (attempts > MAX_ATTEMPTS) {
    await giveUpRefChange(deps, { repositoryId, ids, attempts: attempts - 1, reason: lastError ?? 'unknown' });
    return true;
  }
  try {
    await deps.sql.begin(async (tx) => {
      // The markers' repository exists: deleting it deletes them (ON DELETE CASCADE).
      const [repo] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${repositoryId}`;
      if (!repo) return;
      // On tx, not the pool: a second connection asked for inside a ref
      // transaction can wait forever on a pool the ref changes hold.
      const actor = await ownerActor(tx, repo, deps.urls);
      logCaughtUp(deps, repo.id, await syncRefsIn(tx, deps, repo, actor, null, ids));
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    deps.log.warn('could not reconcile refs; trying again later', { repositoryId, attempts, error: String(error) });
    await noteFailureReason(deps.sql, ids, String(error));
  }
  return true;
}

/** Reconciles every repository with an overdue marker; returns how many. */
export async function reconcileDue(deps: ReconcilerDeps): Promise<number> {
  let repositories = 0;
  while (await reconcileNextDue(deps)) repositories++;
  return repositories;
}

export interface RefReconciler {
  stop(): void;
  /** Resolves when the pass under way (if any) is over. */
  settled(): Promise<void>;
}

/** What a process runs: reconcileDue now and every `sweepMs`, one pass at a time. */
export function startRefReconciler(deps: ReconcilerDeps, sweepMs = SWEEP_MS): RefReconciler {
  let running: Promise<unknown> | null = null;
  const sweep = () => {
    running ??= reconcileDue(deps)
      .catch((error: unknown) => deps.log.warn('ref reconciliation failed', { error: String(error) }))
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, sweepMs);
  timer.unref();
  return { stop: () => clearInterval(timer), settled: async () => void (await running) };
}

/**
 * Every repository, marked or not: a full repair (after restoring git
 * directories from a backup, say). Not run at start: its cost is one git
 * process per repository.
 */
export async function reconcileAll(deps: ReconcilerDeps): Promise<void> {
  let lastId = 0;
  for (;;) {
    const batch = await deps.sql<
      RepositoryRow[]
    >`${SELECT_REPOSITORY(deps.sql)} WHERE r.id > ${lastId} ORDER BY r.id LIMIT 100`;
    if (batch.length === 0) return;
    for (const repo of batch) {
      await syncRefs(deps, repo, await ownerActor(deps.sql, repo, deps.urls))
        .then((differences) => logCaughtUp(deps, repo.id, differences))
        .catch((error: unknown) =>
          deps.log.warn('could not reconcile refs', { repositoryId: repo.id, error: String(error) }),
        );
    }
    lastId = batch[batch.length - 1]!.id;
  }
}

/**
 * After a failed mirror/event step of this process's own change: try again
 * soon (its marker need not wait for its lease), and keep trying while the
 * database is unavailable. Other failures leave the marker to the sweep.
 */
export function reconcileLater(
  deps: ReconcilerDeps,
  repositoryId: number,
  markerIds: number[],
  backoff = new Backoff(RETRY_AFTER_FAILURE_MS, MAX_RETRY_MS),
): void {
  const timer = setTimeout(async () => {
    try {
      const [repo] = await deps.sql<RepositoryRow[]>`${SELECT_REPOSITORY(deps.sql)} WHERE r.id = ${repositoryId}`;
      if (repo)
        logCaughtUp(
          deps,
          repo.id,
          await syncRefs(deps, repo, await ownerActor(deps.sql, repo, deps.urls), null, markerIds),
        );
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        deps.log.warn('deferred ref reconciliation: database unavailable; retrying', {
          repositoryId,
          ...unavailableReason(error),
        });
        reconcileLater(deps, repositoryId, markerIds, backoff);
        return;
      }
      deps.log.warn('deferred ref reconciliation failed; its marker is left to the reconciler', {
        repositoryId,
        error: String(error),
      });
      await noteFailedTry(deps.sql, markerIds, String(error)).catch(() => {});
    }
  }, backoff.next());
  timer.unref();
}
