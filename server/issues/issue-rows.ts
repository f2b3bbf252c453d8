// Reading issues: one statement gives an issue with everything its body shows
// (author, assignees, closer, author association, the repository's owner and
// name for URLs), for one issue or a page of them.
import { authorAssociation } from '../access/author-association-sql.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { ReactionCounts } from '../views/reaction-rollup.js';
import { accountJson } from '../repos/accounts-store.js';
import type { AccountRef } from '../repos/user-view.js';
import { ISSUE_TABLE_COLUMNS } from './issue-columns.js';
import { labelsOf, milestoneOf, readLinks, withLinks, type IssueLinks } from './issue-links.js';

export type IssueState = 'open' | 'closed';
export type StateReason = 'completed' | 'not_planned' | 'reopened' | 'duplicate';
export type LockReason = 'off-topic' | 'too heated' | 'resolved' | 'spam';
export type AuthorAssociation = 'OWNER' | 'COLLABORATOR' | 'MEMBER' | 'NONE';

export interface IssueRow extends IssueLinks {
  id: number;
  repository_id: number;
  number: number;
  title: string;
  body: string | null;
  user_id: number | null;
  state: IssueState;
  state_reason: StateReason | null;
  closed_at: Date | null;
  locked: boolean;
  active_lock_reason: LockReason | null;
  comments: number;
  milestone_id: number | null;
  /** Its labels' ids, by name (the order of `labels`). */
  label_ids: number[];
  reaction_counts: ReactionCounts;
  created_at: Date;
  updated_at: Date;
  owner_login: string;
  repo_name: string;
  author: AccountRef | null;
  closed_by: AccountRef | null;
  assignees: AccountRef[];
  author_association: AuthorAssociation;
  /** Set when the issue is a pull request (it has a pull_requests row): its body carries `pull_request`. */
  is_pull: boolean;
  pull_merged_at: Date | null;
}

type Db = Sql | TransactionSql;

// The issue's own columns, its repository's names and its author's association.
const ISSUE_COLUMNS = (sql: Db) => sql`
  ${sql.unsafe(ISSUE_TABLE_COLUMNS)},
  ARRAY(SELECT il.label_id FROM issue_labels il JOIN labels l ON l.id = il.label_id
        WHERE il.issue_id = i.id ORDER BY lower(l.name), l.id) AS label_ids,
  o.login AS owner_login, r.name AS repo_name, ${authorAssociation(sql, 'i.user_id')} AS author_association,
  ipr.issue_id IS NOT NULL AS is_pull, ipr.merged_at AS pull_merged_at`;

const FROM_ISSUES = (
  sql: Db,
) => sql`FROM issues i JOIN repositories r ON r.id = i.repository_id JOIN accounts o ON o.id = r.owner_id
  LEFT JOIN pull_requests ipr ON ipr.issue_id = i.id`;

/** Issue rows as IssueRow without its links (withLinks adds them); add WHERE/ORDER after it (aliases: i issues, r repositories, o owner). */
export const SELECT_ISSUE = (sql: Db, extra = sql``) => sql`
  SELECT ${ISSUE_COLUMNS(sql)},
    (SELECT ${accountJson(sql, 'u')} FROM accounts u WHERE u.id = i.user_id) AS author,
    (SELECT ${accountJson(sql, 'c')} FROM accounts c WHERE c.id = i.closed_by_id) AS closed_by,
    COALESCE((SELECT json_agg(${accountJson(sql, 'a')} ORDER BY ia.created_at, a.id)
              FROM issue_assignees ia JOIN accounts a ON a.id = ia.user_id WHERE ia.issue_id = i.id), '[]') AS assignees ${extra}
  ${FROM_ISSUES(sql)}`;

export interface IssuePageRow extends Omit<IssueRow, 'author' | 'closed_by' | 'assignees' | keyof IssueLinks> {
  closed_by_id: number | null;
  assignee_ids: number[];
  total: number;
}

/**
 * A page of issues in two statements rather than one with JSON columns: the
 * rows with the ids of their people and links (SELECT_ISSUE_PAGE), then those
 * people, labels and milestones once each (withPeople). A page names the same few accounts many times, and
 * building and parsing them as JSON per row cost more than the page itself.
 */
export const SELECT_ISSUE_PAGE = (sql: Db, extra = sql``) => sql`
  SELECT ${ISSUE_COLUMNS(sql)}, i.closed_by_id,
    ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = i.id ORDER BY ia.created_at, ia.user_id) AS assignee_ids,
    count(*) OVER () AS total ${extra}
  ${FROM_ISSUES(sql)}`;

export async function withPeople(sql: Db, rows: IssuePageRow[]): Promise<IssueRow[]> {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.user_id !== null) ids.add(row.user_id);
    if (row.closed_by_id !== null) ids.add(row.closed_by_id);
    for (const id of row.assignee_ids) ids.add(id);
  }
  // One statement for the page's people, labels and milestones (issue-links.ts).
  const links = await readLinks(sql, rows, [...ids]);
  const { people } = links;
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  // Fields named one by one: rest/spread over the driver's row objects cost
  // a tenth of the request's CPU in the profile (npm run bench:profile).
  return rows.map((row) => ({
    id: row.id,
    repository_id: row.repository_id,
    number: row.number,
    title: row.title,
    body: row.body,
    user_id: row.user_id,
    state: row.state,
    state_reason: row.state_reason,
    closed_at: row.closed_at,
    locked: row.locked,
    active_lock_reason: row.active_lock_reason,
    comments: row.comments,
    milestone_id: row.milestone_id,
    label_ids: row.label_ids,
    reaction_counts: row.reaction_counts,
    created_at: row.created_at,
    updated_at: row.updated_at,
    owner_login: row.owner_login,
    repo_name: row.repo_name,
    author_association: row.author_association,
    is_pull: row.is_pull,
    pull_merged_at: row.pull_merged_at,
    author: person(row.user_id),
    closed_by: person(row.closed_by_id),
    assignees: row.assignee_ids
      .map((id) => people.get(id))
      .filter((account): account is AccountRef => account !== undefined),
    labels: labelsOf(row, links),
    milestone: milestoneOf(row, links),
  }));
}

export async function issueByNumber(
  sql: Db,
  repositoryId: number,
  number: number,
  forUpdate = false,
): Promise<IssueRow | null> {
  // Numbers beyond integer range name no issue (and must not become a database error).
  if (!Number.isSafeInteger(number) || number < 1 || number > 2147483647) return null;
  const lock = forUpdate ? sql`FOR UPDATE OF i` : sql``;
  const [row] = await sql<
    Omit<IssueRow, keyof IssueLinks>[]
  >`${SELECT_ISSUE(sql)} WHERE i.repository_id = ${repositoryId} AND i.number = ${number} ${lock}`;
  return row ? (await withLinks(sql, [row]))[0]! : null;
}

/** Whether the issue (or pull request) is locked; false for an id not found. */
export async function issueLocked(db: Db, id: number): Promise<boolean> {
  const [issue] = await db<{ locked: boolean }[]>`SELECT locked FROM issues WHERE id = ${id}`;
  return issue?.locked ?? false;
}
