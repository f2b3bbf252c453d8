// A push to the head of a pull request waiting to merge itself by someone
// without write access to its base repository turns the auto-merge off
// (GitHub: "If someone who does not have write permissions to the
// repository pushes new changes to the head branch ..., auto-merge will be
// disabled"): the approval a writer gave to what they saw must not merge
// what a fork's author pushed after it. In the ref change's transaction,
// after the pull requests followed their heads (pull-synchronize.ts).
//
// A push into the base repository itself needed write access there, so only
// heads in forks are looked at. An app's installation pushing to a fork is
// held to the same rule through its bot, which holds no grant of its own.
import { holdsPushIn } from '../../access/grant-holders-sql.js';
import type { TransactionSql } from '../../db/database.js';
import type { Urls } from '../../http/urls.js';
import { recordIssueEvents } from '../../issues/issue-events.js';
import { SELECT_REPOSITORY, type RepositoryRow } from '../../repos/repository-row.js';
import { pullByNumber } from '../pull-rows.js';
import { emitPullRequestEventsAs, senderAccountId, type EventSender } from '../pull-webhooks.js';
import { deleteAutoMerge } from './auto-merge-store.js';
import { PUSH_WITHOUT_WRITE_ACCESS } from './auto-merge-stops.js';

export async function stopAutoMergeOnUntrustedPush(
  tx: TransactionSql,
  urls: Urls,
  headRepo: RepositoryRow,
  change: { ref: string; before: string | null; after: string | null },
  who: EventSender,
): Promise<void> {
  if (!change.ref.startsWith('refs/heads/') || change.before === null || change.after === null) return;
  const pusher = senderAccountId(who);
  // The requests on pull requests whose head this is, in other repositories, where the pusher may not push.
  const untrusted = await tx<{ issue_id: number; repository_id: number; number: number }[]>`
    SELECT am.issue_id, am.repository_id, i.number FROM pull_auto_merges am
    JOIN pull_requests p ON p.issue_id = am.issue_id JOIN issues i ON i.id = am.issue_id
    JOIN repositories r ON r.id = am.repository_id
    WHERE p.head_repository_id = ${headRepo.id} AND p.head_ref = ${change.ref.slice('refs/heads/'.length)}
      AND am.repository_id <> ${headRepo.id} AND i.state = 'open'
      AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = ${pusher} AND ${holdsPushIn(tx, tx`r.id`, tx`r.owner_id`)})
    ORDER BY am.issue_id`;
  const sender = { sender: who.sender, installation: null };
  for (const request of untrusted) {
    const [base] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${request.repository_id}`;
    if (!base || !(await deleteAutoMerge(tx, request.issue_id))) continue;
    const issue = { id: request.issue_id, repository_id: base.id };
    const { reason, code } = PUSH_WITHOUT_WRITE_ACCESS;
    await recordIssueEvents(tx, issue, pusher, [
      { event: 'auto_merge_disabled', details: { reason, reason_code: code } },
    ]);
    const row = (await pullByNumber(tx, base.id, request.number))!;
    const lookup = (id: number | null) => (id === headRepo.id ? headRepo : id === base.id ? base : null);
    await emitPullRequestEventsAs(tx, base, urls, sender, row, lookup, [{ action: 'auto_merge_disabled', reason }]);
  }
}
