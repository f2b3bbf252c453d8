// Events for an app's webhook. They go through the same outbox as
// repository events (server/webhooks/outbox.ts), in the caller's
// transaction, so the change and its deliveries commit together and the
// dispatcher signs, sends, records and retries them as any hook's.
import type { TransactionSql } from '../db/database.js';
import { enqueue } from '../webhooks/outbox.js';

export interface AppEvent {
  appId: number;
  installationId: number | null;
  repositoryId: number | null;
  event: string;
  action: string | null;
  /** The complete payload (with `installation: {id, node_id}` where there is one), sent as is. */
  payload: Record<string, unknown>;
  /**
   * true (default): only when the app subscribes to `event` (apps.events).
   * false: GitHub's always-sent events (installation, installation_repositories,
   * check_suite requested/rerequested, check_run rerequested/requested_action).
   */
  subscribedOnly?: boolean;
}

/**
 * Writes one delivery job per active app hook (an app has at most one), in
 * the caller's transaction. Returns the number of jobs written (0 when the app
 * has no active hook or does not subscribe).
 */
export async function emitAppEvent(tx: TransactionSql, e: AppEvent): Promise<number> {
  const subscribedOnly = e.subscribedOnly ?? true;
  const hooks = await tx<{ id: number }[]>`
    SELECT h.id FROM hooks h JOIN apps a ON a.id = h.app_id
    WHERE h.app_id = ${e.appId} AND h.active
      ${subscribedOnly ? tx`AND ${e.event} = ANY(a.events)` : tx``}`;
  await enqueue(
    tx,
    hooks.map((hook) => ({
      hookId: hook.id,
      repositoryId: e.repositoryId,
      installationId: e.installationId,
      event: e.event,
      action: e.action,
      payload: e.payload,
    })),
  );
  return hooks.length;
}
