// Who took part in pull requests' conversations, for many at once (GraphQL's
// `PullRequest.participants`, batched by its loader): the author, then each
// person who commented, reviewed or wrote a review comment, in the order they
// first did, each once. Pending reviews and their comments are left out:
// until submitted they are their author's alone.
import type { Sql } from '../db/database.js';

export async function participantIds(sql: Sql, issueIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await sql<{ issue_id: number; user_id: number }[]>`
    SELECT issue_id, user_id FROM (
      SELECT issue_id, user_id, min(at) AS first_at FROM (
        SELECT i.id AS issue_id, i.user_id, i.created_at AS at FROM issues i WHERE i.id = ANY(${issueIds as number[]})
        UNION ALL
        SELECT ic.issue_id, ic.user_id, ic.created_at FROM issue_comments ic WHERE ic.issue_id = ANY(${issueIds as number[]})
        UNION ALL
        SELECT rv.issue_id, rv.user_id, rv.submitted_at FROM pull_request_reviews rv
          WHERE rv.issue_id = ANY(${issueIds as number[]}) AND rv.state <> 'PENDING'
        UNION ALL
        SELECT c.issue_id, c.user_id, c.created_at FROM pull_request_review_comments c
          JOIN pull_request_reviews crv ON crv.id = c.review_id
          WHERE c.issue_id = ANY(${issueIds as number[]}) AND crv.state <> 'PENDING'
      ) taking_part WHERE user_id IS NOT NULL GROUP BY issue_id, user_id
    ) firsts ORDER BY issue_id, first_at, user_id`;
  const found = new Map<number, number[]>();
  for (const row of rows) {
    const ids = found.get(Number(row.issue_id)) ?? [];
    ids.push(Number(row.user_id));
    found.set(Number(row.issue_id), ids);
  }
  return found;
}
