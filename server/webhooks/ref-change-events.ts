// A ref change from the API, in three steps: a marker committed first
// (ref-change-markers.ts), git's compare-and-swap, then the mirror, the
// change's events and the marker's deletion in one transaction. Should the
// last step fail, git already holds the change (it is the source of truth),
// so the request still succeeds and the reconciler emits the events a little
// later; should the process die between git and that transaction, the
// marker tells the reconciler which repository to look at.
import type { Principal } from '../auth/principal.js';
import type { Services } from '../services.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import { actorOf, ownerActor } from './event-actor.js';
import { dropMarkers, markRefChange } from './ref-change-markers.js';
import { reconcileLater } from './ref-reconciler.js';
import { syncRefs } from './ref-sync.js';

/**
 * Runs `swap` (a git compare-and-swap; false when git refused it) as a
 * recorded ref change and emits its events; returns what `swap` returned.
 */
export async function changeRefs(services: Services, repo: RepositoryRow, principal: Principal, swap: () => Promise<boolean>): Promise<boolean> {
  const marker = await markRefChange(services.sql, repo.id);
  // A swap that throws may or may not have changed git: its marker stays for the reconciler.
  if (!(await swap())) {
    await dropMarkers(services.sql, [marker]).catch((error: unknown) =>
      services.log.warn('could not drop the marker of a refused ref change', { repositoryId: repo.id, error: String(error) }));
    return false;
  }
  await emitRefChangeEvents(services, repo, principal, marker);
  return true;
}

async function emitRefChangeEvents(services: Services, repo: RepositoryRow, principal: Principal, marker: number): Promise<void> {
  const { sql, git, urls, log } = services;
  try {
    const actor = (await actorOf(sql, principal, urls)) ?? (await ownerActor(sql, repo, urls));
    await syncRefs({ sql, git, urls }, repo, actor, actor.installation?.id ?? null, [marker]);
  } catch (error) {
    log.warn('ref change events deferred to the reconciler', { repositoryId: repo.id, error: String(error) });
    reconcileLater({ sql, git, urls, log }, repo.id, [marker]);
  }
}
