// The outbox for organization-scoped events (`organization`, `membership`,
// `team`, and `repository` created/deleted/renamed as organization hooks get
// them): one delivery job per active hook of the organization subscribed to
// the event (or `*`), written with the caller's transaction so the change and
// its deliveries commit together. Repository hooks and apps are not reached
// here: events of a repository go through outbox.ts emitRepositoryEvent,
// which reaches the organization's hooks too.
import type { TransactionSql } from '../../db/database.js';
import { enqueue } from '../outbox.js';

export interface OrganizationEventOptions {
  /** The repository the event is about, if any (`repository` events): recorded with the delivery. */
  repositoryId?: number | null;
  /** The installation whose token caused the event, if any. */
  installationId?: number | null;
}

/**
 * Queues the event for the organization's subscribed active hooks; returns
 * how many. The payload should carry `organization` (payloads/organization.ts
 * organizationPayload) and `sender`, as GitHub's do.
 */
export async function enqueueOrganizationEvent(
  tx: TransactionSql,
  orgId: number,
  event: string,
  action: string | null,
  payload: unknown,
  options: OrganizationEventOptions = {},
): Promise<number> {
  const hooks = await tx<{ id: number }[]>`
    SELECT id FROM hooks
    WHERE organization_id = ${orgId} AND active AND (${event} = ANY(events) OR '*' = ANY(events))
    ORDER BY id`;
  const payloadText = JSON.stringify(payload);
  await enqueue(
    tx,
    hooks.map((hook) => ({
      hookId: hook.id,
      repositoryId: options.repositoryId ?? null,
      installationId: options.installationId ?? null,
      event,
      action,
      payload,
      payloadText,
    })),
  );
  return hooks.length;
}
