// Merging a pull request into the default branch closes the issues its
// description names with a closing keyword (closing-references.ts), as on
// GitHub: each open issue (not a pull request) is closed as completed by the
// merger, with a `closed` timeline event naming the merge commit and an
// `issues` `closed` event, in the ref sync's transaction that marks the pull
// request merged (pulls/merged-by-push.ts). The issues were locked at the
// sync's start (lockClosableIssues), in the one lock order of
// server/pulls/pull-locks.ts.
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { closingNumbersIn } from './closing-references.js';
import { recordIssueEvents } from './issue-events.js';
import { issueByNumber } from './issue-rows.js';
import { emitIssuesEventAs, type PushSender } from './issue-webhooks.js';
import { closeIssueRow } from './issue-writes.js';
import { moveOpenIssueCountOf } from './open-issue-count.js';

/** The open issues (not pull requests) of the repository that the descriptions close, by id. */
export async function closableIssueIds(
  tx: TransactionSql,
  repo: Pick<RepositoryRow, 'id' | 'owner_login' | 'name'>,
  descriptions: (string | null)[],
): Promise<number[]> {
  const numbers = [...new Set(descriptions.flatMap((text) => closingNumbersIn(text, repo)))];
  if (numbers.length === 0) return [];
  const rows = await tx<{ id: string }[]>`
    SELECT i.id FROM issues i WHERE i.repository_id = ${repo.id} AND i.number = ANY(${numbers}::int[]) AND i.state = 'open'
      AND NOT EXISTS (SELECT 1 FROM pull_requests p WHERE p.issue_id = i.id)`;
  return rows.map((row) => Number(row.id));
}

/** Closes what `description` names; called once the pull request is marked merged at `commit`. */
export async function closeIssuesByKeywords(
  tx: TransactionSql,
  repo: RepositoryRow,
  urls: Urls,
  who: PushSender,
  description: string | null,
  closerId: number | null,
  commit: string,
): Promise<void> {
  for (const number of closingNumbersIn(description, repo)) {
    // Locked at the sync's start (FOR NO KEY UPDATE); FOR UPDATE here would wait on comment inserts while holding the generation.
    const issue = await issueByNumber(tx, repo.id, number);
    if (!issue || issue.is_pull || issue.state !== 'open') continue;
    await closeIssueRow(tx, issue.id, closerId, 'completed');
    await moveOpenIssueCountOf(tx, repo.id, -1);
    await recordIssueEvents(tx, issue, closerId, [
      { event: 'closed', details: { commit_id: commit, state_reason: 'completed' } },
    ]);
    const closed = (await issueByNumber(tx, repo.id, number))!;
    await emitIssuesEventAs(tx, repo, urls, who, closed, 'closed');
  }
}
