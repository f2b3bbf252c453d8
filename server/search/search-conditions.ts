// The qualifiers of a parsed issue search as SQL conditions on `i` (issues)
// and `r` (repositories), after the names they give were resolved to ids.
// Everything is a condition of the one statement that reads the page, so a
// qualifier costs no statement of its own.
import type { Fragment } from 'postgres';
import type { Sql } from '../db/database.js';
import { mentions } from '../issues/issue-list.js';
import type { IssueSearchQuery, Qualified, RangeFilter } from './search-query.js';

export interface Resolved {
  /** Repository ids by lower-cased `owner/name`. */
  repositories: Map<string, number>;
  /** Account ids by lower-cased login (and `@me` for the caller). */
  accounts: Map<string, number>;
  /** The caller's login, for `mentions:@me`. */
  me?: string;
}

type Where = (sql: Sql, resolved: Resolved, value: string) => Fragment;

// NULL (an issue without a closing date, by a deleted account) is no match,
// and its negation a match, as for a field a document does not have.
const holds = (sql: Sql, condition: Fragment) => sql`COALESCE(${condition}, FALSE)`;
const not = (sql: Sql, negated: boolean, condition: Fragment) =>
  negated ? sql`NOT ${holds(sql, condition)}` : condition;
const or = (sql: Sql, parts: Fragment[]) => parts.reduce((acc, part) => sql`${acc} OR ${part}`, sql`FALSE`);

/** One-valued fields: any of the positive values, none of the negated ones. */
function anyOf<T>(sql: Sql, list: Qualified<T>[], where: (value: T) => Fragment): Fragment[] {
  const positive = list.filter((q) => !q.negated).map((q) => where(q.value));
  const negative = list.filter((q) => q.negated).map((q) => sql`NOT ${holds(sql, where(q.value))}`);
  return positive.length > 0 ? [sql`(${or(sql, positive)})`, ...negative] : negative;
}

/** Many-valued fields (labels, assignees): every entry applies. */
const allOf = <T>(sql: Sql, list: Qualified<T>[], where: (value: T) => Fragment) =>
  list.map((q) => not(sql, q.negated, where(q.value)));

const account = (resolved: Resolved, login: string) => resolved.accounts.get(login)!;

const authored: Where = (sql, resolved, login) => sql`i.user_id = ${account(resolved, login)}`;
const assigned: Where = (sql, resolved, login) =>
  login === '*'
    ? sql`EXISTS (SELECT 1 FROM issue_assignees sa WHERE sa.issue_id = i.id)`
    : sql`EXISTS (SELECT 1 FROM issue_assignees sa WHERE sa.issue_id = i.id AND sa.user_id = ${account(resolved, login)})`;
const mentioned: Where = (sql, resolved, login) => mentions(sql, login === '@me' ? resolved.me! : login);
const commented: Where = (sql, resolved, login) =>
  sql`EXISTS (SELECT 1 FROM issue_comments cc WHERE cc.issue_id = i.id AND cc.user_id = ${account(resolved, login)})`;
// A pending request only: submitting a review removes it (reviews/review-submit.ts), as on GitHub.
const reviewAsked: Where = (sql, resolved, login) =>
  sql`EXISTS (SELECT 1 FROM pull_request_review_requests rq WHERE rq.issue_id = i.id AND rq.reviewer_id = ${account(resolved, login)})`;
const involved: Where = (sql, resolved, login) =>
  sql`(${or(
    sql,
    [authored, assigned, mentioned, commented].map((w) => w(sql, resolved, login)),
  )})`;

/** The issue's reactions, from its rollup (so no reactions row is counted). */
export const reactionTotal = (sql: Sql) =>
  sql`(SELECT COALESCE(sum(rc.value::int), 0) FROM jsonb_each_text(i.reaction_counts) rc)`;

