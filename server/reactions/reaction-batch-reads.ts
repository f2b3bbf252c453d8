// Reactions read for many subjects in one statement each, as the GraphQL
// loaders ask them (a tick's requests batched): reactions by id, a page of
// reactions per subject, and per subject and content when the first one came
// and whether the viewer is among them. Counts are not read here: the
// subject's row carries them (`reaction_counts`, kept by reactions-store.ts,
// through which every change goes).
import type { Sql } from '../db/database.js';
import { rankedPages, type Page, type RowWindow } from '../db/ranked-pages.js';
import { SUBJECT_COLUMNS, type ReactionContent, type ReactionSubjectKind } from './reaction-subject.js';
import type { ReactionColumns } from './reactions-store.js';

export type SubjectKind = ReactionSubjectKind;

export interface ReactionPageRequest {
  kind: SubjectKind;
  window: RowWindow;
  content: ReactionContent | null;
  direction: 'ASC' | 'DESC';
  /** Only reactions whose author still exists (reactors: a deleted account's reaction has nobody to show). */
  withUser: boolean;
}

/** Per content: when the first reaction came and whether the viewer left one. */
export type ReactionSummary = Map<ReactionContent, { firstAt: Date; viewerHas: boolean }>;

const REACTION_COLUMNS = `x.id, x.content, x.created_at, x.user_id, x.issue_id, x.comment_id, x.review_comment_id, x.release_id, x.review_id,
  COALESCE(i.repository_id, c.repository_id, rc.repository_id, rl.repository_id, rv.repository_id) AS repository_id`;
const REACTION_FROM = `reactions x LEFT JOIN issues i ON i.id = x.issue_id LEFT JOIN issue_comments c ON c.id = x.comment_id
  LEFT JOIN pull_request_review_comments rc ON rc.id = x.review_comment_id LEFT JOIN releases rl ON rl.id = x.release_id
  LEFT JOIN pull_request_reviews rv ON rv.id = x.review_id`;
const subjectColumn = (kind: SubjectKind) => `x.${SUBJECT_COLUMNS[kind]}`;

export async function reactionsByIds(sql: Sql, ids: readonly number[]): Promise<Map<number, ReactionColumns>> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id >= 1);
  if (valid.length === 0) return new Map();
  const rows = await sql<
    ReactionColumns[]
  >`SELECT ${sql.unsafe(REACTION_COLUMNS)} FROM ${sql.unsafe(REACTION_FROM)} WHERE x.id = ANY(${valid})`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** A page of each subject's reactions, oldest first by default (REST's order), with each subject's total. */
export async function reactionPages(
  sql: Sql,
  subjectIds: readonly number[],
  request: ReactionPageRequest,
): Promise<Map<number, Page<ReactionColumns>>> {
  const subject = sql.unsafe(subjectColumn(request.kind));
  const conditions = [sql`${subject} = ANY(${subjectIds as number[]})`];
  if (request.content !== null) conditions.push(sql`x.content = ${request.content}`);
  if (request.withUser) conditions.push(sql`x.user_id IS NOT NULL`);
  const where = conditions.reduce((all, condition) => sql`${all} AND ${condition}`);
  const dir = sql.unsafe((request.direction === 'DESC') !== request.window.fromEnd ? 'DESC' : 'ASC');
  const select = sql`SELECT ${sql.unsafe(REACTION_COLUMNS)}, ${subject} AS subject_id,
      row_number() OVER (PARTITION BY ${subject} ORDER BY x.created_at ${dir}, x.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY ${subject})::int AS total
    FROM ${sql.unsafe(REACTION_FROM)} WHERE ${where}`;
  return rankedPages<ReactionColumns & { [key: string]: unknown }>(
    sql,
    'subject_id',
    subjectIds,
    request.window,
    select,
    true,
  );
}

/** The summaries of many subjects of one kind; `viewerId` null (anonymous) has reacted to nothing. */
export async function reactionSummaries(
  sql: Sql,
  kind: SubjectKind,
  subjectIds: readonly number[],
  viewerId: number | null,
): Promise<Map<number, ReactionSummary>> {
  const subject = sql.unsafe(subjectColumn(kind));
  const rows = await sql<{ subject_id: number; content: ReactionContent; first_at: Date; viewer_has: boolean }[]>`
    SELECT ${subject} AS subject_id, x.content, min(x.created_at) AS first_at, COALESCE(bool_or(x.user_id = ${viewerId}), false) AS viewer_has
    FROM reactions x WHERE ${subject} = ANY(${subjectIds as number[]}) GROUP BY 1, 2`;
  const found = new Map<number, ReactionSummary>(subjectIds.map((id) => [id, new Map()]));
  for (const row of rows)
    found.get(row.subject_id)!.set(row.content, { firstAt: row.first_at, viewerHas: row.viewer_has });
  return found;
}
