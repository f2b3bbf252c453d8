// The transactional outbox. Whatever causes an event writes its delivery jobs
// with the same transaction handle, so the change and its deliveries commit
// (or roll back) together; the NOTIFY, sent at commit, wakes the dispatchers.
import { randomUUID } from 'node:crypto';
import type { TransactionSql } from '../db/database.js';

export const WEBHOOK_CHANNEL = 'wharf_webhooks';

export interface EventJob {
  hookId: number;
  repositoryId: number | null;
  installationId: number | null;
  event: string;
  action: string | null;
  payload: unknown;
  /** A redelivery reuses the original GUID and payload bytes. */
  guid?: string;
  payloadText?: string;
  redelivery?: boolean;
}

export async function enqueue(tx: TransactionSql, jobs: EventJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const rows = jobs.map((job) => ({
    guid: job.guid ?? randomUUID(),
    hook_id: job.hookId,
    repository_id: job.repositoryId,
    installation_id: job.installationId,
    event: job.event,
    action: job.action,
    payload: job.payloadText ?? JSON.stringify(job.payload),
    redelivery: job.redelivery ?? false,
  }));
  await tx`INSERT INTO webhook_jobs ${tx(rows)}`;
  await tx`SELECT pg_notify(${WEBHOOK_CHANNEL}, '')`;
}

/** Ids of the repository's active hooks subscribed to `event` (or to `*`). */
export async function subscribedHooks(tx: TransactionSql, repositoryId: number, event: string): Promise<number[]> {
  const rows = await tx<{ id: number }[]>`
    SELECT id FROM hooks
    WHERE repository_id = ${repositoryId} AND active AND (${event} = ANY(events) OR '*' = ANY(events))
    ORDER BY id`;
  return rows.map((row) => row.id);
}

/** One event for every subscribed active hook of a repository. */
export async function emitRepositoryEvent(
  tx: TransactionSql,
  repositoryId: number,
  event: string,
  action: string | null,
  payload: unknown,
  installationId: number | null = null,
): Promise<number> {
  const hookIds = await subscribedHooks(tx, repositoryId, event);
  const payloadText = JSON.stringify(payload);
  await enqueue(tx, hookIds.map((hookId) => ({ hookId, repositoryId, installationId, event, action, payload, payloadText })));
  return hookIds.length;
}
