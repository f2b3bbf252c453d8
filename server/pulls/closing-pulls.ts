// The pull requests that may close an issue by their description (GitHub's
// closing keywords, issues/closing-references.ts): those into their
// repository's default branch that mention `#n` in the issue's own
// repository, or `owner/name#n` in any other. This is a prefilter in SQL,
// bounded per issue; the exact parser decides (graphql/issues/closed-by-pulls.ts).
import type { Sql } from '../db/database.js';
import { PULL_ISSUE_COLUMNS, type PullIssueColumns } from './pull-batch-reads.js';

/** Bounded work: at most this many candidate pull requests, the newest, are read per issue. */
export const MAX_CLOSING_CANDIDATES = 50;

export interface ClosingTarget {
  issueId: number;
  repositoryId: number;
  /** The issue's repository as `owner/name`. */
  fullName: string;
  number: number;
}

/** Candidates per issue id, newest first; closed and merged ones only with `includeClosed`. */
export async function closingPullCandidates(
  sql: Sql,
  targets: readonly ClosingTarget[],
  includeClosed: boolean,
): Promise<Map<number, PullIssueColumns[]>> {
  const found = new Map<number, PullIssueColumns[]>(targets.map((target) => [target.issueId, []]));
  if (targets.length === 0) return found;
  // `#12` not followed by another digit (so not `#123`); the other repository's form found as text.
  const own = targets.map((target) => `#${target.number}([^0-9]|$)`);
  const named = targets.map((target) => `${target.fullName}#${target.number}`.toLowerCase());
  const rows = await sql<(PullIssueColumns & { target_id: number })[]>`
    SELECT c.* FROM unnest(${targets.map((t) => t.issueId)}::bigint[], ${targets.map((t) => t.repositoryId)}::bigint[],
      ${own}::text[], ${named}::text[]) AS k(issue_id, repository_id, own_pattern, named_text)
    CROSS JOIN LATERAL (
      SELECT ${sql.unsafe(PULL_ISSUE_COLUMNS)}, k.issue_id AS target_id
      FROM pull_requests p JOIN issues i ON i.id = p.issue_id JOIN repositories br ON br.id = p.repository_id
      WHERE p.base_ref = br.default_branch AND (${includeClosed} OR i.state = 'open')
        AND ((p.repository_id = k.repository_id AND i.body ~ k.own_pattern) OR strpos(lower(i.body), k.named_text) > 0)
      ORDER BY i.id DESC LIMIT ${MAX_CLOSING_CANDIDATES}
    ) c`;
  for (const { target_id, ...pull } of rows) found.get(Number(target_id))?.push(pull);
  return found;
}
