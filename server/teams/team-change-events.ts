// Which events each team change writes, in its transaction (team-service.ts
// calls these): the service says what changed, these turn it into GitHub's
// `team`, `membership` and `team_add` events (team-events.ts, team-add-event.ts).
import type { TransactionSql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { type RepositoryRow, SELECT_REPOSITORY } from '../repos/repository-row.js';
import { emitTeamAdd } from './team-add-event.js';
import {
  emitMembershipEvent,
  emitTeamEvent,
  permissionFlags,
  type TeamChanges,
  type TeamEventSource,
} from './team-events.js';
import type { TeamPermission, TeamRow } from './team-row.js';

type Member = Pick<AccountRow, 'id' | 'login' | 'kind' | 'site_admin'>;

async function member(tx: TransactionSql, userId: number): Promise<Member> {
  const [row] = await tx<Member[]>`SELECT id, login, kind, site_admin FROM accounts WHERE id = ${userId}`;
  return row!;
}

export async function teamMembershipEvent(
  tx: TransactionSql,
  source: TeamEventSource,
  action: 'added' | 'removed',
  team: TeamRow,
  userId: number,
) {
  await emitMembershipEvent(tx, source, action, team, await member(tx, userId));
}

/** `team` created, then the first maintainers' `membership` added and the first repositories' events. */
export async function teamCreatedEvents(
  tx: TransactionSql,
  source: TeamEventSource,
  team: TeamRow,
  maintainerIds: readonly number[],
  repositoryIds: readonly number[],
) {
  await emitTeamEvent(tx, source, 'created', team);
  for (const id of maintainerIds) await teamMembershipEvent(tx, source, 'added', team, id);
  for (const id of repositoryIds) await teamRepositoryEvents(tx, source, team, id, null, 'pull');
}

/** `team` edited with GitHub's `changes` (previous values); nothing when nothing GitHub reports changed. */
export async function teamEditedEvent(tx: TransactionSql, source: TeamEventSource, before: TeamRow, after: TeamRow) {
  const changes: TeamChanges = {};
  if (before.name !== after.name) changes.name = { from: before.name };
  if (before.description !== after.description) changes.description = { from: before.description ?? '' };
  if (before.privacy !== after.privacy) changes.privacy = { from: before.privacy };
  if (before.notification_setting !== after.notification_setting)
    changes.notification_setting = { from: before.notification_setting };
  // A new parent is an edit too, though GitHub's `changes` has no field for it.
  if (Object.keys(changes).length === 0 && before.parent_team_id === after.parent_team_id) return;
  await emitTeamEvent(tx, source, 'edited', after, { changes });
}

/** `team` deleted for the team and each team below it (GitHub deletes them with it), before the rows go. */
export async function teamDeletedEvents(tx: TransactionSql, source: TeamEventSource, team: TeamRow) {
  const below = await tx<TeamRow[]>`SELECT t.* FROM teams t JOIN team_ancestors ta ON ta.team_id = t.id
    WHERE ta.ancestor_id = ${team.id} AND t.id <> ${team.id} ORDER BY t.id`;
  for (const t of [team, ...below]) await emitTeamEvent(tx, source, 'deleted', t);
}

/**
 * A team's grant on a repository changed from `before` to `after` (null: none):
 * new is `team_add` (repository hooks, and organization hooks subscribed to it)
 * and `team` added_to_repository; gone is removed_from_repository; another
 * permission is `team` edited with the previous flags.
 */
export async function teamRepositoryEvents(
  tx: TransactionSql,
  source: TeamEventSource,
  team: TeamRow,
  repositoryId: number,
  before: TeamPermission | null,
  after: TeamPermission | null,
) {
  if (before === after) return;
  if (before === null) {
    const [repo] = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ${repositoryId}`;
    const [parent] =
      team.parent_team_id === null ? [] : await tx<TeamRow[]>`SELECT * FROM teams WHERE id = ${team.parent_team_id}`;
    await emitTeamAdd(tx, { ...source, team, parent: parent ?? null, repo: repo! });
    await emitTeamEvent(tx, source, 'added_to_repository', team, { repositoryId });
  } else if (after === null) {
    await emitTeamEvent(tx, source, 'removed_from_repository', team, { repositoryId });
  } else {
    const changes = { repository: { permissions: { from: permissionFlags(before) } } };
    await emitTeamEvent(tx, source, 'edited', team, { changes, repositoryId });
  }
}
