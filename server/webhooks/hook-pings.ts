// A hook's pings (a repository's or an organization's), written with the
// outbox in one transaction: a new active hook and its creation ping commit
// together (no ping for a hook that rolled back, no hook without its ping),
// and an explicit ping is one delivery of its own, whatever the hook's
// events and even when it is inactive (it is a request to test the hook).
// The URL is stored as given: it is resolved and checked against the
// outbound allow list only when a delivery connects.
import type { Principal } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { type HookOwner, type HookRow, type HookValues, insertHook } from './hooks-store.js';
import { enqueue } from './outbox.js';
import { installationOf } from './payloads/common.js';
import { pingPayload } from './ping-payload.js';

export interface PingDeps {
  sql: Sql;
  urls: Urls;
}

/** Whose hook it is, and its ping's body (the repository's or the organization's). */
export interface PingedOwner {
  owner: HookOwner;
  payload(hook: HookRow, principal: Principal, urls: Urls): unknown;
}

function enqueuePing(tx: TransactionSql, hook: HookRow, target: PingedOwner, principal: Principal, urls: Urls) {
  return enqueue(tx, [
    {
      hookId: hook.id,
      repositoryId: 'repositoryId' in target.owner ? target.owner.repositoryId : null,
      installationId: installationOf(principal)?.id ?? null,
      event: 'ping',
      action: null,
      payload: target.payload(hook, principal, urls),
    },
  ]);
}

/** Creates the hook; an active one is pinged in the same transaction. */
export function createPingedHook(
  { sql, urls }: PingDeps,
  target: PingedOwner,
  principal: Principal,
  values: HookValues,
): Promise<HookRow> {
  return sql.begin(async (tx) => {
    const created = await insertHook(tx, target.owner, values);
    if (created.active) await enqueuePing(tx, created, target, principal, urls);
    return created;
  }) as Promise<HookRow>;
}

/** Queues one ping of the hook. */
export async function pingOwnedHook(
  { sql, urls }: PingDeps,
  target: PingedOwner,
  principal: Principal,
  hook: HookRow,
): Promise<void> {
  await sql.begin((tx) => enqueuePing(tx, hook, target, principal, urls));
}

const repositoryHooks = (repo: RepositoryRow): PingedOwner => ({
  owner: { repositoryId: repo.id },
  payload: (hook, principal, urls) => pingPayload(hook, repo, principal, urls),
});

/** Creates the repository's hook; an active one is pinged in the same transaction. */
export const createHook = (deps: PingDeps, repo: RepositoryRow, principal: Principal, values: HookValues) =>
  createPingedHook(deps, repositoryHooks(repo), principal, values);

/** Queues one ping of the repository's hook. */
export const pingHook = (deps: PingDeps, repo: RepositoryRow, principal: Principal, hook: HookRow) =>
  pingOwnedHook(deps, repositoryHooks(repo), principal, hook);
