// Reading review comments with what their bodies show: the thread's place
// in the diff (every comment of a thread shows the thread's path, lines,
// diff_hunk and commit ids, as GitHub shows replies), the review's id and
// state (pending comments are their author's alone), the author with GitHub's
// author_association (server/issues/issue-rows.ts), and the pull request's
// number and repository names for URLs. One statement.
import type { Sql, TransactionSql } from '../../db/database.js';
import { accountJson } from '../../repos/accounts-store.js';
import { authorAssociation } from '../../access/author-association-sql.js';
import type { AuthorAssociation } from '../../issues/issue-rows.js';
import type { ReactionCounts } from '../../views/reaction-rollup.js';
import type { AccountRef } from '../../repos/user-view.js';
import type { ReviewState } from '../review-rows.js';
import type { Side } from './diff-anchor.js';

export type Db = Sql | TransactionSql;

/**
 * A thread's place in the diff: the thread's columns every comment of it
 * shows, read alike by REST (ReviewCommentRow) and GraphQL (ThreadPlace,
 * review-comment-batch-reads.ts). `position` is not among them:
 * each reader names it (GraphQL's ranked pages keep `position` for the rank).
 */
export interface ThreadPlaceColumns {
  path: string;
  subject_type: 'line' | 'file';
  original_commit_id: string;
  original_line: number | null;
  original_start_line: number | null;
  original_position: number | null;
  commit_id: string;
  line: number | null;
  start_line: number | null;
  outdated: boolean;
  diff_hunk: string;
}

const THREAD_PLACE_NAMES = [
  'path',
  'subject_type',
  'original_commit_id',
  'original_line',
  'original_start_line',
  'original_position',
  'commit_id',
  'line',
  'start_line',
  'outdated',
  'diff_hunk',
] as const satisfies readonly (keyof ThreadPlaceColumns)[];
// Every column of ThreadPlaceColumns is listed (a compile error names the one that is not).
const listed: Exclude<keyof ThreadPlaceColumns, (typeof THREAD_PLACE_NAMES)[number]> extends never ? true : never =
  true;
void listed;

/** ThreadPlaceColumns as a select list (alias `t`, the thread). */
export const THREAD_PLACE_COLUMNS = THREAD_PLACE_NAMES.map((name) => `t.${name}`).join(', ');

/**
 * What REST's and GraphQL's review comment reads both select: the comment's
 * own columns, its review's state (the pending rule below) and its thread's
 * place, from REVIEW_COMMENT_FROM (aliases c comment, t thread, rv review,
 * i issue, r repository).
 */
export const REVIEW_COMMENT_COLUMNS = `c.id, c.thread_id, c.review_id, rv.state AS review_state, c.issue_id, c.repository_id,
  c.user_id, c.in_reply_to_id, c.body, c.reaction_counts, c.created_at, c.updated_at, ${THREAD_PLACE_COLUMNS}`;

export const REVIEW_COMMENT_FROM = `pull_request_review_comments c
  JOIN pull_request_review_threads t ON t.id = c.thread_id
  JOIN pull_request_reviews rv ON rv.id = c.review_id
  JOIN issues i ON i.id = c.issue_id
  JOIN repositories r ON r.id = c.repository_id`;

export interface ReviewCommentRow extends ThreadPlaceColumns {
  id: number;
  thread_id: number;
  review_id: number;
  /** The review's state: a PENDING review's comments are visible to its author only. */
  review_state: ReviewState;
  issue_id: number;
  repository_id: number;
  user_id: number | null;
  in_reply_to_id: number | null;
  body: string;
  /** The rollup of its reactions (reactions-store.ts keeps it). */
  reaction_counts: ReactionCounts;
  created_at: Date;
  updated_at: Date;
  // The thread's columns beyond its place.
  side: Side | null;
  start_side: Side | null;
  position: number | null;
  resolved_by_id: number | null;
  resolved_at: Date | null;
  // For URLs.
  pull_number: number;
  owner_login: string;
  repo_name: string;
  author: AccountRef | null;
  author_association: AuthorAssociation;
}

/**
 * Review comment rows as ReviewCommentRow; add WHERE/ORDER after it (aliases:
 * c comments, t threads, rv reviews, i issues, r repositories, o owner).
 */
export const SELECT_REVIEW_COMMENT = (sql: Db, extra = sql``) => sql`
  SELECT ${sql.unsafe(REVIEW_COMMENT_COLUMNS)},
    t.side, t.start_side, t.position, t.resolved_by_id, t.resolved_at,
    i.number AS pull_number, o.login AS owner_login, r.name AS repo_name,
    (SELECT ${accountJson(sql, 'u')} FROM accounts u WHERE u.id = c.user_id) AS author,
    ${authorAssociation(sql, 'c.user_id')} AS author_association ${extra}
  FROM ${sql.unsafe(REVIEW_COMMENT_FROM)} JOIN accounts o ON o.id = r.owner_id`;

/**
 * GitHub's rule for pending reviews (alias rv): their comments are seen by
 * their author alone (viewer null: anonymous). GraphQL's reads of reviews and
 * review comments apply the same rule (review-comment-batch-reads.ts,
 * reviews/review-batch-reads.ts).
 */
export const visibleTo = (sql: Db, viewerId: number | null) =>
  viewerId === null ? sql`rv.state <> 'PENDING'` : sql`(rv.state <> 'PENDING' OR rv.user_id = ${viewerId})`;
