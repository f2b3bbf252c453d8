// The writes of teams, each in one transaction that keeps the ancestry
// closure (team-ancestry.ts) and publishes the invalidation of every
// repository whose grants it moves (team-invalidation.ts), so REST, GraphQL,
// git and downloads in every process see a team change when it commits.
// Who may make a change is the access policy's; the edges ask it first.
import { applyTopicsLocally, type InvalidationBus } from '../db/cache-invalidation.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { conflict, validationFailed } from '../errors/domain-error.js';
import { isSelfOrBelow, lockTeamTree, rebuildAncestry } from './team-ancestry.js';
import {
  teamCreatedEvents,
  teamDeletedEvents,
  teamEditedEvent,
  teamMembershipEvent,
  teamRepositoryEvents,
} from './team-change-events.js';
import type { TeamEventSource } from './team-events.js';
import { publishRepositories, repositoriesOfSubtree } from './team-invalidation.js';
import { slugOf, type TeamPermission, type TeamPrivacy, type TeamRole, type TeamRow } from './team-row.js';

export interface TeamDeps {
  sql: Sql;
  bus?: Pick<InvalidationBus, 'applyLocally'>;
  /**
   * Who acts, for the `team`, `membership` and `team_add` events written in
   * each change's transaction; without it (fixtures) no event is written.
   */
  events?: TeamEventSource;
}

export interface TeamInput {
  name?: string;
  description?: string | null;
  privacy?: TeamPrivacy;
  notification_setting?: TeamRow['notification_setting'];
  /** A team of the same organization; null: a top-level team. */
  parent_team_id?: number | null;
}

const invalid = (field: string, message?: string) =>
  validationFailed([{ resource: 'Team', code: 'invalid', field, ...(message ? { message } : {}) }]);

/** Runs `change`, then publishes the repositories of the team's subtree read before and after it. */
async function changing<T>(
  deps: TeamDeps,
  teamId: number | null,
  change: (tx: TransactionSql) => Promise<{ result: T; teamId?: number; extra?: number[] }>,
): Promise<T> {
  const { result, topics } = await deps.sql.begin(async (tx) => {
    const before = teamId === null ? [] : await repositoriesOfSubtree(tx, teamId);
    const done = await change(tx);
    const id = done.teamId ?? teamId;
    const after = id === null ? [] : await repositoriesOfSubtree(tx, id);
    const topics = await publishRepositories(tx, [...before, ...after, ...(done.extra ?? [])]);
    return { result: done.result, topics };
  });
  applyTopicsLocally(deps.bus, topics);
  return result;
}

async function checkParent(tx: TransactionSql, orgId: number, teamId: number | null, parentId: number | null) {
  if (parentId === null) return;
  const [parent] = await tx`SELECT 1 FROM teams WHERE id = ${parentId} AND org_id = ${orgId}`;
  if (!parent) throw invalid('parent_team_id', 'Parent team must be a team of the same organization');
  if (teamId !== null && (await isSelfOrBelow(tx, teamId, parentId)))
    throw invalid('parent_team_id', 'A team cannot be nested under itself or a team below it');
}

async function checkName(tx: TransactionSql, orgId: number, teamId: number | null, name: string) {
  const slug = slugOf(name);
  if (name.trim() === '' || slug === '') throw invalid('name');
  const [taken] = await tx`SELECT 1 FROM teams WHERE org_id = ${orgId} AND id IS DISTINCT FROM ${teamId}
    AND (lower(slug) = ${slug} OR lower(name) = lower(${name}))`;
  if (taken) throw validationFailed([{ resource: 'Team', code: 'already_exists', field: 'name' }]);
  return slug;
}

export interface TeamSeed {
  /** Members of the organization made maintainers (the creator first, as on GitHub). */
  maintainerIds?: readonly number[];
  /** Repositories of the organization given `pull`. */
  repositoryIds?: readonly number[];
}

/** Creates a team; `creatorId` (a person, not an installation) becomes its first maintainer, as on GitHub. */
export function createTeam(
  deps: TeamDeps,
  orgId: number,
  input: TeamInput & { name: string },
  creatorId: number | null,
  seed: TeamSeed = {},
) {
  return changing(deps, null, async (tx) => {
    await lockTeamTree(tx, orgId);
    const slug = await checkName(tx, orgId, null, input.name);
    await checkParent(tx, orgId, null, input.parent_team_id ?? null);
    // GitHub: a child team is closed (a secret team cannot be nested).
    const privacy = input.privacy ?? (input.parent_team_id ? 'closed' : 'secret');
    if (privacy === 'secret' && input.parent_team_id) throw invalid('privacy');
    const [team] = await tx<
      TeamRow[]
    >`INSERT INTO teams (org_id, name, slug, description, privacy, notification_setting, parent_team_id)
      VALUES (${orgId}, ${input.name}, ${slug}, ${input.description ?? null}, ${privacy},
        ${input.notification_setting ?? 'notifications_enabled'}, ${input.parent_team_id ?? null}) RETURNING *`;
    await rebuildAncestry(tx, orgId);
    const maintainers = [...new Set([...(creatorId === null ? [] : [creatorId]), ...(seed.maintainerIds ?? [])])];
    for (const id of maintainers)
      await tx`INSERT INTO team_members (team_id, user_id, role) VALUES (${team!.id}, ${id}, 'maintainer')`;
    for (const id of new Set(seed.repositoryIds ?? []))
      await tx`INSERT INTO team_repositories (team_id, repository_id, permission) VALUES (${team!.id}, ${id}, 'pull')`;
    if (deps.events)
      await teamCreatedEvents(tx, deps.events, team!, maintainers, [...new Set(seed.repositoryIds ?? [])]);
    return { result: team!, teamId: team!.id };
  });
}

