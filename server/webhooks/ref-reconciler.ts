// The safety net of the ref mirror: at start, and a few seconds after a ref
// change whose mirror/event step failed, diff git against the mirror for each
// repository and emit what is missing (see ref-sync.ts). Safe in any number of
// processes at once: syncRefs holds a per-repository lock.
import { Backoff } from '../db/backoff.js';
import type { Sql } from '../db/database.js';
import { isDatabaseUnavailable, unavailableReason } from '../db/database-unavailable.js';
import type { Urls } from '../http/urls.js';
import type { Logger } from '../log.js';
import type { GitRepositories } from '../repos/git.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../repos/repositories-store.js';
import { ownerActor } from './event-actor.js';
import { syncRefs } from './ref-sync.js';

export interface ReconcilerDeps { sql: Sql; git: GitRepositories; urls: Urls; log: Logger }

const RETRY_AFTER_FAILURE_MS = 2_500;
const MAX_RETRY_MS = 5_000;

export async function reconcileRepository(deps: ReconcilerDeps, repo: RepositoryRow): Promise<number> {
  const differences = await syncRefs(deps, repo, await ownerActor(deps.sql, repo, deps.urls));
  if (differences.length) deps.log.info('ref mirror caught up with git', { repositoryId: repo.id, refs: differences.map((d) => d.ref) });
  return differences.length;
}

/** Every repository, one at a time; a repository that fails is logged and skipped. */
export async function reconcileAll(deps: ReconcilerDeps): Promise<void> {
  let lastId = 0;
  for (;;) {
    const batch = await deps.sql<RepositoryRow[]>`${SELECT_REPOSITORY(deps.sql)} WHERE r.id > ${lastId} ORDER BY r.id LIMIT 100`;
    if (batch.length === 0) return;
    for (const repo of batch) {
      await reconcileRepository(deps, repo).catch((error: unknown) =>
        deps.log.warn('could not reconcile refs', { repositoryId: repo.id, error: String(error) }));
    }
    lastId = batch[batch.length - 1]!.id;
  }
}

/**
 * After a failed mirror/event step: try again soon, and keep trying while the
 * database is unavailable (a git change made during an outage must not wait
 * for the next start to get its events). Other failures are left to the next
 * start's reconciliation.
 */
export function reconcileLater(deps: ReconcilerDeps, repositoryId: number, backoff = new Backoff(RETRY_AFTER_FAILURE_MS, MAX_RETRY_MS)): void {
  const timer = setTimeout(async () => {
    try {
      const [repo] = await deps.sql<RepositoryRow[]>`${SELECT_REPOSITORY(deps.sql)} WHERE r.id = ${repositoryId}`;
      if (repo) await reconcileRepository(deps, repo);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        deps.log.warn('deferred ref reconciliation: database unavailable; retrying', { repositoryId, ...unavailableReason(error) });
        reconcileLater(deps, repositoryId, backoff);
        return;
      }
      deps.log.warn('deferred ref reconciliation failed; the next start will retry', { repositoryId, error: String(error) });
    }
  }, backoff.next());
  timer.unref();
}
