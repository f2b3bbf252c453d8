// What a reaction is on: an issue or an issue comment. Both live in one
// table (`reactions`), told apart by which of issue_id / comment_id is set;
// the subject's own row carries the rollup (`reaction_counts`).
import type { Sql, TransactionSql } from '../db/database.js';

export const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'] as const;
export type ReactionContent = (typeof REACTION_CONTENTS)[number];

export interface ReactionSubject { kind: 'issue' | 'comment'; id: number }

type Db = Sql | TransactionSql;

/** The reactions column naming the subject. */
export const subjectColumn = (sql: Db, subject: ReactionSubject) => sql(subject.kind === 'issue' ? 'issue_id' : 'comment_id');

/** The table whose row holds the subject's rollup. */
export const subjectTable = (sql: Db, subject: ReactionSubject) => sql(subject.kind === 'issue' ? 'issues' : 'issue_comments');
