// GraphQL's Issue.timelineItems and PullRequest.timelineItems for many issues
// in one statement: the comments and the recorded events (issue_events) of
// each issue, and a pull request's submitted reviews (at their submission)
// and commits (at their committer date, read from git by the caller), merged
// in the order they happened as REST's timeline merges them (issue-timeline.ts:
// at one instant the comment first), narrowed to the kinds asked and to those
// since a time, ranked per issue with each issue's total. Plus two per-issue
// reads Issue's fields batch the same way: its author's association (as REST's
// issue rows compute it) and its participants (author and commenters).
import type { Sql } from '../db/database.js';
import { rankedPages, type Page, type RowWindow } from '../db/ranked-pages.js';
import { authorAssociation } from '../access/author-association-sql.js';
import type { AuthorAssociation } from './issue-rows.js';
import type { IssueEventDetails, IssueEventKind } from './issue-events.js';

export interface TimelineRequest {
  window: RowWindow;
  /** Whether comments are among the kinds asked. */
  comments: boolean;
  /** The recorded event kinds asked. */
  events: IssueEventKind[];
  /** ISO time: only items created at or after it; null for all. */
  since: string | null;
  /** Whether submitted reviews are among the kinds asked (a pull request's). */
  reviews?: boolean;
  /** The pull request's commits, oldest first, each with its committer date (ISO); every issue of the batch has them. */
  commits?: { oid: string; at: string }[];
}

/** A comment or a review (read whole through its loader), an event as its row holds it, or a commit (`oid`). */
export interface TimelineEntryRow {
  entry: 'comment' | 'event' | 'review' | 'commit';
  /** The row's id; a commit's place among the pull request's commits (1 for the oldest). */
  id: number;
  /** A commit's (only theirs: a git object's mark). */
  oid?: string;
  issue_id: number;
  repository_id: number;
  event: IssueEventKind | null;
  details: IssueEventDetails | null;
  actor_id: number | null;
  created_at: Date;
}

export async function timelinePages(
  sql: Sql,
  issueIds: readonly number[],
  request: TimelineRequest,
): Promise<Map<number, Page<TimelineEntryRow>>> {
  const dir = sql.unsafe(request.window.fromEnd ? 'DESC' : 'ASC');
  const since = request.since;
  const commits = request.commits ?? [];
  const select = sql`SELECT t.*,
      row_number() OVER (PARTITION BY t.issue_id ORDER BY t.created_at ${dir}, t.rank ${dir}, t.id ${dir})::int AS position,
      count(*) OVER (PARTITION BY t.issue_id)::int AS total
    FROM (
      SELECT 'comment' AS entry, 0 AS rank, ic.id, NULL::text AS oid, ic.issue_id, ic.repository_id, NULL::text AS event,
        NULL::jsonb AS details, ic.user_id AS actor_id, ic.created_at
      FROM issue_comments ic
      WHERE ${request.comments} AND ic.issue_id = ANY(${issueIds as number[]})
        AND (${since}::timestamptz IS NULL OR ic.created_at >= ${since}::timestamptz)
      UNION ALL
      SELECT 'event', 1, e.id, NULL, e.issue_id, e.repository_id, e.event, e.details, e.actor_id, e.created_at
      FROM issue_events e
      WHERE e.issue_id = ANY(${issueIds as number[]}) AND e.event = ANY(${request.events})
        AND (${since}::timestamptz IS NULL OR e.created_at >= ${since}::timestamptz)
      UNION ALL
      SELECT 'review', 2, r.id, NULL, r.issue_id, r.repository_id, NULL, NULL, r.user_id, r.submitted_at
      FROM pull_request_reviews r
      WHERE ${request.reviews ?? false} AND r.issue_id = ANY(${issueIds as number[]}) AND r.state <> 'PENDING'
        AND (${since}::timestamptz IS NULL OR r.submitted_at >= ${since}::timestamptz)
      UNION ALL
      SELECT 'commit', 3, c.n::bigint, c.oid, i.id, i.repository_id, NULL, NULL, NULL, c.at
      FROM issues i, unnest(${commits.map((c) => c.oid)}::text[], ${commits.map((c) => c.at)}::timestamptz[])
        WITH ORDINALITY AS c(oid, at, n)
      WHERE i.id = ANY(${issueIds as number[]}) AND (${since}::timestamptz IS NULL OR c.at >= ${since}::timestamptz)
    ) t`;
  const pages = await rankedPages<TimelineEntryRow & { [key: string]: unknown }>(
    sql,
    'issue_id',
    issueIds,
    request.window,
    select,
  );
  for (const page of pages.values())
    for (const row of page.rows) {
      delete row.rank;
      if (row.oid === null) delete row.oid;
    }
  return pages;
}

/** Each issue's author association on its repository (OWNER, COLLABORATOR, MEMBER or NONE), as REST's rows have it. */
export async function authorAssociationsOfIssues(
  sql: Sql,
  issueIds: readonly number[],
): Promise<Map<number, AuthorAssociation>> {
  const rows = await sql<{ id: number; author_association: AuthorAssociation }[]>`
    SELECT i.id, ${authorAssociation(sql, 'i.user_id')} AS author_association
    FROM issues i JOIN repositories r ON r.id = i.repository_id WHERE i.id = ANY(${issueIds as number[]})`;
  return new Map(rows.map((row) => [Number(row.id), row.author_association]));
}

/** Each issue's participants: its author and the authors of its comments, each once, in order of first taking part. */
export async function participantsOfIssues(sql: Sql, issueIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await sql<{ issue_id: number; user_id: number }[]>`
    SELECT p.issue_id, p.user_id FROM (
      SELECT issue_id, user_id, min(at) AS first_at FROM (
        SELECT i.id AS issue_id, i.user_id, i.created_at AS at FROM issues i WHERE i.id = ANY(${issueIds as number[]})
        UNION ALL
        SELECT ic.issue_id, ic.user_id, ic.created_at FROM issue_comments ic WHERE ic.issue_id = ANY(${issueIds as number[]})
      ) taking_part WHERE user_id IS NOT NULL GROUP BY issue_id, user_id
    ) p ORDER BY p.issue_id, p.first_at, p.user_id`;
  const found = new Map<number, number[]>();
  for (const row of rows) {
    const list = found.get(Number(row.issue_id)) ?? [];
    list.push(Number(row.user_id));
    found.set(Number(row.issue_id), list);
  }
  return found;
}
