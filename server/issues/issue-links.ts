// The labels and milestone an issue body shows, for one issue or a page of
// them: their ids come with the issue rows, and the label and milestone rows
// are read once each, in one statement per kind, whatever the page's size.
import type { Sql, TransactionSql } from '../db/database.js';
import { labelsByIds, type LabelRow } from '../labels/labels-store.js';
import { milestonesByIds, type MilestoneRow } from '../milestones/milestones-store.js';

export interface IssueLinks {
  labels: LabelRow[];
  milestone: MilestoneRow | null;
}

type Db = Sql | TransactionSql;

export async function withLinks<T extends { label_ids: number[]; milestone_id: number | null }>(sql: Db, rows: T[]): Promise<(T & IssueLinks)[]> {
  const labelIds = new Set<number>();
  const milestoneIds = new Set<number>();
  for (const row of rows) {
    for (const id of row.label_ids) labelIds.add(id);
    if (row.milestone_id !== null) milestoneIds.add(row.milestone_id);
  }
  const [labels, milestones] = await Promise.all([
    labelIds.size > 0 ? labelsByIds(sql, [...labelIds]) : new Map<number, LabelRow>(),
    milestoneIds.size > 0 ? milestonesByIds(sql, [...milestoneIds]) : new Map<number, MilestoneRow>(),
  ]);
  for (const row of rows) {
    const links = row as T & IssueLinks;
    links.labels = row.label_ids.map((id) => labels.get(id)).filter((label): label is LabelRow => label !== undefined);
    links.milestone = row.milestone_id === null ? null : milestones.get(row.milestone_id) ?? null;
  }
  return rows as (T & IssueLinks)[];
}
