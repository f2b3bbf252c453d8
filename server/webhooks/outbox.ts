// The transactional outbox. Whatever causes an event writes its delivery jobs
// with the same transaction handle, so the change and its deliveries commit
// (or roll back) together; the NOTIFY, sent at commit, wakes the dispatchers.
import { randomUUID } from 'node:crypto';
import { eventPermissions } from '../access/event-kinds.js';
import type { TransactionSql } from '../db/database.js';
import { encodeNodeId } from '../ids/node-id.js';
import { withOrganization } from './payloads/organization.js';

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

/**
 * Events whose deliveries to apps their emitter decides (GitHub sends an
 * app only its own check runs and suites, some actions always): they reach
 * apps through emitAppEvent (server/apps/app-events.ts), not here.
 */
const ROUTED_TO_APPS_BY_EMITTER = new Set(['check_run', 'check_suite']);

/**
 * A hook to deliver to: a repository hook (both null), the webhook of an app
 * installed on the repository (installationId), or a hook of the
 * organization that owns the repository (organizationId).
 */
export interface EventTarget {
  hookId: number;
  installationId: number | null;
  organizationId?: number | null;
}

/**
 * In one query: the repository's active hooks subscribed to `event` (or `*`),
 * and the active webhooks of the apps installed on the repository (all of
 * the owner's repositories, or this one selected) that subscribe to `event`
 * (apps.events) and whose installation holds the event's permission
 * (access/event-kinds.ts: no `issues` event without `issues`), as GitHub
 * delivers a subscribed event of an installed repository to the app; and the
 * active subscribed hooks of the organization that owns the repository
 * (migration 041: an organization hook gets every event of every repository
 * of the organization, private ones included, created before it or after).
 */
export async function subscribedTargets(
  tx: TransactionSql,
  repositoryId: number,
  event: string,
): Promise<EventTarget[]> {
  const toApps = !ROUTED_TO_APPS_BY_EMITTER.has(event);
  const permissions = eventPermissions(event);
  const rows = await tx<{ hook_id: number; installation_id: number | null; organization_id: number | null }[]>`
    SELECT id AS hook_id, NULL::bigint AS installation_id, NULL::bigint AS organization_id FROM hooks
    WHERE repository_id = ${repositoryId} AND active AND (${event} = ANY(events) OR '*' = ANY(events))
    UNION ALL
    SELECT h.id, NULL::bigint, h.organization_id FROM repositories r JOIN hooks h ON h.organization_id = r.owner_id
    WHERE r.id = ${repositoryId} AND h.active AND (${event} = ANY(h.events) OR '*' = ANY(h.events))
    UNION ALL
    SELECT h.id, i.id, NULL::bigint FROM repositories r
      JOIN installations i ON i.account_id = r.owner_id
      JOIN apps a ON a.id = i.app_id
      JOIN hooks h ON h.app_id = i.app_id
    WHERE ${toApps} AND r.id = ${repositoryId} AND h.active AND ${event} = ANY(a.events)
      AND ${permissions === null ? tx`TRUE` : tx`i.permissions ?| ${permissions as string[]}::text[]`}
      AND (i.repository_selection = 'all' OR EXISTS (
        SELECT 1 FROM installation_repositories ir WHERE ir.installation_id = i.id AND ir.repository_id = r.id))
    ORDER BY hook_id`;
  return rows.map((row) => ({
    hookId: row.hook_id,
    installationId: row.installation_id,
    organizationId: row.organization_id,
  }));
}

/**
 * The jobs of one event for its targets. A repository hook gets the payload
 * as given (with the caller's installation, if any, in `installationId`); an
 * organization's hook gets it with `organization` added, as GitHub sends it;
 * an app's webhook gets it with `installation` set to the app's own installation.
 */
export function eventJobs(
  targets: EventTarget[],
  repositoryId: number,
  event: string,
  action: string | null,
  payload: unknown,
  installationId: number | null,
): EventJob[] {
  const payloadText = JSON.stringify(payload);
  let forOrganization: { payload: unknown; payloadText: string } | undefined;
  return targets.map((target) => {
    if (target.organizationId) {
      if (!forOrganization) {
        const withOrg = withOrganization(payload);
        forOrganization = { payload: withOrg, payloadText: JSON.stringify(withOrg) };
      }
      return { hookId: target.hookId, repositoryId, installationId, event, action, ...forOrganization };
    }
    if (target.installationId === null)
      return { hookId: target.hookId, repositoryId, installationId, event, action, payload, payloadText };
    const installation = { id: target.installationId, node_id: encodeNodeId('Installation', target.installationId) };
    const forApp = { ...(payload as Record<string, unknown>), installation };
    return {
      hookId: target.hookId,
      repositoryId,
      installationId: target.installationId,
      event,
      action,
      payload: forApp,
    };
  });
}

/** One event for every subscribed active hook of a repository and every subscribed app installed on it. */
export async function emitRepositoryEvent(
  tx: TransactionSql,
  repositoryId: number,
  event: string,
  action: string | null,
  payload: unknown,
  installationId: number | null = null,
): Promise<number> {
  const targets = await subscribedTargets(tx, repositoryId, event);
  await enqueue(tx, eventJobs(targets, repositoryId, event, action, payload, installationId));
  return targets.length;
}
