// Issue lists: per repository (GET …/issues) and across repositories
// (GET /issues, /user/issues, /orgs/{org}/issues), with GitHub's filters,
// sorts and page-number pagination. A page is one statement: its rows and,
// through a window function, the total the Link header needs.
import type { Fragment } from 'postgres';
import type { Sql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import { grantedOn, readableWithScope } from '../access/readable-sql.js';
import { SELECT_ISSUE_PAGE, withPeople, type IssuePageRow, type IssueRow } from './issue-rows.js';

export interface IssueFilters {
  state?: 'open' | 'closed' | 'all';
  /** A login, `none` (no assignee) or `*` (any assignee). */
  assignee?: string;
  creator?: string;
  mentioned?: string;
  since?: string;
  /** Comma-separated label names (any case); an issue must carry every one. */
  labels?: string;
  /** A milestone number, `*` (any milestone) or `none` (no milestone). */
  milestone?: string;
  sort?: 'created' | 'updated' | 'comments';
  direction?: 'asc' | 'desc';
}

export interface CrossRepositoryFilters extends IssueFilters {
  filter?: 'assigned' | 'created' | 'mentioned' | 'subscribed' | 'repos' | 'all';
  userId: number;
  /** A classic token without `repo` scope sees public repositories only. */
  includePrivate: boolean;
  orgId?: number;
}

export interface Page {
  limit: number;
  offset: number;
}

/** Logins are letters, digits and hyphens; anything else is matched literally. */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `@login` in issue or comment text, not inside a longer name or an email address. */
const mentionPattern = (login: string) => `(^|[^A-Za-z0-9_@.-])@${escapeRegex(login)}($|[^A-Za-z0-9_-])`;

function conditions(sql: Sql, f: IssueFilters): Fragment[] {
  const where: Fragment[] = [];
  const state = f.state ?? 'open';
  if (state !== 'all') where.push(sql`i.state = ${state}`);
  if (f.assignee === 'none') where.push(sql`NOT EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id)`);
  else if (f.assignee === '*') where.push(sql`EXISTS (SELECT 1 FROM issue_assignees ia WHERE ia.issue_id = i.id)`);
  else if (f.assignee !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM issue_assignees ia JOIN accounts a ON a.id = ia.user_id
                           WHERE ia.issue_id = i.id AND lower(a.login) = lower(${f.assignee}))`);
  }
  if (f.creator !== undefined)
    where.push(sql`i.user_id = (SELECT id FROM accounts WHERE lower(login) = lower(${f.creator}))`);
  if (f.mentioned !== undefined) where.push(mentions(sql, f.mentioned));
  if (f.since !== undefined) where.push(sql`i.updated_at >= ${new Date(f.since)}`);
  const labels = labelFilter(f.labels);
  if (labels.length > 0) {
    where.push(sql`(SELECT count(DISTINCT lower(fl.name)) FROM issue_labels fil JOIN labels fl ON fl.id = fil.label_id
                    WHERE fil.issue_id = i.id AND lower(fl.name) = ANY(${labels})) = ${labels.length}`);
  }
  if (f.milestone === '*') where.push(sql`i.milestone_id IS NOT NULL`);
  else if (f.milestone === 'none') where.push(sql`i.milestone_id IS NULL`);
  else if (f.milestone !== undefined) {
    const number = Number(f.milestone);
    where.push(
      Number.isSafeInteger(number) && number >= 1 && number <= 2147483647
        ? sql`i.milestone_id = (SELECT fm.id FROM milestones fm WHERE fm.repository_id = i.repository_id AND fm.number = ${number})`
        : sql`FALSE`,
    );
  }
  return where;
}

/** The distinct lower-cased names of a `labels` filter (blank entries ignored, as GitHub does). */
function labelFilter(labels: string | undefined): string[] {
  if (labels === undefined) return [];
  return [
    ...new Set(
      labels
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== ''),
    ),
  ];
}

/** Issues whose body or a comment mentions `@login` (aliases: i issues). */
export function mentions(sql: Sql, login: string): Fragment {
  const pattern = mentionPattern(login);
  return sql`(i.body ~* ${pattern} OR EXISTS (SELECT 1 FROM issue_comments mc WHERE mc.issue_id = i.id AND mc.body ~* ${pattern}))`;
}

function order(sql: Sql, f: IssueFilters): Fragment {
  const desc = (f.direction ?? 'desc') === 'desc';
  switch (f.sort ?? 'created') {
    case 'updated':
      return desc ? sql`i.updated_at DESC, i.id DESC` : sql`i.updated_at, i.id`;
    case 'comments':
      return desc ? sql`i.comments DESC, i.id DESC` : sql`i.comments, i.id`;
    default:
      return desc ? sql`i.created_at DESC, i.id DESC` : sql`i.created_at, i.id`;
  }
}

const and = (sql: Sql, parts: Fragment[]) => parts.reduce((acc, part) => sql`${acc} AND ${part}`, sql`TRUE`);

/** Text filters that PostgreSQL text cannot hold (NUL) match nothing. */
function unmatchable(f: IssueFilters): boolean {
  return [f.assignee, f.creator, f.mentioned, f.labels].some((value) => value !== undefined && !canMatchText(value));
}

export async function listRepositoryIssues(
  sql: Sql,
  repositoryId: number,
  f: IssueFilters,
  p: Page,
): Promise<{ rows: IssueRow[]; total: number }> {
  if (unmatchable(f)) return { rows: [], total: 0 };
  const where = and(sql, [sql`i.repository_id = ${repositoryId}`, ...conditions(sql, f)]);
  return counted(sql, where, f, p);
}

export async function listIssuesAcross(
  sql: Sql,
  f: CrossRepositoryFilters,
  p: Page,
): Promise<{ rows: IssueRow[]; total: number }> {
  if (unmatchable(f)) return { rows: [], total: 0 };
  const me = f.userId;
  const granted = grantedOn(sql, me);
  const assigned = sql`EXISTS (SELECT 1 FROM issue_assignees fa WHERE fa.issue_id = i.id AND fa.user_id = ${me})`;
  const created = sql`i.user_id = ${me}`;
  const [login] = await sql<{ login: string }[]>`SELECT login FROM accounts WHERE id = ${me}`;
  const mentioned = mentions(sql, login!.login);
  const commented = sql`EXISTS (SELECT 1 FROM issue_comments fc WHERE fc.issue_id = i.id AND fc.user_id = ${me})`;
  const which: Record<NonNullable<CrossRepositoryFilters['filter']>, Fragment> = {
    assigned,
    created,
    mentioned,
    subscribed: sql`(${assigned} OR ${created} OR ${mentioned} OR ${commented})`,
    repos: granted,
    all: sql`(${granted} OR ${assigned} OR ${created} OR ${mentioned})`,
  };
  const visible = readableWithScope(sql, me, f.includePrivate);
  const parts = [which[f.filter ?? 'assigned'], visible, sql`r.has_issues`, ...conditions(sql, f)];
  if (f.orgId !== undefined) parts.push(sql`r.owner_id = ${f.orgId}`);
  return counted(sql, and(sql, parts), f, p);
}

async function counted(
  sql: Sql,
  where: Fragment,
  f: IssueFilters,
  p: Page,
): Promise<{ rows: IssueRow[]; total: number }> {
  const page = await sql<IssuePageRow[]>`
    ${SELECT_ISSUE_PAGE(sql)} WHERE ${where}
    ORDER BY ${order(sql, f)} LIMIT ${p.limit} OFFSET ${p.offset}`;
  const rows = await withPeople(sql, page);
  if (page.length > 0 || p.offset === 0) return { rows, total: Number(page[0]?.total ?? 0) };
  // A page past the end: the Link header still needs the total.
  const [row] = await sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM issues i JOIN repositories r ON r.id = i.repository_id WHERE ${where}`;
  return { rows, total: row!.n };
}
