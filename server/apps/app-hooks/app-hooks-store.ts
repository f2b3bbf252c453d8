// An app's webhook: the one `hooks` row with its app_id (migration 025). The
// CLI and PATCH /app/hook/config set it; the dispatcher treats it as any hook.
import type { Sql, TransactionSql } from '../../db/database.js';
import { validationFailed } from '../../errors/domain-error.js';

export interface AppHookValues {
  url: string;
  content_type: 'json' | 'form';
  insecure_ssl: '0' | '1';
  /** null: deliveries are not signed (as a repository hook without a secret). */
  secret: string | null;
  active: boolean;
}

export interface AppHookRow extends AppHookValues {
  id: number;
  app_id: number;
  last_response_code: number | null;
  last_response_status: string;
  last_response_message: string | null;
  created_at: Date;
  updated_at: Date;
}

type Db = Sql | TransactionSql;

export class AppHookError extends Error {}

export async function findAppHook(sql: Db, appId: number, forUpdate = false): Promise<AppHookRow | null> {
  const [row] = forUpdate
    ? await sql<AppHookRow[]>`SELECT * FROM hooks WHERE app_id = ${appId} FOR UPDATE`
    : await sql<AppHookRow[]>`SELECT * FROM hooks WHERE app_id = ${appId}`;
  return row ?? null;
}

/** Only http(s) URLs with a host, the rule repository hooks follow. */
export function isHookUrl(raw: string): boolean {
  try {
    const parsed = new URL(raw);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Creates the app's hook or changes what `changes` names (omitted keeps;
 * a first hook needs a URL). Re-activating starts the failure clock afresh,
 * as for repository hooks. In the caller's transaction.
 */
export async function setAppHook(
  tx: TransactionSql,
  appId: number,
  changes: Partial<AppHookValues>,
): Promise<AppHookRow> {
  if (changes.url !== undefined && !isHookUrl(changes.url))
    throw new AppHookError('the webhook URL must be an http or https URL');
  const current = await findAppHook(tx, appId, true);
  if (!current) {
    if (changes.url === undefined) throw new AppHookError('the app has no webhook yet: give its URL');
    const [row] = await tx<AppHookRow[]>`
      INSERT INTO hooks (app_id, events, url, content_type, insecure_ssl, secret, active)
      VALUES (${appId}, '{}', ${changes.url}, ${changes.content_type ?? 'json'}, ${changes.insecure_ssl ?? '0'},
              ${changes.secret || null}, ${changes.active ?? true})
      RETURNING *`;
    return row!;
  }
  const next: AppHookValues = {
    url: changes.url ?? current.url,
    content_type: changes.content_type ?? current.content_type,
    insecure_ssl: changes.insecure_ssl ?? current.insecure_ssl,
    // An empty secret is no secret.
    secret: changes.secret === undefined ? current.secret : changes.secret || null,
    active: changes.active ?? current.active,
  };
  const [row] = await tx<AppHookRow[]>`
    UPDATE hooks SET url = ${next.url}, content_type = ${next.content_type}, insecure_ssl = ${next.insecure_ssl},
      secret = ${next.secret}, active = ${next.active},
      failing_since = CASE WHEN ${next.active} AND NOT active THEN NULL ELSE failing_since END,
      updated_at = now()
    WHERE id = ${current.id}
    RETURNING *`;
  return row!;
}

/** The app's subscribed events (GitHub's "Subscribe to events"), replacing the list. */
/**
 * Changes the app's hook configuration in one transaction, under the row lock
 * setAppHook takes, so two edits do not lose each other's fields. An app's
 * first configuration needs a URL (422 missing_field, as a repository hook's
 * creation without one).
 */
export function changeAppHook(sql: Sql, appId: number, changes: Partial<AppHookValues>): Promise<AppHookRow> {
  return sql.begin(async (tx) => {
    if (changes.url === undefined && !(await findAppHook(tx, appId, true))) {
      throw validationFailed([{ resource: 'Hook', field: 'url', code: 'missing_field' }]);
    }
    return setAppHook(tx, appId, changes);
  }) as Promise<AppHookRow>;
}

export async function setAppEvents(tx: TransactionSql, appId: number, events: string[]): Promise<void> {
  await tx`UPDATE apps SET events = ${[...new Set(events)]}, updated_at = now() WHERE id = ${appId}`;
}
