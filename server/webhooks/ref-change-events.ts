// Called by the ref-change endpoints right after git accepted a change: the
// mirror and the change's events follow in one transaction. Should that step
// fail, git already holds the change (it is the source of truth), so the
// request still succeeds and the reconciler emits the events a little later.
import type { Principal } from '../auth/principal.js';
import type { Services } from '../services.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import { actorOf, ownerActor } from './event-actor.js';
import { reconcileLater } from './ref-reconciler.js';
import { syncRefs } from './ref-sync.js';

export async function emitRefChangeEvents(services: Services, repo: RepositoryRow, principal: Principal): Promise<void> {
  const { sql, git, urls, log } = services;
  try {
    const actor = (await actorOf(sql, principal, urls)) ?? (await ownerActor(sql, repo, urls));
    await syncRefs({ sql, git, urls }, repo, actor, actor.installation?.id ?? null);
  } catch (error) {
    log.warn('ref change events deferred to the reconciler', { repositoryId: repo.id, error: String(error) });
    reconcileLater({ sql, git, urls, log }, repo.id);
  }
}
