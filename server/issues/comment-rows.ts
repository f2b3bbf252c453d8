// Reading issue comments with their author, author association and the
// issue's number and repository (for URLs), in one statement.
import type { Sql, TransactionSql } from '../db/database.js';
import type { ReactionCounts } from '../views/reaction-rollup.js';
import type { AccountRef } from '../repos/user-view.js';
import { accountJson } from '../repos/accounts-store.js';
import { COMMENT_TABLE_COLUMNS } from './issue-columns.js';
import { authorAssociation } from '../access/author-association-sql.js';
import type { AuthorAssociation } from './issue-rows.js';

export interface CommentRow {
  id: number;
  issue_id: number;
  repository_id: number;
  user_id: number | null;
  body: string;
  reaction_counts: ReactionCounts;
  created_at: Date;
  updated_at: Date;
  issue_number: number;
  /** The comment is on a pull request: its html_url is under /pull/. */
  issue_is_pull: boolean;
  owner_login: string;
  repo_name: string;
  author: AccountRef | null;
  author_association: AuthorAssociation;
}

type Db = Sql | TransactionSql;

/** Comment rows as CommentRow; add WHERE/ORDER after it (aliases: ic comments, i issues, r repositories). */
export const SELECT_COMMENT = (sql: Db, extra = sql``) => sql`
  SELECT ${sql.unsafe(COMMENT_TABLE_COLUMNS)},
    i.number AS issue_number, EXISTS (SELECT 1 FROM pull_requests ipr WHERE ipr.issue_id = i.id) AS issue_is_pull, o.login AS owner_login, r.name AS repo_name,
    (SELECT ${accountJson(sql, 'u')} FROM accounts u WHERE u.id = ic.user_id) AS author,
    ${authorAssociation(sql, 'ic.user_id')} AS author_association ${extra}
  FROM issue_comments ic JOIN issues i ON i.id = ic.issue_id
  JOIN repositories r ON r.id = ic.repository_id JOIN accounts o ON o.id = r.owner_id`;

export async function commentById(sql: Db, repositoryId: number, commentId: number): Promise<CommentRow | null> {
  if (!Number.isSafeInteger(commentId) || commentId < 1) return null;
  const [row] = await sql<
    CommentRow[]
  >`${SELECT_COMMENT(sql)} WHERE ic.repository_id = ${repositoryId} AND ic.id = ${commentId}`;
  return row ?? null;
}
