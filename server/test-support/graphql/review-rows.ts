// Test rows for reviews over GraphQL, written with SQL straight into
// migration 023's tables (the REST operations that write them are built
// beside this, in server/reviews/ and server/reviews/comments/): reviews,
// threads and comments on pull requests opened with ./pull-fixture.ts.
import type { Sql } from '../../db/database.js';
import type { ReviewState } from '../../graphql/reviews/review-models.js';

export interface PullRow {
  issueId: number;
  repositoryId: number;
  headSha: string;
  number: number;
}

/** The pull request `owner/name#number` as its rows' keys. */
export async function pullRow(sql: Sql, owner: string, name: string, number: number): Promise<PullRow> {
  const [row] = await sql<
    PullRow[]
  >`SELECT i.id AS "issueId", i.repository_id AS "repositoryId", p.head_sha AS "headSha", i.number
    FROM issues i JOIN pull_requests p ON p.issue_id = i.id JOIN repositories r ON r.id = i.repository_id JOIN accounts o ON o.id = r.owner_id
    WHERE o.login = ${owner} AND r.name = ${name} AND i.number = ${number}`;
  if (!row) throw new Error(`no pull request ${owner}/${name}#${number}`);
  return row;
}

/** A review by `userId`; submitted now unless PENDING (or at `submittedAt`). */
export async function insertReview(
  sql: Sql,
  pull: PullRow,
  userId: number,
  state: ReviewState,
  body = '',
  submittedAt?: string,
): Promise<number> {
  const submitted = state === 'PENDING' ? null : (submittedAt ?? new Date().toISOString());
  const [row] = await sql<
    { id: number }[]
  >`INSERT INTO pull_request_reviews (issue_id, repository_id, user_id, state, body, commit_id, submitted_at)
    VALUES (${pull.issueId}, ${pull.repositoryId}, ${userId}, ${state}, ${body}, ${pull.headSha}, ${submitted}) RETURNING id`;
  return row!.id;
}

export interface ThreadInput {
  path: string;
  line?: number | null;
  startLine?: number | null;
  side?: 'LEFT' | 'RIGHT' | null;
  startSide?: 'LEFT' | 'RIGHT' | null;
  subjectType?: 'line' | 'file';
  position?: number | null;
  outdated?: boolean;
  diffHunk?: string;
}

/** A thread at a place of the pull request's head. */
export async function insertThread(sql: Sql, pull: PullRow, input: ThreadInput): Promise<number> {
  const line = input.line ?? null;
  const outdated = input.outdated ?? false;
  const [row] = await sql<
    { id: number }[]
  >`INSERT INTO pull_request_review_threads (issue_id, repository_id, path, subject_type, side, start_side,
      original_commit_id, original_line, original_start_line, original_position, commit_id, line, start_line, position, outdated, diff_hunk)
    VALUES (${pull.issueId}, ${pull.repositoryId}, ${input.path}, ${input.subjectType ?? 'line'}, ${input.side === undefined ? 'RIGHT' : input.side},
      ${input.startSide ?? null}, ${pull.headSha}, ${line}, ${input.startLine ?? null}, ${input.position ?? null}, ${pull.headSha},
      ${outdated ? null : line}, ${outdated ? null : (input.startLine ?? null)}, ${outdated ? null : (input.position ?? null)}, ${outdated},
      ${input.diffHunk ?? '@@ -0,0 +1,2 @@\n+one\n+two'}) RETURNING id`;
  return row!.id;
}

/** A comment of `reviewId` in `threadId` (a reply to the thread's first comment when `inReplyTo` is given). */
export async function insertComment(
  sql: Sql,
  pull: PullRow,
  threadId: number,
  reviewId: number,
  userId: number,
  body: string,
  inReplyTo: number | null = null,
): Promise<number> {
  const [row] = await sql<
    { id: number }[]
  >`INSERT INTO pull_request_review_comments (thread_id, review_id, issue_id, repository_id, user_id, in_reply_to_id, body)
    VALUES (${threadId}, ${reviewId}, ${pull.issueId}, ${pull.repositoryId}, ${userId}, ${inReplyTo}, ${body}) RETURNING id`;
  return row!.id;
}
