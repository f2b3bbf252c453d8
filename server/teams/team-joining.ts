// A user who accepts an organization invitation naming teams joins those
// teams (GitHub's invitation `team_ids`): in the acceptance's transaction
// the team rows are written, the repositories the teams' grants reach are
// published (as adding a team member does: team-service.ts), and one
// `membership` added (scope team) is written per team joined, after the
// organization's `member_added`. A team the user was in already sends nothing.
import type { Topic } from '../db/cache-invalidation.js';
import type { TransactionSql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { emitMembershipEvent, type TeamEventSource } from './team-events.js';
import { publishRepositories, repositoriesOfSubtree } from './team-invalidation.js';
import type { TeamRow } from './team-row.js';

/** Adds `member` to the teams `teamIds` with their events; the topics published, for the caller to apply after commit. */
export async function joinInvitationTeams(
  tx: TransactionSql,
  source: TeamEventSource,
  teamIds: readonly number[],
  member: Pick<AccountRow, 'id' | 'login' | 'kind' | 'site_admin'>,
): Promise<Topic[]> {
  if (teamIds.length === 0) return [];
  const joined = await tx<{ team_id: number }[]>`
    INSERT INTO team_members (team_id, user_id)
    SELECT id, ${member.id} FROM teams WHERE id = ANY(${teamIds as number[]}) AND org_id = ${source.org.id}
    ON CONFLICT DO NOTHING RETURNING team_id`;
  const ids = joined.map((row) => Number(row.team_id)).sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const teams = await tx<TeamRow[]>`SELECT * FROM teams WHERE id = ANY(${ids}) ORDER BY id`;
  const repositories: number[] = [];
  for (const team of teams) repositories.push(...(await repositoriesOfSubtree(tx, team.id)));
  const topics = await publishRepositories(tx, repositories);
  for (const team of teams) await emitMembershipEvent(tx, source, 'added', team, member);
  return topics;
}
