// Hook rows. Writes take a transaction handle so that a hook change and the
// deliveries it causes (the creation ping) commit together.
import type { Sql, TransactionSql } from '../db/database.js';
import type { components } from '../generated/openapi.js';

/** Repository hooks subscribe to hook-event; organization hooks to org-hook-event, a superset. */
export type HookEvent = components['schemas']['hook-event'] | components['schemas']['org-hook-event'];

/** What a create or PATCH sets. */
export interface HookValues {
  active: boolean;
  events: HookEvent[];
  url: string;
  content_type: 'json' | 'form';
  insecure_ssl: '0' | '1';
  secret: string | null;
}

export interface HookRow extends HookValues {
  id: number;
  /** Exactly one of the two is set on the hooks these functions serve (app hooks live in apps/app-hooks). */
  repository_id: number | null;
  organization_id: number | null;
  last_response_code: number | null;
  last_response_status: string;
  last_response_message: string | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

type Db = Sql | TransactionSql;

/** What a hook belongs to: a repository (repository hooks) or an organization (organization hooks, migration 041). */
export type HookOwner = { repositoryId: number } | { organizationId: number };

function ownedBy(sql: Db, owner: HookOwner) {
  return 'repositoryId' in owner
    ? sql`repository_id = ${owner.repositoryId}`
    : sql`organization_id = ${owner.organizationId}`;
}

export async function listHooks(
  sql: Db,
  owner: HookOwner,
  limit: number,
  offset: number,
): Promise<{ rows: HookRow[]; total: number }> {
  const rows = await sql<
    HookRow[]
  >`SELECT * FROM hooks WHERE ${ownedBy(sql, owner)} ORDER BY id LIMIT ${limit} OFFSET ${offset}`;
  const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM hooks WHERE ${ownedBy(sql, owner)}`;
  return { rows, total: count!.n };
}

/** The hook if it belongs to the owner; `FOR UPDATE` when changing it. */
export async function findHook(sql: Db, owner: HookOwner, hookId: number, forUpdate = false): Promise<HookRow | null> {
  const [row] = forUpdate
    ? await sql<HookRow[]>`SELECT * FROM hooks WHERE id = ${hookId} AND ${ownedBy(sql, owner)} FOR UPDATE`
    : await sql<HookRow[]>`SELECT * FROM hooks WHERE id = ${hookId} AND ${ownedBy(sql, owner)}`;
  return row ?? null;
}

export async function insertHook(tx: TransactionSql, owner: HookOwner, values: HookValues): Promise<HookRow> {
  const repositoryId = 'repositoryId' in owner ? owner.repositoryId : null;
  const organizationId = 'organizationId' in owner ? owner.organizationId : null;
  const [row] = await tx<HookRow[]>`
    INSERT INTO hooks (repository_id, organization_id, active, events, url, content_type, insecure_ssl, secret)
    VALUES (${repositoryId}, ${organizationId}, ${values.active}, ${values.events}, ${values.url}, ${values.content_type}, ${values.insecure_ssl}, ${values.secret})
    RETURNING *`;
  return row!;
}

/**
 * Changes the hook as `change` says, read again under a row lock in the same
 * transaction: two concurrent edits must not lose each other's fields. Null
 * when the owner has no such hook.
 */
export async function changeHook(
  sql: Sql,
  owner: HookOwner,
  hookId: number,
  change: (current: HookRow) => HookValues,
): Promise<HookRow | null> {
  return (await sql.begin(async (tx) => {
    const current = await findHook(tx, owner, hookId, true);
    return current ? updateHook(tx, current.id, change(current)) : null;
  })) as HookRow | null;
}

export async function updateHook(tx: TransactionSql, hookId: number, values: HookValues): Promise<HookRow> {
  // Re-activating a hook starts its failure clock afresh.
  const [row] = await tx<HookRow[]>`
    UPDATE hooks SET active = ${values.active}, events = ${values.events}, url = ${values.url},
      content_type = ${values.content_type}, insecure_ssl = ${values.insecure_ssl}, secret = ${values.secret},
      failing_since = CASE WHEN ${values.active} AND NOT active THEN NULL ELSE failing_since END,
      updated_at = now()
    WHERE id = ${hookId}
    RETURNING *`;
  return row!;
}

export async function deleteHook(sql: Db, owner: HookOwner, hookId: number): Promise<boolean> {
  const deleted = await sql`DELETE FROM hooks WHERE id = ${hookId} AND ${ownedBy(sql, owner)}`;
  return deleted.count > 0;
}
