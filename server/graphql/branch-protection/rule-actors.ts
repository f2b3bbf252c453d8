// The actor ids of the rule mutations' lists (pushActorIds,
// bypassPullRequestActorIds, bypassForcePushActorIds,
// reviewDismissalActorIds) as the rule's stored actor lists: node ids of
// users (U_), of teams of the repository's organization the caller sees
// (T_), and of apps (A_). An id that names none of these, or a team the
// caller may not see or of another organization, is NOT_FOUND, GitHub's
// answer for an id it cannot resolve. As REST's lists: users and teams on
// organization repositories only, at most 100 actors in one list.
import { decodeNodeId } from '../../ids/node-id.js';
import type { ActorLists } from '../../branch-protection/protections-store.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError, nodeNotFound } from '../core/errors.js';
import { loadTeam } from '../teams/team-visibility.js';

export const MAX_ACTORS = 100;

/** The stored lists of the actors behind `ids` (duplicates once). */
export async function actorListsOf(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  ids: readonly string[],
): Promise<ActorLists> {
  if (ids.length > MAX_ACTORS)
    throw githubError('UNPROCESSABLE', 'The list of users, apps, and teams in total is limited to 100 items.');
  // All at once, so the loaders read each kind of actor in one statement.
  const found = await Promise.all(
    ids.map(async (id) => {
      const decoded = decodeNodeId(id);
      const list = decoded === null || decoded.oid !== undefined ? null : await actorOf(ctx, repo, decoded);
      return { id, list, actorId: decoded?.id ?? 0 };
    }),
  );
  const lists: ActorLists = { users: [], teams: [], apps: [] };
  for (const { id, list, actorId } of found) {
    if (list === null) throw nodeNotFound(id); // the first unknown id, in the input's order
    if (!lists[list].includes(actorId)) lists[list].push(actorId);
  }
  if (repo.owner_kind !== 'Organization' && lists.users.length + lists.teams.length > 0)
    throw githubError('UNPROCESSABLE', 'Only organization repositories can have users and team restrictions');
  return lists;
}

/** Which list the decoded id goes to, or null when it names no actor this rule may hold. */
async function actorOf(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  decoded: { type: string; id: number },
): Promise<keyof ActorLists | null> {
  switch (decoded.type) {
    case 'User': {
      const account = await ctx.loaders.accountById.load(decoded.id);
      return account?.kind === 'User' ? 'users' : null;
    }
    case 'Team': {
      const team = await loadTeam(ctx, decoded.id);
      return team !== null && team.org_id === repo.owner_id ? 'teams' : null;
    }
    case 'App':
      return (await ctx.loaders.appById.load(decoded.id)) === null ? null : 'apps';
    default:
      return null;
  }
}
