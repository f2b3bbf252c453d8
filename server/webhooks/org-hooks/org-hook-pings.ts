// An organization hook's pings, written with the outbox in one transaction,
// as repository hooks' are (hook-pings.ts): a new active hook and its
// creation ping commit together, and an explicit ping is one delivery
// whatever the hook's events and even when it is inactive.
import type { Principal } from '../../auth/principal.js';
import type { Sql, TransactionSql } from '../../db/database.js';
import type { Urls } from '../../http/urls.js';
import { type HookRow, type HookValues, insertHook } from '../hooks-store.js';
import { enqueue } from '../outbox.js';
import { installationField, installationOf, senderPayload } from '../payloads/common.js';
import { organizationPayload } from '../payloads/organization.js';
import { zen } from '../ping-payload.js';
import { orgHookView } from './org-hook-view.js';

export interface Organization {
  id: number;
  login: string;
}

interface PingDeps {
  sql: Sql;
  urls: Urls;
}

export function orgPingPayload(hook: HookRow, org: Organization, principal: Principal, urls: Urls) {
  return {
    zen: zen(),
    hook_id: hook.id,
    hook: orgHookView(hook, org.login, urls),
    organization: organizationPayload(org, urls),
    sender: senderPayload(principal, urls),
    ...installationField(installationOf(principal)),
  };
}

function enqueuePing(tx: TransactionSql, hook: HookRow, org: Organization, principal: Principal, urls: Urls) {
  return enqueue(tx, [
    {
      hookId: hook.id,
      repositoryId: null,
      installationId: installationOf(principal)?.id ?? null,
      event: 'ping',
      action: null,
      payload: orgPingPayload(hook, org, principal, urls),
    },
  ]);
}

/** Creates the organization's hook; an active one is pinged in the same transaction. */
export function createOrgHook(
  { sql, urls }: PingDeps,
  org: Organization,
  principal: Principal,
  values: HookValues,
): Promise<HookRow> {
  return sql.begin(async (tx) => {
    const created = await insertHook(tx, { organizationId: org.id }, values);
    if (created.active) await enqueuePing(tx, created, org, principal, urls);
    return created;
  }) as Promise<HookRow>;
}

/** Queues one ping of the hook. */
export async function pingOrgHook(
  { sql, urls }: PingDeps,
  org: Organization,
  principal: Principal,
  hook: HookRow,
): Promise<void> {
  await sql.begin((tx) => enqueuePing(tx, hook, org, principal, urls));
}
