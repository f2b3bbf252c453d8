// The apps installed where a repository's checks concern them: each
// installation that reaches the repository and grants `checks`, with its
// level and the repository's auto-trigger preference. One query, so a push to
// a repository without such an app costs one statement.
import type { Sql, TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';

export interface CheckApp {
  appId: number;
  installationId: number;
  checks: 'read' | 'write' | 'admin';
  /** check_suite_preferences: false when the repository turned the app's push suites off. */
  autoTrigger: boolean;
}

export async function checkAppsOf(
  db: Sql | TransactionSql,
  repo: Pick<RepositoryRow, 'id' | 'owner_id'>,
): Promise<CheckApp[]> {
  const rows = await db<
    { app_id: number; installation_id: number; checks: CheckApp['checks']; auto_trigger: boolean }[]
  >`
    SELECT i.app_id, i.id AS installation_id, i.permissions->>'checks' AS checks, COALESCE(p.auto_trigger, true) AS auto_trigger
    FROM installations i
    LEFT JOIN check_suite_preferences p ON p.repository_id = ${repo.id} AND p.app_id = i.app_id
    WHERE i.account_id = ${repo.owner_id} AND i.permissions ? 'checks'
      AND (i.repository_selection = 'all'
           OR EXISTS (SELECT 1 FROM installation_repositories r WHERE r.installation_id = i.id AND r.repository_id = ${repo.id}))
    ORDER BY i.app_id`;
  return rows.map((r) => ({
    appId: r.app_id,
    installationId: r.installation_id,
    checks: r.checks,
    autoTrigger: r.auto_trigger,
  }));
}
