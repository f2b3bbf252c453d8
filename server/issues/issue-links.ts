// The labels and milestone an issue body shows, for one issue or a page of
// them: their ids come with the issue rows, and the label and milestone rows
// are read once each, in one statement for both kinds (a UNION of rows tagged
// with their kind, see LinkRow), whatever the page's size. A page's people
// (authors, assignees, closers) come in the same statement (readLinks'
// accountIds), so a page built afresh is three statements with the generation
// read of the issue-list cache (issue-list-cost.test.ts).
import type { Sql, TransactionSql } from '../db/database.js';
import type { AccountRef } from '../repos/user-view.js';
import type { LabelRow } from '../labels/labels-store.js';
import { SELECT_MILESTONE, type MilestoneRow } from '../milestones/milestones-store.js';

export interface IssueLinks {
  labels: LabelRow[];
  milestone: MilestoneRow | null;
}

type Db = Sql | TransactionSql;

/**
 * A row of readLinks' one statement: a label, a milestone or an account, as
 * `link` says, in the columns of its own type (LabelRow, MilestoneRow,
 * AccountRef), the columns of the other kinds NULL. Columns two kinds share
 * (id, repository_id, description, created_at, updated_at) mean the same in both.
 */
type LinkRow =
  | ({ link: 'label' } & LabelRow)
  | ({ link: 'milestone' } & MilestoneRow)
  | ({ link: 'account' } & AccountRef);

/** What an issue row says it links to: its labels' ids and its milestone's. */
export interface LinkIds {
  label_ids: number[];
  milestone_id: number | null;
}

export type Links = Awaited<ReturnType<typeof readLinks>>;

/** The labels and milestones `issues` link to, and the accounts of `accountIds`, once each, in one statement. */
export async function readLinks(sql: Db, issues: readonly LinkIds[], accountIds: number[] = []) {
  const labelIds = new Set<number>();
  const milestoneIds = new Set<number>();
  for (const issue of issues) {
    for (const id of issue.label_ids) labelIds.add(id);
    if (issue.milestone_id !== null) milestoneIds.add(issue.milestone_id);
  }
  const labels = new Map<number, LabelRow>();
  const milestones = new Map<number, MilestoneRow>();
  const people = new Map<number, AccountRef>();
  if (labelIds.size === 0 && milestoneIds.size === 0 && accountIds.length === 0) return { labels, milestones, people };
  // The first branch types every column (a bare NULL there would make it text).
  const rows = await sql<LinkRow[]>`
    SELECT 'label' AS link, l.id, l.repository_id, l.description, l.created_at, l.updated_at,
      l.name, l.color, l.is_default,
      NULL::int AS number, NULL::text AS title, NULL::text AS state, NULL::timestamptz AS due_on,
      NULL::bigint AS creator_id, NULL::text AS creator_login, NULL::text AS creator_kind, NULL::boolean AS creator_site_admin,
      NULL::int AS open_issues, NULL::int AS closed_issues, NULL::timestamptz AS closed_at,
      NULL::text AS login, NULL::text AS kind, NULL::boolean AS site_admin
    FROM labels l WHERE l.id = ANY(${[...labelIds]})
    UNION ALL
    SELECT 'milestone', ms.id, ms.repository_id, ms.description, ms.created_at, ms.updated_at,
      NULL, NULL, NULL,
      ms.number, ms.title, ms.state, ms.due_on,
      ms.creator_id, ms.creator_login, ms.creator_kind, ms.creator_site_admin,
      ms.open_issues, ms.closed_issues, ms.closed_at,
      NULL, NULL, NULL
    FROM (${SELECT_MILESTONE(sql)} WHERE m.id = ANY(${[...milestoneIds]})) ms
    UNION ALL
    SELECT 'account', a.id, NULL, NULL, NULL, NULL,
      NULL, NULL, NULL,
      NULL, NULL, NULL, NULL,
      NULL, NULL, NULL, NULL,
      NULL, NULL, NULL,
      a.login, a.kind, a.site_admin
    FROM accounts a WHERE a.id = ANY(${accountIds})`;
  // Each kind's own fields copied out, so no value carries the other kinds' NULL columns.
  for (const row of rows) {
    if (row.link === 'account') {
      people.set(row.id, { id: row.id, login: row.login, kind: row.kind, site_admin: row.site_admin });
    } else if (row.link === 'label') {
      labels.set(row.id, {
        id: row.id,
        repository_id: row.repository_id,
        name: row.name,
        color: row.color,
        description: row.description,
        is_default: row.is_default,
        created_at: row.created_at,
        updated_at: row.updated_at,
      });
    } else {
      milestones.set(row.id, {
        id: row.id,
        repository_id: row.repository_id,
        number: row.number,
        title: row.title,
        description: row.description,
        state: row.state,
        due_on: row.due_on,
        creator_id: row.creator_id,
        creator_login: row.creator_login,
        creator_kind: row.creator_kind,
        creator_site_admin: row.creator_site_admin,
        open_issues: row.open_issues,
        closed_issues: row.closed_issues,
        created_at: row.created_at,
        updated_at: row.updated_at,
        closed_at: row.closed_at,
      });
    }
  }
  return { labels, milestones, people };
}

/** The labels of `row`, in its order, from what readLinks read. */
export const labelsOf = (row: LinkIds, { labels }: Links): LabelRow[] =>
  row.label_ids.map((id) => labels.get(id)).filter((label): label is LabelRow => label !== undefined);

/** The milestone of `row` from what readLinks read. */
export const milestoneOf = (row: LinkIds, { milestones }: Links): MilestoneRow | null =>
  row.milestone_id === null ? null : (milestones.get(row.milestone_id) ?? null);

export async function withLinks<T extends LinkIds>(sql: Db, rows: T[]): Promise<(T & IssueLinks)[]> {
  const links = await readLinks(sql, rows);
  for (const row of rows) {
    const linked = row as T & IssueLinks;
    linked.labels = labelsOf(row, links);
    linked.milestone = milestoneOf(row, links);
  }
  return rows as (T & IssueLinks)[];
}
