// A branch deleted that is the head of pull requests (the head branch going
// after a merge with delete_branch_on_merge, or a push deleting it): GitHub's
// `head_ref_deleted` issue event on each, written in the transaction of the
// ref sync that emits the deletion's `delete` and `push` events
// (pull-synchronize.ts), so once whichever sync sees it. A pull request whose
// head had moved on from the deleted commit is an older one that used the
// same branch name: its branch went long ago, and it gets no event.
import type { TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { recordIssueEvents } from '../issues/issue-events.js';
import { senderAccountId, type EventSender } from './pull-webhooks.js';

export interface DeletedRef {
  ref: string;
  before: string | null;
  after: string | null;
}

export async function recordHeadRefDeleted(
  tx: TransactionSql,
  repo: RepositoryRow,
  change: DeletedRef,
  who: EventSender,
): Promise<void> {
  if (!change.ref.startsWith('refs/heads/') || change.before === null || change.after !== null) return;
  const branch = change.ref.slice('refs/heads/'.length);
  const issues = await tx<{ id: number; repository_id: number }[]>`
    SELECT i.id, i.repository_id FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.head_repository_id = ${repo.id} AND p.head_ref = ${branch} AND p.head_sha = ${change.before}
    ORDER BY i.id`;
  const actorId = senderAccountId(who);
  for (const issue of issues) await recordIssueEvents(tx, issue, actorId, [{ event: 'head_ref_deleted' }]);
}
