// Reading pull requests: the issue row (issue-rows.ts) joined with its
// pull_requests row. A pull request's number is its issue's number.
import type { Sql, TransactionSql } from '../db/database.js';
import { issueByNumber, type IssueRow } from '../issues/issue-rows.js';
import type { AccountRef } from '../repos/user-view.js';

type Db = Sql | TransactionSql;

export interface PullFields {
  issue_id: number;
  head_repository_id: number | null;
  head_ref: string;
  head_sha: string;
  base_ref: string;
  base_sha: string;
  draft: boolean;
  maintainer_can_modify: boolean;
  merged_at: Date | null;
  merged_by: AccountRef | null;
  merge_commit_sha: string | null;
  mergeable: boolean | null;
  mergeable_state: string;
  commits: number;
  additions: number;
  deletions: number;
  changed_files: number;
  /** The users asked to review it, in the order asked (review-requests.ts). */
  requested_reviewers: AccountRef[];
  /** Its review comments anyone can see (those of pending reviews are their authors' drafts). */
  review_comments: number;
}

export interface PullRow { issue: IssueRow; pull: PullFields }

const SELECT_PULL = (sql: Db) => sql`
  SELECT p.issue_id, p.head_repository_id, p.head_ref, p.head_sha, p.base_ref, p.base_sha, p.draft, p.maintainer_can_modify,
    p.merged_at, p.merge_commit_sha, p.mergeable, p.mergeable_state, p.commits, p.additions, p.deletions, p.changed_files,
    (SELECT json_build_object('id', m.id, 'login', m.login, 'kind', m.kind, 'site_admin', m.site_admin) FROM accounts m WHERE m.id = p.merged_by_id) AS merged_by,
    COALESCE((SELECT json_agg(json_build_object('id', a.id, 'login', a.login, 'kind', a.kind, 'site_admin', a.site_admin) ORDER BY rr.created_at, a.id)
              FROM pull_request_review_requests rr JOIN accounts a ON a.id = rr.reviewer_id WHERE rr.issue_id = p.issue_id), '[]') AS requested_reviewers,
    (SELECT count(*)::int FROM pull_request_review_comments c JOIN pull_request_reviews r ON r.id = c.review_id
      WHERE c.issue_id = p.issue_id AND r.state <> 'PENDING') AS review_comments
  FROM pull_requests p`;

export async function pullFieldsOf(sql: Db, issueIds: number[]): Promise<Map<number, PullFields>> {
  if (issueIds.length === 0) return new Map();
  const rows = await sql<PullFields[]>`${SELECT_PULL(sql)} WHERE p.issue_id = ANY(${issueIds}::bigint[])`;
  return new Map(rows.map((row) => [Number(row.issue_id), row]));
}

/** The pull request `number` of the repository; null when there is none (or that number is an issue). */
export async function pullByNumber(sql: Db, repositoryId: number, number: number, forUpdate = false): Promise<PullRow | null> {
  const issue = await issueByNumber(sql, repositoryId, number, forUpdate);
  if (!issue) return null;
  const pull = (await pullFieldsOf(sql, [issue.id])).get(issue.id);
  return pull ? { issue, pull } : null;
}
