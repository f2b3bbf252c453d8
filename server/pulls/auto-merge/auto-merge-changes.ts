// Enabling and disabling a pull request's auto-merge (GraphQL
// enablePullRequestAutoMerge / disablePullRequestAutoMerge), each one
// transaction with its `pull_request` event (auto_merge_enabled,
// auto_merge_disabled). GitHub's refusals: the repository does not allow
// it, the pull request is closed or a draft, the method is not allowed, the
// head moved, no protection rule covers the base branch, or the pull request
// may be merged now (`clean` or `unstable`: there is nothing to wait for,
// merge it instead). The edge has checked that the caller may merge (write,
// contents for an installation). Each change is a timeline event too
// (auto_merge_enabled, auto_squash_enabled or auto_rebase_enabled by method;
// auto_merge_disabled with its reason).
import type { Principal } from '../../auth/principal.js';
import { ruleForBranch } from '../../branch-protection/branch-patterns.js';
import { conditionsPull } from '../../branch-protection/merge-guard.js';
import { mergeStateOf } from '../../branch-protection/merge-state.js';
import { protectionsOf } from '../../branch-protection/protections-store.js';
import { conflict, refused, requiresAuthentication } from '../../errors/domain-error.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { Services } from '../../services.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { repositoryLookup } from '../pull-access.js';
import { pullByNumber, type PullRow } from '../pull-rows.js';
import { emitPullRequestEvents } from '../pull-webhooks.js';
import { NOT_ALLOWED, type MergeMethod } from '../merge/merge-pull.js';
import { mergeableStateOf } from '../mergeable-state.js';
import { recordIssueEvents, type IssueEventKind } from '../../issues/issue-events.js';
import { deleteAutoMerge, saveAutoMerge } from './auto-merge-store.js';
import type { AutoMergeStop } from './auto-merge-stops.js';

const ENABLED_EVENT: Record<MergeMethod, IssueEventKind> = {
  merge: 'auto_merge_enabled',
  squash: 'auto_squash_enabled',
  rebase: 'auto_rebase_enabled',
};

export interface AutoMergeOptions {
  method: MergeMethod;
  commitTitle?: string | null;
  commitMessage?: string | null;
  /** The head the caller saw. */
  expectedHeadSha?: string | null;
}

/** Why auto-merge may not be enabled on this pull request now, or null. */
async function enableRefusal(
  services: Services,
  repo: RepositoryRow,
  row: PullRow,
  options: AutoMergeOptions,
): Promise<string | null> {
  if (!repo.allow_auto_merge) return 'Auto merge is not allowed for this repository';
  if (row.issue.state !== 'open' || row.pull.merged_at !== null) return 'Pull request is closed';
  if (row.pull.draft) return 'Pull request is in draft state';
  const setting = NOT_ALLOWED[options.method];
  if (!repo[setting.setting]) return setting.message;
  const rule = ruleForBranch(await protectionsOf(services.sql, repo.id), row.pull.base_ref);
  if (rule === null) return 'Pull request Protected branch rules not configured for this branch';
  // Read as GitHub reads it: a pull request nothing holds back is merged, not queued.
  const state = await mergeStateOf(services, repo, conditionsPull(row), mergeableStateOf(row.pull), true);
  if (state === 'clean' || state === 'unstable') return `Pull request is in ${state} status`;
  return null;
}

export async function enableAutoMerge(
  services: Services,
  repo: RepositoryRow,
  principal: Principal,
  number: number,
  options: AutoMergeOptions,
): Promise<void> {
  if (principal.kind !== 'token') throw requiresAuthentication();
  await inTransaction(services, repo, principal, async (events) => {
    const row = await pullByNumber(events.tx, repo.id, number, true);
    if (!row) throw refused('Could not resolve to a PullRequest');
    const refusal = await enableRefusal(services, repo, row, options);
    if (refusal !== null) throw refused(refusal);
    if (options.expectedHeadSha != null && options.expectedHeadSha !== row.pull.head_sha)
      throw conflict('Head branch was modified. Review and try the merge again.');
    await saveAutoMerge(events.tx, {
      issue_id: row.issue.id,
      repository_id: repo.id,
      enabled_by_id: principal.user.id,
      installation_id: principal.installation?.id ?? null,
      merge_method: options.method,
      commit_title: options.commitTitle ?? null,
      commit_message: options.commitMessage ?? null,
    });
    await recordIssueEvents(events.tx, row.issue, principal.user.id, [{ event: ENABLED_EVENT[options.method] }]);
    const after = (await pullByNumber(events.tx, repo.id, number))!;
    const repos = await repositoryLookup(services, repo, [after.pull.head_repository_id]);
    await emitPullRequestEvents(events, after, repos, [{ action: 'auto_merge_enabled' }]);
  });
}

/**
 * Turns it off with GitHub's reason (`disablePullRequestAutoMerge`: none
 * given by the caller; the worker's: why it stopped). False when it was off.
 */
export async function disableAutoMerge(
  services: Services,
  repo: RepositoryRow,
  principal: Principal,
  number: number,
  why: AutoMergeStop,
): Promise<boolean> {
  return inTransaction(services, repo, principal, async (events) => {
    const row = await pullByNumber(events.tx, repo.id, number, true);
    if (!row || !(await deleteAutoMerge(events.tx, row.issue.id))) return false;
    const actorId = principal.kind === 'token' ? principal.user.id : null;
    await recordIssueEvents(events.tx, row.issue, actorId, [
      { event: 'auto_merge_disabled', details: { reason: why.reason, reason_code: why.code } },
    ]);
    const after = (await pullByNumber(events.tx, repo.id, number))!;
    const repos = await repositoryLookup(services, repo, [after.pull.head_repository_id]);
    await emitPullRequestEvents(events, after, repos, [{ action: 'auto_merge_disabled', reason: why.reason }]);
    return true;
  });
}
