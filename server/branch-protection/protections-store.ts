// Branch protection rules in PostgreSQL (migration 042): one row per
// repository and branch name pattern. The REST API addresses a rule by a
// branch name, which is its pattern; GraphQL may hold globs.
import type { Sql, TransactionSql } from '../db/database.js';

export interface StatusChecksSetting {
  strict: boolean;
  checks: { context: string; app_id: number | null }[];
}

export interface ActorLists {
  users: number[];
  teams: number[];
  apps: number[];
}

export interface ReviewsSetting {
  dismiss_stale_reviews: boolean;
  require_code_owner_reviews: boolean;
  required_approving_review_count: number;
  require_last_push_approval: boolean;
  dismissal_restrictions: ActorLists | null;
  bypass_pull_request_allowances: ActorLists;
}

export interface ProtectionValues {
  required_status_checks: StatusChecksSetting | null;
  enforce_admins: boolean;
  required_pull_request_reviews: ReviewsSetting | null;
  restrictions: ActorLists | null;
  required_linear_history: boolean;
  allow_force_pushes: boolean;
  allow_deletions: boolean;
  block_creations: boolean;
  required_conversation_resolution: boolean;
  lock_branch: boolean;
  allow_fork_syncing: boolean;
}

/**
 * Who may force-push where `allow_force_pushes` is off (migration 047):
 * GraphQL's alone, REST's body has no such list, so REST's PUT keeps it.
 */
export interface ForcePushBypass {
  bypass_force_push_allowances: ActorLists;
}

export interface ProtectionRow extends ProtectionValues, ForcePushBypass {
  id: number;
  repository_id: number;
  pattern: string;
  creator_id: number | null;
  created_at: Date;
  updated_at: Date;
}

type Db = Sql | TransactionSql;

const COLUMNS = [
  'required_status_checks',
  'enforce_admins',
  'required_pull_request_reviews',
  'restrictions',
  'required_linear_history',
  'allow_force_pushes',
  'allow_deletions',
  'block_creations',
  'required_conversation_resolution',
  'lock_branch',
  'allow_fork_syncing',
] as const satisfies readonly (keyof ProtectionValues)[];

function fromDb(row: Record<string, unknown>): ProtectionRow {
  return { ...(row as unknown as ProtectionRow), id: Number(row.id), repository_id: Number(row.repository_id) };
}

/** Every rule of a repository, oldest first (GitHub lists them so). A repository has few: no paging here. */
export async function protectionsOf(db: Db, repositoryId: number): Promise<ProtectionRow[]> {
  const rows = await db`SELECT * FROM branch_protections WHERE repository_id = ${repositoryId} ORDER BY id`;
  return rows.map(fromDb);
}

/** The rules of several repositories at once (GraphQL's loaders). */
export async function protectionsOfMany(db: Db, repositoryIds: readonly number[]): Promise<ProtectionRow[]> {
  if (repositoryIds.length === 0) return [];
  const rows =
    await db`SELECT * FROM branch_protections WHERE repository_id = ANY(${repositoryIds as number[]}) ORDER BY id`;
  return rows.map(fromDb);
}

export async function protectionByPattern(
  db: Db,
  repositoryId: number,
  pattern: string,
): Promise<ProtectionRow | null> {
  const [row] =
    await db`SELECT * FROM branch_protections WHERE repository_id = ${repositoryId} AND pattern = ${pattern}`;
  return row ? fromDb(row) : null;
}

export async function protectionById(db: Db, id: number): Promise<ProtectionRow | null> {
  const [row] = await db`SELECT * FROM branch_protections WHERE id = ${id}`;
  return row ? fromDb(row) : null;
}

/**
 * Creates the rule of `pattern` or replaces all its settings; `created` tells
 * which. The force-push bypass list is set only when given (a new rule
 * without it has none; REST's replacement keeps it).
 */
export async function putProtection(
  tx: TransactionSql,
  repositoryId: number,
  pattern: string,
  creatorId: number | null,
  values: ProtectionValues & Partial<ForcePushBypass>,
): Promise<{ row: ProtectionRow; created: boolean }> {
  const settings = pick(tx, values);
  const bypass =
    values.bypass_force_push_allowances === undefined
      ? {}
      : { bypass_force_push_allowances: tx.json(values.bypass_force_push_allowances as never) };
  const record = { repository_id: repositoryId, pattern, creator_id: creatorId, ...settings, ...bypass };
  const [row] = await tx`
    INSERT INTO branch_protections ${tx(record)}
    ON CONFLICT (repository_id, pattern) DO UPDATE SET ${tx({ ...settings, ...bypass })}, updated_at = now()
    RETURNING *, (xmax = 0) AS created`;
  const { created, ...rest } = row!;
  return { row: fromDb(rest), created: Boolean(created) };
}

/** Some settings of a rule, and its pattern (GraphQL renames rules). */
export type RuleChanges = Partial<ProtectionValues & ForcePushBypass> & { pattern?: string };

/** Changes some settings of a rule (and its pattern, for GraphQL). */
export async function updateProtection(
  tx: TransactionSql,
  id: number,
  changes: RuleChanges,
): Promise<ProtectionRow | null> {
  const keys = Object.keys(changes) as (keyof typeof changes)[];
  if (keys.length === 0) return protectionById(tx, id);
  const values = Object.fromEntries(keys.map((key) => [key, jsonValue(tx, key, changes[key])])) as never;
  const [row] = await tx`
    UPDATE branch_protections SET ${tx(values, ...keys)}, updated_at = now() WHERE id = ${id} RETURNING *`;
  return row ? fromDb(row) : null;
}

export async function deleteProtection(tx: TransactionSql, id: number): Promise<boolean> {
  const rows = await tx`DELETE FROM branch_protections WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}

const JSON_COLUMNS = new Set([
  'required_status_checks',
  'required_pull_request_reviews',
  'restrictions',
  'bypass_force_push_allowances',
]);

function jsonValue(tx: TransactionSql, key: string, value: unknown): unknown {
  return JSON_COLUMNS.has(key) && value !== null && value !== undefined ? tx.json(value as never) : value;
}

function pick(tx: TransactionSql, values: ProtectionValues): Record<(typeof COLUMNS)[number], never> {
  return Object.fromEntries(COLUMNS.map((key) => [key, jsonValue(tx, key, values[key])])) as never;
}