function inRange(sql: Sql, filter: RangeFilter): Fragment {
  const column =
    filter.field === 'created'
      ? sql`i.created_at`
      : filter.field === 'updated'
        ? sql`i.updated_at`
        : filter.field === 'closed'
          ? sql`i.closed_at`
          : filter.field === 'comments'
            ? sql`i.comments`
            : filter.field === 'reactions'
              ? reactionTotal(sql)
              : sql`(i.comments + ${reactionTotal(sql)})`;
  // Dates as epoch seconds: a Date's ISO text past year 9999 (+010000-…) is no timestamp to PostgreSQL.
  const bound = (value: Date | number) =>
    value instanceof Date ? sql`to_timestamp(${value.getTime() / 1000}::float8)` : sql`${value}`;
  const { from, to } = filter.range;
  // `*..*` restricts nothing but a date that must exist (closed:*..* is every closed issue).
  const parts = [sql`${column} IS NOT NULL`];
  if (from !== undefined) parts.push(sql`${column} >= ${bound(from)}`);
  if (to !== undefined) parts.push(sql`${column} < ${bound(to)}`);
  return sql`(${parts.reduce((acc, part) => sql`${acc} AND ${part}`)})`;
}

function labelled(sql: Sql, names: string[]): Fragment {
  return sql`EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id
    WHERE il.issue_id = i.id AND lower(l.name) = ANY(${names.map((name) => name.toLowerCase())}))`;
}

export function qualifierConditions(sql: Sql, q: IssueSearchQuery, resolved: Resolved): Fragment[] {
  const where: Fragment[] = [];
  const repositoryId = (r: { owner: string; name: string }) =>
    resolved.repositories.get(`${r.owner}/${r.name}`.toLowerCase())!;
  where.push(...anyOf(sql, q.repos, (r) => sql`i.repository_id = ${repositoryId(r)}`));
  where.push(...anyOf(sql, q.owners, (login) => sql`r.owner_id = ${account(resolved, login)}`));
  if (q.state) where.push(sql`i.state = ${q.state}`);
  // An issue row with a pull_requests row is a pull request (migration 020).
  if (q.kind === 'pr') where.push(sql`EXISTS (SELECT 1 FROM pull_requests sp WHERE sp.issue_id = i.id)`);
  if (q.kind === 'issue') where.push(sql`NOT EXISTS (SELECT 1 FROM pull_requests sp WHERE sp.issue_id = i.id)`);
  if (q.pullRequestsOnly) {
    where.push(
      sql`EXISTS (SELECT 1 FROM pull_requests sm WHERE sm.issue_id = i.id AND (sm.merged_at IS NOT NULL) = ${q.merged === true})`,
    );
  }
  if (q.visibility) where.push(q.visibility === 'private' ? sql`r.private` : sql`NOT r.private`);
  if (q.locked !== undefined) where.push(sql`i.locked = ${q.locked}`);
  if (q.archived !== undefined) where.push(sql`r.archived = ${q.archived}`);
  where.push(...allOf(sql, q.labels, (names) => labelled(sql, names)));
  where.push(...anyOf(sql, q.authors, (login) => authored(sql, resolved, login)));
  where.push(...allOf(sql, q.assignees, (login) => assigned(sql, resolved, login)));
  where.push(...allOf(sql, q.mentions, (login) => mentioned(sql, resolved, login)));
  where.push(...allOf(sql, q.commenters, (login) => commented(sql, resolved, login)));
  where.push(...anyOf(sql, q.involves, (login) => involved(sql, resolved, login)));
  where.push(...allOf(sql, q.reviewRequested, (login) => reviewAsked(sql, resolved, login)));
  where.push(
    ...anyOf(
      sql,
      q.milestones,
      (title) =>
        sql`EXISTS (SELECT 1 FROM milestones sm WHERE sm.id = i.milestone_id AND lower(sm.title) = ${title.toLowerCase()})`,
    ),
  );
  // Closed before GitHub had reasons: completed, as GitHub shows such issues.
  where.push(
    ...anyOf(
      sql,
      q.reasons,
      (reason) => sql`(i.state = 'closed' AND COALESCE(i.state_reason, 'completed') = ${reason})`,
    ),
  );
  where.push(...allOf(sql, q.ranges, (filter) => inRange(sql, filter)));
  if (q.missing.has('assignee'))
    where.push(sql`NOT EXISTS (SELECT 1 FROM issue_assignees na WHERE na.issue_id = i.id)`);
  if (q.missing.has('label')) where.push(sql`NOT EXISTS (SELECT 1 FROM issue_labels nl WHERE nl.issue_id = i.id)`);
  if (q.missing.has('milestone')) where.push(sql`i.milestone_id IS NULL`);
  return where;
}
