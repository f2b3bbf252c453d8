// What a reaction is on: an issue, an issue comment, a pull request review
// comment, a release or a pull request review (GraphQL only). All live in one
// table (`reactions`), told apart by which of issue_id / comment_id /
// review_comment_id / release_id / review_id is set; the subject's own row
// carries the rollup (`reaction_counts`).
import type { Sql, TransactionSql } from '../db/database.js';

export const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;
export type ReactionContent = (typeof REACTION_CONTENTS)[number];

/** A release takes six of the eight (GitHub's `reactions/create-for-release`: no -1, no confused). */
export const RELEASE_REACTION_CONTENTS: readonly ReactionContent[] = [
  '+1',
  'laugh',
  'heart',
  'hooray',
  'rocket',
  'eyes',
];

/** The reactions column naming each kind of subject (a new subject is a new entry here, and its table's below). */
export const SUBJECT_COLUMNS = {
  issue: 'issue_id',
  comment: 'comment_id',
  review_comment: 'review_comment_id',
  release: 'release_id',
  review: 'review_id',
} as const;

export type ReactionSubjectKind = keyof typeof SUBJECT_COLUMNS;

export const SUBJECT_KINDS = Object.keys(SUBJECT_COLUMNS) as ReactionSubjectKind[];

export interface ReactionSubject {
  kind: ReactionSubjectKind;
  id: number;
}

type Db = Sql | TransactionSql;

const TABLES: Record<ReactionSubjectKind, string> = {
  issue: 'issues',
  comment: 'issue_comments',
  review_comment: 'pull_request_review_comments',
  release: 'releases',
  review: 'pull_request_reviews',
};

/** The reactions column naming the subject. */
export const subjectColumn = (sql: Db, subject: ReactionSubject) => sql(SUBJECT_COLUMNS[subject.kind]);

/** The table whose row holds the subject's rollup. */
export const subjectTable = (sql: Db, subject: ReactionSubject) => sql(TABLES[subject.kind]);
