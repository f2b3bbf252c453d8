// Reading pull requests: the issue row (issue-rows.ts) joined with its
// pull_requests row. A pull request's number is its issue's number.
import type { Sql, TransactionSql } from '../db/database.js';
import { issueByNumber, type IssueRow } from '../issues/issue-rows.js';
import type { AccountRef } from '../repos/user-view.js';
import type { TeamSimpleFields } from '../teams/team-view.js';

type Db = Sql | TransactionSql;

/** The pull_requests columns REST and GraphQL both read as stored (PULL_COLUMNS lists them). */
export interface PullColumns {
  head_repository_id: number | null;
  head_ref: string;
  head_sha: string;
  base_ref: string;
  base_sha: string;
  draft: boolean;
  maintainer_can_modify: boolean;
  merged_at: Date | null;
  merge_commit_sha: string | null;
  mergeable: boolean | null;
  mergeable_state: string;
  commits: number;
  additions: number;
  deletions: number;
  changed_files: number;
}

const COLUMN_NAMES = [
  'head_repository_id',
  'head_ref',
  'head_sha',
  'base_ref',
  'base_sha',
  'draft',
  'maintainer_can_modify',
  'merged_at',
  'merge_commit_sha',
  'mergeable',
  'mergeable_state',
  'commits',
  'additions',
  'deletions',
  'changed_files',
] as const satisfies readonly (keyof PullColumns)[];
// Every column of PullColumns is listed (a compile error names the one that is not).
const listed: Exclude<keyof PullColumns, (typeof COLUMN_NAMES)[number]> extends never ? true : never = true;
void listed;

/** PullColumns as a select list (alias `p`), for REST's reads here and GraphQL's (pull-batch-reads.ts). */
export const PULL_COLUMNS = COLUMN_NAMES.map((name) => `p.${name}`).join(', ');

export interface PullFields extends PullColumns {
  issue_id: number;
  merged_by: AccountRef | null;
  /** The users asked to review it, in the order asked (review-requests.ts). */
  requested_reviewers: AccountRef[];
  /** The teams asked to review it, in the order asked (team-review-requests.ts). */
  requested_teams: RequestedTeam[];
  /** Its review comments anyone can see (those of pending reviews are their authors' drafts). */
  review_comments: number;
  /** Its auto-merge request (server/pulls/auto-merge/), or null. */
  auto_merge: AutoMergeFields | null;
}

export interface AutoMergeFields {
  enabled_by: AccountRef;
  merge_method: 'merge' | 'squash' | 'rebase';
  commit_title: string | null;
  commit_message: string | null;
}

/** A team asked to review, with what its body shows: its parent and its organization's login. */
export interface RequestedTeam {
  team: TeamSimpleFields & { org_id: number };
  parent: TeamSimpleFields | null;
  org_login: string;
}

export interface PullRow {
  issue: IssueRow;
  pull: PullFields;
}

const SELECT_PULL = (sql: Db) => sql`
  SELECT p.issue_id, ${sql.unsafe(PULL_COLUMNS)},
    (SELECT json_build_object('id', m.id, 'login', m.login, 'kind', m.kind, 'site_admin', m.site_admin) FROM accounts m WHERE m.id = p.merged_by_id) AS merged_by,
    COALESCE((SELECT json_agg(json_build_object('id', a.id, 'login', a.login, 'kind', a.kind, 'site_admin', a.site_admin) ORDER BY rr.created_at, a.id)
              FROM pull_request_review_requests rr JOIN accounts a ON a.id = rr.reviewer_id WHERE rr.issue_id = p.issue_id), '[]') AS requested_reviewers,
    COALESCE((SELECT json_agg(json_build_object('team', row_to_json(t), 'org_login', o.login,
                'parent', (SELECT row_to_json(pt) FROM teams pt WHERE pt.id = t.parent_team_id)) ORDER BY tr.created_at, t.id)
              FROM pull_request_team_review_requests tr JOIN teams t ON t.id = tr.team_id JOIN accounts o ON o.id = t.org_id
              WHERE tr.issue_id = p.issue_id), '[]') AS requested_teams,
    (SELECT count(*)::int FROM pull_request_review_comments c JOIN pull_request_reviews r ON r.id = c.review_id
      WHERE c.issue_id = p.issue_id AND r.state <> 'PENDING') AS review_comments,
    (SELECT json_build_object('enabled_by', json_build_object('id', e.id, 'login', e.login, 'kind', e.kind, 'site_admin', e.site_admin),
              'merge_method', am.merge_method, 'commit_title', am.commit_title, 'commit_message', am.commit_message)
      FROM pull_auto_merges am JOIN accounts e ON e.id = am.enabled_by_id WHERE am.issue_id = p.issue_id) AS auto_merge
  FROM pull_requests p`;

export async function pullFieldsOf(sql: Db, issueIds: number[]): Promise<Map<number, PullFields>> {
  if (issueIds.length === 0) return new Map();
  const rows = await sql<PullFields[]>`${SELECT_PULL(sql)} WHERE p.issue_id = ANY(${issueIds}::bigint[])`;
  return new Map(rows.map((row) => [Number(row.issue_id), row]));
}

/**
 * The pull request `number` of the repository; null when there is none (or
 * that number is an issue). `forUpdate` locks its issue row, then its own
 * (the lock order of pull-locks.ts), for the rest of the transaction.
 */
export async function pullByNumber(
  sql: Db,
  repositoryId: number,
  number: number,
  forUpdate = false,
): Promise<PullRow | null> {
  const issue = await issueByNumber(sql, repositoryId, number, forUpdate);
  if (!issue) return null;
  if (forUpdate) await sql`SELECT 1 FROM pull_requests WHERE issue_id = ${issue.id} FOR NO KEY UPDATE`;
  const pull = (await pullFieldsOf(sql, [issue.id])).get(issue.id);
  return pull ? { issue, pull } : null;
}