export function updateTeam(deps: TeamDeps, team: TeamRow, input: TeamInput) {
  return changing(deps, team.id, async (tx) => {
    await lockTeamTree(tx, team.org_id);
    const name = input.name ?? team.name;
    const slug = input.name === undefined ? team.slug : await checkName(tx, team.org_id, team.id, name);
    const parent = input.parent_team_id === undefined ? team.parent_team_id : input.parent_team_id;
    await checkParent(tx, team.org_id, team.id, parent);
    const privacy = input.privacy ?? (parent !== null ? 'closed' : team.privacy);
    if (privacy === 'secret' && parent !== null) throw invalid('privacy');
    const [row] = await tx<TeamRow[]>`UPDATE teams SET name = ${name}, slug = ${slug},
      description = ${input.description === undefined ? team.description : input.description},
      privacy = ${privacy}, notification_setting = ${input.notification_setting ?? team.notification_setting},
      parent_team_id = ${parent}, updated_at = now() WHERE id = ${team.id} RETURNING *`;
    if (!row) throw conflict('The team was deleted meanwhile');
    if (parent !== team.parent_team_id) await rebuildAncestry(tx, team.org_id);
    if (deps.events) await teamEditedEvent(tx, deps.events, team, row);
    return { result: row };
  });
}

/** Deletes the team and, as GitHub does, its child teams. */
export function deleteTeam(deps: TeamDeps, team: TeamRow) {
  return changing(deps, team.id, async (tx) => {
    await lockTeamTree(tx, team.org_id);
    const before = await repositoriesOfSubtree(tx, team.id);
    // Written while the subtree can still be read (each team's parent); they commit with the deletion.
    if (deps.events) await teamDeletedEvents(tx, deps.events, team);
    await tx`DELETE FROM teams WHERE id = ${team.id}`;
    await rebuildAncestry(tx, team.org_id);
    return { result: undefined, extra: before };
  });
}

/** Adds the user or changes their role; the user must be a member of the organization (the edge checks). */
export function setTeamMember(deps: TeamDeps, team: TeamRow, userId: number, role: TeamRole) {
  return changing(deps, team.id, async (tx) => {
    const [row] = await tx<{ added: boolean }[]>`
      INSERT INTO team_members (team_id, user_id, role) VALUES (${team.id}, ${userId}, ${role})
      ON CONFLICT (team_id, user_id) DO UPDATE SET role = EXCLUDED.role RETURNING (xmax = 0) AS added`;
    // A role change is no membership event on GitHub (it has no `edited`).
    if (row!.added && deps.events) await teamMembershipEvent(tx, deps.events, 'added', team, userId);
    return { result: undefined };
  });
}

/** False when the user was not a member of the team. */
export function removeTeamMember(deps: TeamDeps, team: TeamRow, userId: number) {
  return changing(deps, team.id, async (tx) => {
    const deleted = await tx`DELETE FROM team_members WHERE team_id = ${team.id} AND user_id = ${userId}`;
    if (deleted.count > 0 && deps.events) await teamMembershipEvent(tx, deps.events, 'removed', team, userId);
    return { result: deleted.count > 0 };
  });
}

/**
 * Grants the team `permission` on a repository of its organization; true when
 * the repository was new to the team (then `team_add` and `team`
 * added_to_repository; a changed permission is `team` edited).
 */
export function setTeamRepository(deps: TeamDeps, team: TeamRow, repositoryId: number, permission: TeamPermission) {
  return changing(deps, team.id, async (tx) => {
    const [previous] = await tx<{ permission: TeamPermission }[]>`SELECT permission FROM team_repositories
      WHERE team_id = ${team.id} AND repository_id = ${repositoryId} FOR UPDATE`;
    const [row] = await tx<{ added: boolean }[]>`
      INSERT INTO team_repositories (team_id, repository_id, permission) VALUES (${team.id}, ${repositoryId}, ${permission})
      ON CONFLICT (team_id, repository_id) DO UPDATE SET permission = EXCLUDED.permission
      RETURNING (xmax = 0) AS added`;
    if (deps.events)
      await teamRepositoryEvents(
        tx,
        deps.events,
        team,
        repositoryId,
        row!.added ? null : (previous?.permission ?? permission),
        permission,
      );
    return { result: row!.added, extra: [repositoryId] };
  });
}

/** False when the team had no grant on the repository. */
export function removeTeamRepository(deps: TeamDeps, team: TeamRow, repositoryId: number) {
  return changing(deps, team.id, async (tx) => {
    const deleted = await tx<{ permission: TeamPermission }[]>`DELETE FROM team_repositories
      WHERE team_id = ${team.id} AND repository_id = ${repositoryId} RETURNING permission`;
    if (deleted.count > 0 && deps.events)
      await teamRepositoryEvents(tx, deps.events, team, repositoryId, deleted[0]!.permission, null);
    return { result: deleted.count > 0, extra: [repositoryId] };
  });
}
