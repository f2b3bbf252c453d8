// A user who leaves an organization leaves its teams (GitHub removes a former
// member from every team): in the transaction that removes the membership,
// before its row goes (the trigger of migration 040 would otherwise delete the
// team rows silently and leave nothing to tell), the user's team rows are
// deleted and read back, the repositories their grants reached are published
// (as a team member's removal does: team-service.ts), and after the removal
// one `membership` removed (scope team) is written per team left. Review
// requests made to those teams stay: they are the team's, not the member's.
import type { Topic } from '../db/cache-invalidation.js';
import type { TransactionSql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { emitMembershipEvent, type TeamEventSource } from './team-events.js';
import { publishRepositories, repositoriesOfSubtree } from './team-invalidation.js';
import type { TeamRow } from './team-row.js';

export interface TeamsLeft {
  teams: TeamRow[];
  /** The topics published in the transaction, for the caller to apply locally after commit. */
  topics: Topic[];
}

/** Deletes `userId`'s memberships of the teams of `orgId`; the teams (by id) and the topics published. */
export async function leaveOrganizationTeams(tx: TransactionSql, orgId: number, userId: number): Promise<TeamsLeft> {
  const teams = await tx<TeamRow[]>`
    SELECT t.* FROM team_members tm JOIN teams t ON t.id = tm.team_id
    WHERE t.org_id = ${orgId} AND tm.user_id = ${userId} ORDER BY t.id FOR UPDATE OF tm`;
  if (teams.length === 0) return { teams, topics: [] };
  // Read while the user is still a member: the grants they lose are those their teams gave.
  const repositories: number[] = [];
  for (const team of teams) repositories.push(...(await repositoriesOfSubtree(tx, team.id)));
  await tx`DELETE FROM team_members WHERE user_id = ${userId} AND team_id = ANY(${teams.map((team) => team.id)})`;
  return { teams, topics: await publishRepositories(tx, repositories) };
}

/** One `membership` removed per team left, `source.principal` its sender. */
export async function teamsLeftEvents(
  tx: TransactionSql,
  source: TeamEventSource,
  teams: readonly TeamRow[],
  member: Pick<AccountRow, 'id' | 'login' | 'kind' | 'site_admin'>,
): Promise<void> {
  for (const team of teams) await emitMembershipEvent(tx, source, 'removed', team, member);
}
