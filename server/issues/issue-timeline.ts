// An issue's timeline (GET …/issues/{n}/timeline): its events and its
// comments merged in the order they happened. A page is chosen over both
// tables in one statement (ids, times and the total), then each side's rows
// are read by id and put back in the page's order.
import type { Sql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { SELECT_COMMENT, type CommentRow } from './comment-rows.js';
import { commentView } from './comment-view.js';
import { issueEventsByIds, issueEventView, type IssueEventRow } from './issue-events.js';
import type { Page } from './issue-list.js';

type Entry = { kind: 'comment'; row: CommentRow } | { kind: 'event'; row: IssueEventRow };

export async function listTimeline(sql: Sql, issueId: number, p: Page): Promise<{ entries: Entry[]; total: number }> {
  // At the same instant (a comment and the close it came with, one
  // transaction) the comment comes first, as GitHub shows it.
  const page = await sql<{ kind: 'comment' | 'event'; id: number; total: number }[]>`
    SELECT kind, id, count(*) OVER () AS total FROM (
      SELECT 'comment' AS kind, 0 AS rank, ic.id, ic.created_at FROM issue_comments ic WHERE ic.issue_id = ${issueId}
      UNION ALL
      SELECT 'event', 1, e.id, e.created_at FROM issue_events e WHERE e.issue_id = ${issueId}
    ) t ORDER BY created_at, rank, id LIMIT ${p.limit} OFFSET ${p.offset}`;
  const commentIds = page.filter((x) => x.kind === 'comment').map((x) => Number(x.id));
  const eventIds = page.filter((x) => x.kind === 'event').map((x) => Number(x.id));
  const [comments, events] = await Promise.all([
    commentIds.length ? sql<CommentRow[]>`${SELECT_COMMENT(sql)} WHERE ic.id = ANY(${commentIds})` : [],
    eventIds.length ? issueEventsByIds(sql, eventIds) : [],
  ]);
  const commentById = new Map(comments.map((row) => [Number(row.id), row]));
  const eventById = new Map(events.map((row) => [Number(row.id), row]));
  const entries: Entry[] = [];
  for (const item of page) {
    // A row deleted between the two statements is left out of the page.
    const comment = item.kind === 'comment' ? commentById.get(Number(item.id)) : undefined;
    const event = item.kind === 'event' ? eventById.get(Number(item.id)) : undefined;
    if (comment) entries.push({ kind: 'comment', row: comment });
    if (event) entries.push({ kind: 'event', row: event });
  }
  if (page.length > 0 || p.offset === 0) return { entries, total: Number(page[0]?.total ?? 0) };
  const [row] = await sql<{ n: number }[]>`
    SELECT (SELECT count(*) FROM issue_comments WHERE issue_id = ${issueId}) + (SELECT count(*) FROM issue_events WHERE issue_id = ${issueId}) AS n`;
  return { entries, total: Number(row!.n) };
}

/** GitHub's timeline-issue-events: an issue event as …/events shows it, or a comment with `event: commented`. */
export function timelineView(entry: Entry, repo: { owner: string; name: string }, urls: Urls) {
  if (entry.kind === 'event') return issueEventView(entry.row, repo, urls);
  const comment = commentView(entry.row, urls);
  return { event: 'commented' as const, actor: comment.user, ...comment };
}
