// Issue events (GitHub's `issue-event` bodies): one row per thing that
// happened, written with the transaction of the change, read by
// GET …/issues/{n}/events.
import type { Sql, TransactionSql } from '../db/database.js';
import { encodeNodeId, type NodeType } from '../ids/node-id.js';
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { simpleUser, type AccountRef, userOrGhost, userOrNull } from '../repos/user-view.js';
import { accountJson } from '../repos/accounts-store.js';
import type { LockReason, StateReason } from './issue-rows.js';
import { repositoryUrls } from './issue-view.js';
import { teamView, type TeamSimpleFields } from '../teams/team-view.js';

export type IssueEventKind =
  | 'closed'
  | 'reopened'
  | 'assigned'
  | 'unassigned'
  | 'locked'
  | 'unlocked'
  | 'renamed'
  | 'labeled'
  | 'unlabeled'
  | 'milestoned'
  | 'demilestoned'
  // A pull request's own: review requests, draft state, merge, head branch deleted.
  | 'review_requested'
  | 'review_request_removed'
  | 'convert_to_draft'
  | 'ready_for_review'
  | 'merged'
  | 'head_ref_deleted'
  // Auto-merge turned on (one kind per merge method, GitHub's) and off.
  | 'auto_merge_enabled'
  | 'auto_squash_enabled'
  | 'auto_rebase_enabled'
  | 'auto_merge_disabled';

export interface IssueEventDetails {
  assignee_id?: number;
  lock_reason?: LockReason | null;
  rename?: { from: string; to: string };
  state_reason?: StateReason | null;
  /** The label's name and color when it was (un)applied: renaming or deleting it later leaves the event as it was. */
  label?: { name: string; color: string };
  /** The milestone's title when it was set or cleared. */
  milestone?: { title: string };
  /** review_requested / review_request_removed: the user asked (the actor is who asked). */
  reviewer_id?: number;
  /** review_requested / review_request_removed: the team asked instead of a user. */
  team_id?: number;
  /** merged: the commit the base branch moved to. */
  commit_id?: string;
  /** auto_merge_disabled: why, in words and as a code (GraphQL `reason`, `reasonCode`). */
  reason?: string;
  reason_code?: string;
}

/** Each kind's GraphQL type, which its node_id names too. */
export const NODE_TYPE: Record<IssueEventKind, NodeType> = {
  closed: 'ClosedEvent',
  reopened: 'ReopenedEvent',
  assigned: 'AssignedEvent',
  unassigned: 'UnassignedEvent',
  locked: 'LockedEvent',
  unlocked: 'UnlockedEvent',
  renamed: 'RenamedTitleEvent',
  labeled: 'LabeledEvent',
  unlabeled: 'UnlabeledEvent',
  milestoned: 'MilestonedEvent',
  demilestoned: 'DemilestonedEvent',
  review_requested: 'ReviewRequestedEvent',
  review_request_removed: 'ReviewRequestRemovedEvent',
  convert_to_draft: 'ConvertToDraftEvent',
  ready_for_review: 'ReadyForReviewEvent',
  merged: 'MergedEvent',
  head_ref_deleted: 'HeadRefDeletedEvent',
  auto_merge_enabled: 'AutoMergeEnabledEvent',
  auto_squash_enabled: 'AutoSquashEnabledEvent',
  auto_rebase_enabled: 'AutoRebaseEnabledEvent',
  auto_merge_disabled: 'AutoMergeDisabledEvent',
};

export interface NewIssueEvent {
  event: IssueEventKind;
  details?: IssueEventDetails;
}

export async function recordIssueEvents(
  tx: TransactionSql,
  issue: { id: number; repository_id: number },
  actorId: number | null,
  events: NewIssueEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    issue_id: issue.id,
    repository_id: issue.repository_id,
    actor_id: actorId,
    event: e.event,
    details: tx.json((e.details ?? {}) as never),
  }));
  await tx`INSERT INTO issue_events ${tx(rows, 'issue_id', 'repository_id', 'actor_id', 'event', 'details')}`;
}

export interface IssueEventRow {
  id: number;
  event: IssueEventKind;
  details: IssueEventDetails;
  created_at: Date;
  actor: AccountRef | null;
  assignee: AccountRef | null;
  reviewer: AccountRef | null;
  /** The team of a team review request as it is now (null once deleted), with its parent and organization. */
  team: { team: TeamSimpleFields; parent: TeamSimpleFields | null; org: { id: number; login: string } } | null;
}

