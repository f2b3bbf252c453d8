// The pull requests that may close an issue by their description (GitHub's
// closing keywords, issues/closing-references.ts): those into their
// repository's default branch that mention `#n` in the issue's own
// repository (through its index by repository), or `owner/name#n` in any
// other (through the search index, issues_search_idx). This is a prefilter in
// SQL, bounded per issue; the exact parser decides (graphql/issues/closed-by-pulls.ts).
import type { Sql } from '../db/database.js';
import { PULL_ISSUE_COLUMNS, type PullIssueColumns } from './pull-batch-reads.js';

/** Bounded work: at most this many candidate pull requests, the newest, are read per issue and side (its repository's, others'). */
export const MAX_CLOSING_CANDIDATES = 50;

export interface ClosingTarget {
  issueId: number;
  repositoryId: number;
  /** The issue's repository as `owner/name`. */
  fullName: string;
  number: number;
}

/** Candidates per issue id: open and merged ones, and those closed without a merge with `includeClosed`. */
export async function closingPullCandidates(
  sql: Sql,
  targets: readonly ClosingTarget[],
  includeClosed: boolean,
): Promise<Map<number, PullIssueColumns[]>> {
  const found = new Map<number, PullIssueColumns[]>(targets.map((target) => [target.issueId, []]));
  if (targets.length === 0) return found;
  // `#12` not followed by another digit (so not `#123`) in the issue's repository; `owner/name#12` in another,
  // found through the search index (the same parser reads the words of both) and then as text.
  const own = targets.map((target) => `#${target.number}([^0-9]|$)`);
  const words = targets.map((target) => `${target.fullName} ${target.number}`);
  const named = targets.map((target) => `${target.fullName}#${target.number}`.toLowerCase());
  const open = includeClosed ? sql`TRUE` : sql`(i.state = 'open' OR p.merged_at IS NOT NULL)`;
  const intoDefault = sql`EXISTS (SELECT 1 FROM repositories br WHERE br.id = p.repository_id AND br.default_branch = p.base_ref)`;
  const rows = await sql<(PullIssueColumns & { target_id: number })[]>`
    SELECT c.* FROM unnest(${targets.map((t) => t.issueId)}::bigint[], ${targets.map((t) => t.repositoryId)}::bigint[],
      ${own}::text[], ${words}::text[], ${named}::text[]) AS k(issue_id, repository_id, own_pattern, named_words, named_text)
    CROSS JOIN LATERAL (
      (SELECT ${sql.unsafe(PULL_ISSUE_COLUMNS)}, k.issue_id AS target_id
        FROM pull_requests p JOIN issues i ON i.id = p.issue_id
        WHERE p.repository_id = k.repository_id AND i.body ~ k.own_pattern AND ${open} AND ${intoDefault}
        ORDER BY i.id DESC LIMIT ${MAX_CLOSING_CANDIDATES})
      UNION ALL
      (SELECT ${sql.unsafe(PULL_ISSUE_COLUMNS)}, k.issue_id AS target_id
        FROM issues i JOIN pull_requests p ON p.issue_id = i.id
        WHERE i.search_vector @@ plainto_tsquery('english', k.named_words) AND strpos(lower(i.body), k.named_text) > 0
          AND p.repository_id <> k.repository_id AND ${open} AND ${intoDefault}
        ORDER BY i.id DESC LIMIT ${MAX_CLOSING_CANDIDATES})
    ) c`;
  for (const { target_id, ...pull } of rows) found.get(Number(target_id))?.push(pull);
  return found;
}
