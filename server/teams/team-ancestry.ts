// The closure `team_ancestors` (each team and every team above it) that the
// view `team_grants` joins, rebuilt for one organization whenever a team comes,
// goes or changes parent: an organization's teams are few, and rebuilding the
// whole set leaves no partial update to get wrong. The walk is bounded so a
// cycle (refused by the service, never stored) could not loop.
import type { TransactionSql } from '../db/database.js';

/** The advisory lock class of an organization's team tree (the second key is the organization's id). */
const TEAM_TREE_LOCK = 0x7465616d;

/**
 * Serializes the changes that rebuild an organization's closure: two
 * transactions rebuilding it at once (two teams created or deleted together)
 * would each insert the rows the other just wrote (a unique violation, a 500)
 * or deadlock on them. Taken first in the transaction, before any team row
 * is locked, so it cannot close a cycle with them.
 */
export async function lockTeamTree(tx: TransactionSql, orgId: number): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(${TEAM_TREE_LOCK}::int, ${orgId}::int)`;
}

/** GitHub's nesting is shallow; past this depth a team inherits nothing further up. */
export const MAX_TEAM_DEPTH = 32;

export async function rebuildAncestry(tx: TransactionSql, orgId: number): Promise<void> {
  await tx`DELETE FROM team_ancestors ta USING teams t WHERE t.id = ta.team_id AND t.org_id = ${orgId}`;
  await tx`
    WITH RECURSIVE up AS (
      SELECT t.id AS team_id, t.id AS ancestor_id, t.parent_team_id, 0 AS depth FROM teams t WHERE t.org_id = ${orgId}
      UNION ALL
      SELECT up.team_id, p.id, p.parent_team_id, up.depth + 1
      FROM up JOIN teams p ON p.id = up.parent_team_id
      WHERE up.depth < ${MAX_TEAM_DEPTH}
    )
    INSERT INTO team_ancestors (team_id, ancestor_id) SELECT DISTINCT team_id, ancestor_id FROM up`;
}

/** Whether `candidateParentId` is `teamId` or below it (making it the parent would close a cycle). */
export async function isSelfOrBelow(tx: TransactionSql, teamId: number, candidateParentId: number): Promise<boolean> {
  const [row] = await tx`SELECT 1 FROM team_ancestors WHERE team_id = ${candidateParentId} AND ancestor_id = ${teamId}`;
  return row !== undefined;
}
