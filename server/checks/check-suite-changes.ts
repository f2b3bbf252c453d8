// What the REST operations change in a repository's suites: an app's suite
// made on request (GitHub sends no event for it), a suite requeued for its app
// (`check_suite` rerequested), and the repository's auto-trigger preferences
// (whether a push makes an app's suite).
import type { Sql, TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { validationFailed } from '../errors/domain-error.js';
import type { CheckSuiteRow } from './check-rows.js';
import { branchOfSha } from './check-branches.js';
import { type CheckEventScope, emitCheckSuiteEvent } from './check-events.js';
import type { CheckRequest } from './check-request.js';
import { ensureSuite, findSuite, requeueSuite } from './check-suites-store.js';

/** In the caller's transaction: the app's suite for `sha`, made (by the API) when missing, locked; `created` tells which. */
export async function ensureApiSuite(
  tx: TransactionSql,
  repo: RepositoryRow,
  appId: number,
  sha: string,
): Promise<{ suite: CheckSuiteRow; created: boolean }> {
  return ensureSuite(tx, {
    repositoryId: repo.id,
    appId,
    headSha: sha,
    headBranch: await branchOfSha(tx, repo, sha),
    before: null,
    after: null,
    createdBy: 'api',
  });
}

/** ensureApiSuite in a transaction of its own. */
export function createSuite(
  req: Pick<CheckRequest, 'sql' | 'repo'>,
  appId: number,
  sha: string,
): Promise<{ suite: CheckSuiteRow; created: boolean }> {
  return req.sql.begin((tx) => ensureApiSuite(tx, req.repo, appId, sha)) as Promise<{
    suite: CheckSuiteRow;
    created: boolean;
  }>;
}

/** GitHub: the suite goes back to queued without a conclusion, and its app (only) gets `check_suite` rerequested. */
export async function rerequestSuiteIn(scope: CheckEventScope, found: CheckSuiteRow): Promise<void> {
  const suite = await requeueSuite(scope.tx, (await findSuite(scope.tx, scope.repo.id, found.id, true))!);
  await emitCheckSuiteEvent(scope, 'rerequested', suite);
}

export interface AutoTriggerPreference {
  app_id: number;
  setting: boolean;
}

/** Sets each app's preference (an unknown app is a 422 naming its entry); answers every preference the repository has. */
export function setAutoTriggerPreferences(
  sql: Sql,
  repositoryId: number,
  entries: readonly AutoTriggerPreference[],
): Promise<AutoTriggerPreference[]> {
  return sql.begin(async (tx) => {
    const ids = [...new Set(entries.map((e) => e.app_id))];
    const known = ids.length ? await tx<{ id: number }[]>`SELECT id FROM apps WHERE id = ANY(${ids})` : [];
    const missing = entries.findIndex((e) => !known.some((k) => Number(k.id) === e.app_id));
    if (missing >= 0)
      throw validationFailed([
        { resource: 'CheckSuite', code: 'invalid', field: `auto_trigger_checks[${missing}].app_id` },
      ]);
    for (const e of entries) {
      await tx`INSERT INTO check_suite_preferences (repository_id, app_id, auto_trigger) VALUES (${repositoryId}, ${e.app_id}, ${e.setting})
        ON CONFLICT (repository_id, app_id) DO UPDATE SET auto_trigger = EXCLUDED.auto_trigger`;
    }
    const rows = await tx<{ app_id: number; auto_trigger: boolean }[]>`SELECT app_id, auto_trigger
      FROM check_suite_preferences WHERE repository_id = ${repositoryId} ORDER BY app_id`;
    return rows.map((r) => ({ app_id: Number(r.app_id), setting: r.auto_trigger }));
  }) as Promise<AutoTriggerPreference[]>;
}
