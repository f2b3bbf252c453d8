// `check_run` and `check_suite` events, routed as GitHub routes them and
// written in the change's transaction:
// - created / completed (both events): to repository hooks, and to every app
//   installed on the repository with checks permission that subscribes to the
//   event;
// - check_suite requested / rerequested, check_run rerequested /
//   requested_action: to the check's own app only, whether or not it
//   subscribes (GitHub always sends these to an app with checks: write).
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { emitAppEvent } from '../apps/app-events.js';
import { emitRepositoryEvent } from '../webhooks/outbox.js';
import { repositoryPayload } from '../webhooks/payloads/common.js';
import { checkAppsOf, type CheckApp } from './check-apps.js';
import { loadCheckContext } from './check-context.js';
import type { CheckRunRow, CheckSuiteRow } from './check-rows.js';
import { checkRunView, checkSuiteView, simpleCheckSuiteView } from './check-views.js';
import type { GitRepositories } from '../repos/git.js';

export type CheckRunAction = 'created' | 'completed' | 'rerequested' | 'requested_action';
export type CheckSuiteAction = 'requested' | 'rerequested' | 'completed';

/** Who receives each event and action: the repository's hooks, and which apps. */
export const CHECK_ROUTES: Record<string, { repositoryHooks: boolean; apps: 'subscribed-with-checks' | 'own-app' }> = {
  'check_run.created': { repositoryHooks: true, apps: 'subscribed-with-checks' },
  'check_run.completed': { repositoryHooks: true, apps: 'subscribed-with-checks' },
  'check_run.rerequested': { repositoryHooks: false, apps: 'own-app' },
  'check_run.requested_action': { repositoryHooks: false, apps: 'own-app' },
  'check_suite.requested': { repositoryHooks: false, apps: 'own-app' },
  'check_suite.rerequested': { repositoryHooks: false, apps: 'own-app' },
  'check_suite.completed': { repositoryHooks: true, apps: 'subscribed-with-checks' },
};

export interface CheckEventScope {
  tx: TransactionSql;
  git: GitRepositories;
  repo: RepositoryRow;
  urls: Urls;
  sender: unknown;
  /** The installed check apps, when the caller has them already (the push path). */
  apps?: CheckApp[];
}

const installationRef = (id: number) => ({ id, node_id: encodeNodeId('Installation', id) });

async function route(
  scope: CheckEventScope,
  event: string,
  action: string,
  ownAppId: number,
  fields: Record<string, unknown>,
): Promise<void> {
  const rule = CHECK_ROUTES[`${event}.${action}`]!;
  const apps = scope.apps ?? (await checkAppsOf(scope.tx, scope.repo));
  const own = apps.find((a) => a.appId === ownAppId);
  const base = { action, ...fields, repository: repositoryPayload(scope.repo, scope.urls), sender: scope.sender };
  const withInstallation = (id: number | undefined) =>
    id === undefined ? base : { ...base, installation: installationRef(id) };
  if (rule.repositoryHooks) {
    await emitRepositoryEvent(
      scope.tx,
      scope.repo.id,
      event,
      action,
      withInstallation(own?.installationId),
      own?.installationId ?? null,
    );
  }
  const receivers = rule.apps === 'own-app' ? (own ? [own] : []) : apps;
  for (const app of receivers) {
    await emitAppEvent(scope.tx, {
      appId: app.appId,
      installationId: app.installationId,
      repositoryId: scope.repo.id,
      event,
      action,
      payload: withInstallation(app.installationId),
      subscribedOnly: rule.apps !== 'own-app',
    });
  }
}

export async function emitCheckRunEvent(
  scope: CheckEventScope,
  action: CheckRunAction,
  run: CheckRunRow,
  suite: CheckSuiteRow,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const ctx = await loadCheckContext(scope.tx, scope.repo, scope.urls, { appIds: [run.app_id], shas: [run.head_sha] });
  await route(scope, 'check_run', action, run.app_id, {
    check_run: checkRunView(run, ctx, simpleCheckSuiteView(suite, ctx)),
    ...extra,
  });
}

export async function emitCheckSuiteEvent(
  scope: CheckEventScope,
  action: CheckSuiteAction,
  suite: CheckSuiteRow,
): Promise<void> {
  const ctx = await loadCheckContext(scope.tx, scope.repo, scope.urls, {
    appIds: [suite.app_id],
    shas: [suite.head_sha],
    git: scope.git,
  });
  const { repository: _top, ...checkSuite } = checkSuiteView(suite, ctx);
  await route(scope, 'check_suite', action, suite.app_id, { check_suite: checkSuite });
}