const SELECT_EVENT = (sql: Sql, extra = sql``) => sql`
  SELECT e.id, e.event, e.details, e.created_at,
    (SELECT ${accountJson(sql, 'a')} FROM accounts a WHERE a.id = e.actor_id) AS actor,
    (SELECT ${accountJson(sql, 's')} FROM accounts s WHERE s.id = (e.details->>'assignee_id')::bigint) AS assignee,
    (SELECT ${accountJson(sql, 'r')} FROM accounts r WHERE r.id = (e.details->>'reviewer_id')::bigint) AS reviewer,
    (SELECT json_build_object('team', row_to_json(t), 'org', json_build_object('id', o.id, 'login', o.login),
        'parent', (SELECT row_to_json(pt) FROM teams pt WHERE pt.id = t.parent_team_id))
      FROM teams t JOIN accounts o ON o.id = t.org_id WHERE t.id = (e.details->>'team_id')::bigint) AS team ${extra}
  FROM issue_events e`;

/** Event `id` of repository `repositoryId` with its issue's number (GET …/issues/events/{id}), or null. */
export async function issueEventInRepository(
  sql: Sql,
  repositoryId: number,
  id: number,
): Promise<(IssueEventRow & { issue_number: number }) | null> {
  // Beyond bigint no event has the id (and it must not become a database error).
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await sql<(IssueEventRow & { issue_number: number })[]>`
    ${SELECT_EVENT(sql, sql`, (SELECT i.number FROM issues i WHERE i.id = e.issue_id) AS issue_number`)}
    WHERE e.id = ${id} AND e.repository_id = ${repositoryId}`;
  return row ?? null;
}

/** Events by id (the timeline's page), in no particular order. */
export function issueEventsByIds(sql: Sql, ids: number[]): Promise<IssueEventRow[]> {
  return sql<IssueEventRow[]>`${SELECT_EVENT(sql)} WHERE e.id = ANY(${ids})`;
}

export async function listIssueEvents(
  sql: Sql,
  issueId: number,
  limit: number,
  offset: number,
): Promise<{ rows: IssueEventRow[]; total: number }> {
  const rows = await sql<(IssueEventRow & { total: number })[]>`
    ${SELECT_EVENT(sql, sql`, count(*) OVER () AS total`)} WHERE e.issue_id = ${issueId} ORDER BY e.id LIMIT ${limit} OFFSET ${offset}`;
  const total =
    rows[0]?.total ??
    (offset > 0
      ? (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM issue_events WHERE issue_id = ${issueId}`)[0]!.n
      : 0);
  return { rows, total: Number(total) };
}

/** GitHub's issue-event-for-issue body: the fields every event has, plus those of its kind. */
export function issueEventView(row: IssueEventRow, repo: { owner: string; name: string }, urls: Urls) {
  const base = repositoryUrls(repo.owner, repo.name, urls).api;
  const common = {
    id: row.id,
    node_id: encodeNodeId(NODE_TYPE[row.event], row.id),
    url: `${base}/issues/events/${row.id}`,
    actor: userOrNull(row.actor, urls),
    event: row.event,
    commit_id: row.details.commit_id ?? null,
    commit_url: row.details.commit_id ? `${base}/commits/${row.details.commit_id}` : null,
    created_at: isoSeconds(row.created_at),
    performed_via_github_app: null,
  };
  switch (row.event) {
    case 'assigned':
    case 'unassigned': {
      const assignee = row.assignee ? simpleUser(row.assignee, urls) : null;
      return { ...common, assignee, assigner: common.actor };
    }
    case 'locked':
      return { ...common, lock_reason: row.details.lock_reason ?? null };
    case 'renamed':
      return { ...common, rename: row.details.rename ?? { from: '', to: '' } };
    case 'labeled':
    case 'unlabeled':
      return { ...common, label: row.details.label ?? { name: '', color: '' } };
    case 'milestoned':
    case 'demilestoned':
      return { ...common, milestone: row.details.milestone ?? { title: '' } };
    case 'closed':
    case 'reopened':
      return { ...common, state_reason: row.details.state_reason ?? null };
    case 'review_requested':
    case 'review_request_removed':
      // GitHub's review-requested-issue-event: who asked (the actor) and who was asked, a user or a team.
      if (row.details.team_id !== undefined) {
        const team = row.team ? teamView(row.team.team, row.team.org, urls, row.team.parent) : undefined;
        return { ...common, review_requester: common.actor, ...(team ? { requested_team: team } : {}) };
      }
      // A deleted account asked is GitHub's ghost (the schema's requested_reviewer is never null).
      return { ...common, review_requester: common.actor, requested_reviewer: userOrGhost(row.reviewer, urls) };
    default:
      return common;
  }
}
