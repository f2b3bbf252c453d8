// A ref change from the API or a git push, in three steps: a marker committed
// first (ref-change-markers.ts), git's change (a compare-and-swap, or
// receive-pack applying a push), then the mirror, the change's events and
// the marker's deletion in one transaction. The repository's sync lock is
// taken before git's change and held until that transaction commits, so
// concurrent changes to one repository are synced one at a time, each with
// its own caller as the events' sender (a push holds one database
// connection meanwhile: its body is received first, and only git's checking
// and ref update run under the lock, see git-http/push-spool.ts). Should the last step fail, git already
// holds the change (it is the source of truth), so the request still
// succeeds and the reconciler emits the events a little later; should the
// process die after git's change, the marker tells the reconciler which
// repository to look at.
import type { Principal } from '../auth/principal.js';
import type { Services } from '../services.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { actorOf, ownerActor } from './event-actor.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { dropMarkers, markRefChange, noteFailedTry } from './ref-change-markers.js';
import { reconcileLater } from './ref-reconciler.js';
import { lockRefSync, syncRefsIn } from './ref-sync.js';

/**
 * Runs `swap` (a git change; false when git refused it) as a recorded ref
 * change and emits its events; returns what `swap` returned.
 */
export async function changeRefs(
  services: Services,
  repo: RepositoryRow,
  principal: Principal,
  swap: () => Promise<boolean>,
): Promise<boolean> {
  const { sql, git, urls, log, refFollowers: followers } = services;
  // The sender is read before the transaction: under the sync lock nothing may ask the
  // pool for a second connection, or changes queued on the lock (each holding one) can
  // take every connection while the lock's holder waits for one (20 concurrent ref
  // creations on one repository hung the server that way with the pool's 10).
  const actor = (await actorOf(sql, principal, urls)) ?? (await ownerActor(sql, repo, urls));
  const marker = await markRefChange(sql, repo.id);
  let swapped = undefined as boolean | undefined;
  try {
    await sql.begin(async (tx) => {
      await lockRefSync(tx, repo.id, [marker]);
      // A swap that throws may or may not have changed git: its marker stays for the reconciler.
      swapped = await swap();
      if (!swapped) return;
      await syncRefsIn(tx, { sql, git, urls, followers }, repo, actor, actor.installation?.id ?? null, [marker]);
    });
  } catch (error) {
    if (!swapped) throw error;
    log.warn('ref change events deferred to the reconciler', { repositoryId: repo.id, error: String(error) });
    // A try that counts (its marker backs off): a change whose events cannot be built is given up after a few.
    if (!isDatabaseUnavailable(error)) await noteFailedTry(sql, [marker], String(error)).catch(() => {});
    reconcileLater({ sql, git, urls, log, followers }, repo.id, [marker]);
    return true;
  }
  // The sync may have changed the repository's row (pushed_at, size, license): this process's copy goes
  // now, not when the notice published in the transaction comes back, so the caller's next read sees it.
  if (swapped) services.repos.changedLocally(repo.id);
  if (!swapped) {
    await dropMarkers(sql, [marker]).catch((error: unknown) =>
      log.warn('could not drop the marker of a refused ref change', { repositoryId: repo.id, error: String(error) }),
    );
  }
  return swapped!;
}
