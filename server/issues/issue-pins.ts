// The issues pinned to repositories, in the order they were pinned (GitHub
// lists pins by position, and a pin goes at the end: Wharf keeps no other
// position). At most three a repository (issue-lifecycle.ts), so a
// repository's pins are read whole; one statement for every repository asked.
import type { Sql } from '../db/database.js';

export interface PinRow {
  issue_id: number;
  repository_id: number;
  pinned_by_id: number | null;
  created_at: Date;
}

export async function pinsOfRepositories(sql: Sql, repositoryIds: readonly number[]): Promise<Map<number, PinRow[]>> {
  const found = new Map<number, PinRow[]>(repositoryIds.map((id) => [id, []]));
  const rows = await sql<PinRow[]>`
    SELECT issue_id, repository_id, pinned_by_id, created_at FROM issue_pins
    WHERE repository_id = ANY(${repositoryIds as number[]}) ORDER BY created_at, issue_id`;
  for (const row of rows) found.get(row.repository_id)?.push(row);
  return found;
}

/** The pin of one issue (a PinnedIssue's node id names it), or null when it is not pinned. */
export async function pinOfIssue(sql: Sql, issueId: number): Promise<PinRow | null> {
  const [row] = await sql<PinRow[]>`
    SELECT issue_id, repository_id, pinned_by_id, created_at FROM issue_pins WHERE issue_id = ${issueId}`;
  return row ?? null;
}
