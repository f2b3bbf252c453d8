// A repository hook's pings, written with the outbox in one transaction: a new
// active hook and its creation ping commit together (no ping for a hook that
// rolled back, no hook without its ping), and an explicit ping is one delivery
// of its own, whatever the hook's events and even when it is inactive (it is a
// request to test the hook). The URL is stored as given: it is resolved and
// checked against the outbound allow list only when a delivery connects.
import type { Principal } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { type HookRow, type HookValues, insertHook } from './hooks-store.js';
import { enqueue } from './outbox.js';
import { installationOf } from './payloads/common.js';
import { pingPayload } from './ping-payload.js';

interface PingDeps {
  sql: Sql;
  urls: Urls;
}

function enqueuePing(tx: TransactionSql, hook: HookRow, repo: RepositoryRow, principal: Principal, urls: Urls) {
  return enqueue(tx, [
    {
      hookId: hook.id,
      repositoryId: repo.id,
      installationId: installationOf(principal)?.id ?? null,
      event: 'ping',
      action: null,
      payload: pingPayload(hook, repo, principal, urls),
    },
  ]);
}

/** Creates the hook; an active one is pinged in the same transaction. */
export function createHook(
  { sql, urls }: PingDeps,
  repo: RepositoryRow,
  principal: Principal,
  values: HookValues,
): Promise<HookRow> {
  return sql.begin(async (tx) => {
    const created = await insertHook(tx, { repositoryId: repo.id }, values);
    if (created.active) await enqueuePing(tx, created, repo, principal, urls);
    return created;
  }) as Promise<HookRow>;
}

/** Queues one ping of the hook. */
export async function pingHook(
  { sql, urls }: PingDeps,
  repo: RepositoryRow,
  principal: Principal,
  hook: HookRow,
): Promise<void> {
  await sql.begin((tx) => enqueuePing(tx, hook, repo, principal, urls));
}
