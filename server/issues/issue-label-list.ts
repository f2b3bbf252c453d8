// Pages of labels as issues carry them: one issue's labels, and the labels of
// a milestone's issues (each label once). By name, as GitHub lists them; the
// total comes from a window function for the Link header.
import type { Sql } from '../db/database.js';
import type { LabelRow } from '../labels/labels-store.js';

const LABEL_COLUMNS = (sql: Sql) =>
  sql`l.id, l.repository_id, l.name, l.color, l.description, l.is_default, l.created_at, l.updated_at`;

type Counted = LabelRow & { total: number };

const strip = (rows: Counted[]) => rows.map(({ total: _total, ...row }) => row);

export async function issueLabelPage(
  sql: Sql,
  issueId: number,
  limit: number,
  offset: number,
): Promise<{ rows: LabelRow[]; total: number }> {
  const rows = await sql<Counted[]>`
    SELECT ${LABEL_COLUMNS(sql)}, count(*) OVER ()::int AS total
    FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = ${issueId}
    ORDER BY lower(l.name), l.id LIMIT ${limit} OFFSET ${offset}`;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    total = (
      await sql<{ total: number }[]>`SELECT count(*)::int AS total FROM issue_labels WHERE issue_id = ${issueId}`
    )[0]!.total;
  }
  return { rows: strip(rows), total };
}

export async function milestoneLabelPage(
  sql: Sql,
  milestoneId: number,
  limit: number,
  offset: number,
): Promise<{ rows: LabelRow[]; total: number }> {
  const used = sql`SELECT DISTINCT il.label_id FROM issues i JOIN issue_labels il ON il.issue_id = i.id WHERE i.milestone_id = ${milestoneId}`;
  const rows = await sql<Counted[]>`
    SELECT ${LABEL_COLUMNS(sql)}, count(*) OVER ()::int AS total
    FROM labels l WHERE l.id IN (${used})
    ORDER BY lower(l.name), l.id LIMIT ${limit} OFFSET ${offset}`;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    total = (await sql<{ total: number }[]>`SELECT count(*)::int AS total FROM (${used}) used`)[0]!.total;
  }
  return { rows: strip(rows), total };
}
