// Check suites made by a push, in the push's ref-sync transaction (as GitHub
// makes them): for each branch the push moved or created, each app installed
// on the repository with `checks: write` (unless the repository turned its
// auto-trigger off) gets a suite for the new head commit, once per sha and
// app, and `check_suite` `requested` (always sent to the app). A push to a
// repository without such an app costs one query.
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { checkAppsOf } from './check-apps.js';
import { emitCheckSuiteEvent } from './check-events.js';
import { ensureSuite } from './check-suites-store.js';

export interface PushedBranch {
  ref: string;
  before: string | null;
  after: string | null;
}

const ZERO = '0000000000000000000000000000000000000000';

export async function requestSuitesOnPush(
  tx: TransactionSql,
  deps: { git: GitRepositories; urls: Urls },
  repo: RepositoryRow,
  changes: readonly PushedBranch[],
  sender: unknown,
): Promise<void> {
  const branches = changes.filter((c) => c.after !== null && c.ref.startsWith('refs/heads/'));
  if (branches.length === 0) return;
  const apps = await checkAppsOf(tx, repo);
  const triggered = apps.filter((a) => (a.checks === 'write' || a.checks === 'admin') && a.autoTrigger);
  if (triggered.length === 0) return;
  for (const change of branches) {
    for (const app of triggered) {
      const { suite, created } = await ensureSuite(tx, {
        repositoryId: repo.id,
        appId: app.appId,
        headSha: change.after!,
        headBranch: change.ref.slice('refs/heads/'.length),
        before: change.before ?? ZERO,
        after: change.after,
        createdBy: 'push',
      });
      if (created)
        await emitCheckSuiteEvent({ tx, git: deps.git, repo, urls: deps.urls, sender, apps }, 'requested', suite);
    }
  }
}
