// A push that moves a branch moves the open pull requests whose head it is:
// their head sha and diff counts, refs/pull/{n}/head, and a `pull_request`
// `synchronize` event (before/after), all in the transaction of the ref sync
// that emits the push's own events (server/webhooks/ref-sync.ts). A push to
// a fork moves the pull requests whose head it is in their base repositories:
// the commit is copied there first (pull-fork-head.ts), and the event is the
// base repository's.
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../repos/repository-row.js';
import { copyHeadCommit } from './pull-fork-head.js';
import { recordHeadRefDeleted } from './head-ref-deleted.js';
import { diffCounts, writeHeadRef } from './pull-git.js';
import { pullByNumber } from './pull-rows.js';
import { emitPullRequestEventsAs, type EventSender } from './pull-webhooks.js';
import { followMovedBase } from './pull-base-moved.js';
import { markMergedByPush } from './merged-by-push.js';
import { queueMergeabilityForBranch } from './mergeability-queue.js';
import { touchIssueNumbered } from '../issues/issue-writes.js';

export interface MovedBranch {
  ref: string;
  before: string | null;
  after: string | null;
}

/**
 * What a pull request's review threads do when its head or base moves
 * (reviews/comments/thread-remap.ts). Handed in by the composition root
 * (server/services.ts): review comments build on pull requests, so pulls/
 * does not import them.
 */
export interface ThreadFollowers {
  /** The head moved: each thread's lines follow the new diff, or outdate. */
  headMoved(tx: TransactionSql, repoPath: string, issueId: number, baseSha: string, newHead: string): Promise<void>;
  /** The merge base moved: true when threads moved (the pull request's base sha then moves with them). */
  baseMoved(
    tx: TransactionSql,
    repoPath: string,
    issueId: number,
    oldBase: string,
    newBase: string,
    head: string,
  ): Promise<boolean>;
}

export async function synchronizePulls(
  tx: TransactionSql,
  git: GitRepositories,
  urls: Urls,
  repo: RepositoryRow,
  change: MovedBranch,
  who: EventSender,
  threads: ThreadFollowers,
): Promise<void> {
  await recordHeadRefDeleted(tx, repo, change, who);
  if (!change.ref.startsWith('refs/heads/') || change.before === null || change.after === null) return;
  const branch = change.ref.slice('refs/heads/'.length);
  // A base branch that now holds a head merges its pull request (server/pulls/merged-by-push.ts).
  await markMergedByPush(tx, git, urls, repo, change, who);
  const pulls = await tx<{ number: number; repository_id: number; head_sha: string; base_sha: string }[]>`
    SELECT i.number, i.repository_id, p.head_sha, p.base_sha FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.head_repository_id = ${repo.id} AND p.head_ref = ${branch} AND i.state = 'open'
    ORDER BY i.id FOR NO KEY UPDATE OF i, p`;
  const bases = new Map<number, RepositoryRow | undefined>([[repo.id, repo]]);
  for (const pull of pulls) {
    if (pull.head_sha === change.after) continue;
    if (!bases.has(pull.repository_id))
      bases.set(
        pull.repository_id,
        (await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${pull.repository_id}`)[0],
      );
    const base = bases.get(pull.repository_id);
    if (!base) continue;
    await copyHeadCommit(git, base.id, repo.id, change.after);
    const counts = await diffCounts(git, base.id, { head: change.after, base: pull.base_sha });
    await tx`UPDATE pull_requests p SET head_sha = ${change.after}, ${tx(counts)} FROM issues i
      WHERE i.id = p.issue_id AND i.repository_id = ${base.id} AND i.number = ${pull.number}`;
    await touchIssueNumbered(tx, base.id, pull.number);
    await writeHeadRef(git, base.id, pull.number, change.after);
    const row = (await pullByNumber(tx, base.id, pull.number))!;
    await threads.headMoved(tx, git.pathOf(base.id), row.pull.issue_id, row.pull.base_sha, change.after);
    // An app's installation on the fork says nothing about the base: its event names none.
    const sender = base.id === repo.id ? who : { sender: who.sender, installation: null };
    await emitPullRequestEventsAs(
      tx,
      base,
      urls,
      sender,
      row,
      (id) => (id === repo.id ? repo : id === base.id ? base : null),
      [{ action: 'synchronize', before: pull.head_sha, after: change.after }],
    );
  }
  // Pull requests with this branch as base: threads follow a merge base that moved.
  await followMovedBase(tx, git, repo, change, threads);
  // Every open pull request with this branch as head or base: `mergeable` is stale.
  await queueMergeabilityForBranch(tx, repo.id, branch);
}
