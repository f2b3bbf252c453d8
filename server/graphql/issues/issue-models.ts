// What the GraphQL Issue and IssueComment resolvers receive: the columns of
// their rows, nothing joined. People, assignees, comments and the repository
// come through the per-request loaders, so a page of issues costs the same
// few statements whatever it selects. The REST store's rows (issue-rows.ts,
// comment-rows.ts) carry these columns too, so a mutation hands its row on.
import type { CommentRow } from '../../issues/comment-rows.js';
import type { IssueRow } from '../../issues/issue-rows.js';

export type IssueModel = Pick<
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

export type CommentModel = Pick<
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

/** The issue columns a GraphQL read selects (alias `i`). */
export const ISSUE_MODEL_COLUMNS = `i.id, i.repository_id, i.number, i.title, i.body, i.user_id, i.state, i.state_reason,
  i.closed_at, i.locked, i.active_lock_reason, i.comments, i.milestone_id, i.reaction_counts, i.created_at, i.updated_at,
  EXISTS (SELECT 1 FROM pull_requests im_pr WHERE im_pr.issue_id = i.id) AS is_pull`;

/** The comment columns a GraphQL read selects (alias `ic`; its author_association, from `r`, is added by the reads). */
export const COMMENT_MODEL_COLUMNS =
  'ic.id, ic.issue_id, ic.repository_id, ic.user_id, ic.body, ic.reaction_counts, ic.created_at, ic.updated_at';
