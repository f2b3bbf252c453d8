// What a reaction is on: an issue, an issue comment or a pull request review
// comment. All live in one table (`reactions`), told apart by which of
// issue_id / comment_id / review_comment_id is set; the subject's own row
// carries the rollup (`reaction_counts`).
import type { Sql, TransactionSql } from '../db/database.js';

export const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;
export type ReactionContent = (typeof REACTION_CONTENTS)[number];

export type ReactionSubjectKind = 'issue' | 'comment' | 'review_comment';

export interface ReactionSubject { kind: ReactionSubjectKind; id: number }

type Db = Sql | TransactionSql;

const COLUMNS = { issue: 'issue_id', comment: 'comment_id', review_comment: 'review_comment_id' } as const;
const TABLES = { issue: 'issues', comment: 'issue_comments', review_comment: 'pull_request_review_comments' } as const;

/** The reactions column naming the subject. */
export const subjectColumn = (sql: Db, subject: ReactionSubject) => sql(COLUMNS[subject.kind]);

/** The table whose row holds the subject's rollup. */
export const subjectTable = (sql: Db, subject: ReactionSubject) => sql(TABLES[subject.kind]);
