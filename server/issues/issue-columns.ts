// The issues and issue_comments columns as stored, listed once: REST's reads
// (issue-rows.ts, comment-rows.ts) join more to them, GraphQL's batch reads
// (issue-batch-reads.ts, comment-batch-reads.ts) select them alone, the people
// and labels coming through the loaders.
import type { CommentRow } from './comment-rows.js';
import type { IssueRow } from './issue-rows.js';

/** An issue's own columns and whether it is a pull request: what GraphQL's Issue resolvers receive. */
export type IssueColumns = Pick<
  IssueRow,
  | 'id'
  | 'repository_id'
  | 'number'
  | 'title'
  | 'body'
  | 'user_id'
  | 'state'
  | 'state_reason'
  | 'closed_at'
  | 'locked'
  | 'active_lock_reason'
  | 'comments'
  | 'milestone_id'
  | 'reaction_counts'
  | 'created_at'
  | 'updated_at'
  | 'is_pull'
>;

/** A comment's own columns and its author's association: what GraphQL's IssueComment resolvers receive. */
export type CommentColumns = Pick<
  CommentRow,
  | 'id'
  | 'issue_id'
  | 'repository_id'
  | 'user_id'
  | 'body'
  | 'reaction_counts'
  | 'created_at'
  | 'updated_at'
  | 'author_association'
>;

/** The issues table's columns (alias `i`). */
export const ISSUE_TABLE_COLUMNS = `i.id, i.repository_id, i.number, i.title, i.body, i.user_id, i.state, i.state_reason,
  i.closed_at, i.locked, i.active_lock_reason, i.comments, i.milestone_id, i.reaction_counts, i.created_at, i.updated_at`;

/** IssueColumns as a select list (alias `i`): the table's columns and `is_pull`. */
export const ISSUE_OWN_COLUMNS = `${ISSUE_TABLE_COLUMNS},
  EXISTS (SELECT 1 FROM pull_requests im_pr WHERE im_pr.issue_id = i.id) AS is_pull`;

/** The issue_comments table's columns (alias `ic`; author_association, from `r`, is added by each read). */
export const COMMENT_TABLE_COLUMNS =
  'ic.id, ic.issue_id, ic.repository_id, ic.user_id, ic.body, ic.reaction_counts, ic.created_at, ic.updated_at';
