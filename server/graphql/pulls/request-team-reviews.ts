// requestReviews' teams: `teamIds` (T_… node ids) read as the slugs REST's
// team_reviewers names, and the set of requested teams replaced (or, with
// `union`, added to) in the mutation's transaction, through the same service
// as REST (pulls/team-review-requests.ts), so a team without access to the
// repository is REST's "not a collaborator" refusal.
import type { EventContext } from '../../issues/issue-webhooks.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import type { RepositoryLookup } from '../../pulls/pull-view.js';
import {
  removeTeamReviewRequests,
  requestedTeamSlugs,
  requestTeamReviewers,
} from '../../pulls/team-review-requests.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { teamsById } from '../../teams/teams-store.js';
import type { GraphqlContext } from '../core/context.js';
import { nodeNotFound } from '../core/errors.js';

/** The slugs of the teams `ids` name; NOT_FOUND for an id that is no team of the repository's owner. */
export async function teamSlugsOf(ctx: GraphqlContext, repo: RepositoryRow, ids: readonly string[]): Promise<string[]> {
  const decoded = ids.map((id) => decodeNodeIdOf(id, 'Team'));
  const teams = await teamsById(
    ctx.services.sql,
    decoded.filter((id) => id !== null),
  );
  return ids.map((id, i) => {
    const team = decoded[i] === null ? undefined : teams.get(decoded[i]!);
    if (!team || team.org_id !== repo.owner_id) throw nodeNotFound(id);
    return team.slug;
  });
}

/** Asks the teams `slugs`; without `union`, the teams asked now but not named are no longer asked. */
export async function changeRequestedTeams(
  events: EventContext,
  repos: RepositoryLookup,
  number: number,
  slugs: readonly string[],
  union: boolean,
): Promise<void> {
  const now = await requestedTeamSlugs(events, number);
  const lower = (list: readonly string[]) => new Set(list.map((slug) => slug.toLowerCase()));
  const [wanted, current] = [lower(slugs), lower(now)];
  const dropped = union ? [] : now.filter((slug) => !wanted.has(slug.toLowerCase()));
  const added = slugs.filter((slug) => !current.has(slug.toLowerCase()));
  if (dropped.length > 0) await removeTeamReviewRequests(events, repos, number, dropped);
  if (added.length > 0) await requestTeamReviewers(events, repos, number, added);
}
