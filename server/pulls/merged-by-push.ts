// A push that moves a base branch merges the open pull requests it brings
// in, as GitHub: the ones whose head commit the new tip contains (merged by
// the pusher), and the one whose merge through the API wrote exactly this
// tip (pending_merge_sha, merged by its merger; squash and rebase merges do
// not contain the head). Runs in the ref sync's transaction
// (pull-synchronize.ts), so the `closed` event (merged true) is written with
// the push's own events, once, whichever sync sees the change first.
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { recordIssueEvents } from '../issues/issue-events.js';
import { isAncestor } from '../repos/git-commits.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { pullByNumber } from './pull-rows.js';
import { emitPullRequestEventsAs, type EventSender } from './pull-webhooks.js';
import { closeIssueRow } from '../issues/issue-writes.js';
import { closeIssuesByKeywords } from '../issues/close-by-keywords.js';
import { moveOpenIssueCountOf } from '../issues/open-issue-count.js';

export interface BranchMove {
  ref: string;
  before: string | null;
  after: string | null;
}

/**
 * Whether each commit is new in `tip`: one `rev-list before..tip` for the
 * whole push (a head already in the base before it was merged then), or
 * one ancestry check per commit for a new branch.
 */
async function broughtIn(
  git: GitRepositories,
  repositoryId: number,
  change: { before: string | null; after: string },
): Promise<(commit: string) => Promise<boolean>> {
  if (change.before !== null) {
    const listed = await git.git(repositoryId, ['rev-list', `${change.before}..${change.after}`]).catch(() => null);
    if (listed !== null) {
      const commits = new Set(listed.split('\n').filter(Boolean));
      return async (commit) => commits.has(commit);
    }
  }
  return (commit) => isAncestor(git, repositoryId, commit, change.after);
}

export async function markMergedByPush(
  tx: TransactionSql,
  git: GitRepositories,
  urls: Urls,
  repo: RepositoryRow,
  change: BranchMove,
  who: EventSender,
): Promise<void> {
  if (!change.ref.startsWith('refs/heads/') || change.after === null) return;
  const tip = change.after;
  const pulls = await tx<
    {
      issue_id: string;
      number: number;
      head_sha: string;
      pending_merge_sha: string | null;
      pending_merge_by_id: string | null;
    }[]
  >`
    SELECT p.issue_id, i.number, p.head_sha, p.pending_merge_sha, p.pending_merge_by_id
    FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.repository_id = ${repo.id} AND p.base_ref = ${change.ref.slice('refs/heads/'.length)} AND i.state = 'open' AND p.merged_at IS NULL
    ORDER BY i.id FOR NO KEY UPDATE OF i, p`;
  if (pulls.length === 0) return;
  const pusherId = (who.sender as { id?: unknown } | null)?.id;
  let contains: ((commit: string) => Promise<boolean>) | undefined;
  for (const pull of pulls) {
    let mergerId: number | null;
    if (pull.pending_merge_sha === tip)
      mergerId = pull.pending_merge_by_id === null ? null : Number(pull.pending_merge_by_id);
    else if (await (contains ??= await broughtIn(git, repo.id, { before: change.before, after: tip }))(pull.head_sha))
      mergerId = typeof pusherId === 'number' ? pusherId : null;
    else continue;
    await tx`UPDATE pull_requests SET merged_at = now(), merge_commit_sha = ${tip}, mergeable = NULL, mergeable_state = 'unknown',
        merged_by_id = (SELECT id FROM accounts WHERE id = ${mergerId}), pending_merge_sha = NULL, pending_merge_by_id = NULL, pending_merge_at = NULL
      WHERE issue_id = ${pull.issue_id}`;
    await tx`DELETE FROM pull_mergeability_jobs WHERE issue_id = ${pull.issue_id}`;
    await closeIssueRow(tx, Number(pull.issue_id), mergerId);
    await moveOpenIssueCountOf(tx, repo.id, -1);
    const row = (await pullByNumber(tx, repo.id, pull.number))!;
    await recordIssueEvents(tx, row.issue, mergerId, [
      { event: 'merged', details: { commit_id: tip } },
      { event: 'closed' },
    ]);
    await emitPullRequestEventsAs(tx, repo, urls, who, row, (id) => (id === repo.id ? repo : null), [
      { action: 'closed' },
    ]);
    if (change.ref === `refs/heads/${repo.default_branch}`)
      await closeIssuesByKeywords(tx, repo, urls, who, row.issue.body, mergerId, tip);
  }
}
