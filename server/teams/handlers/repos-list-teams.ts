import { permissionsObject } from '../../access/permissions.js';
import { orgStanding, teamsSeenBy } from '../../access/team-access.js';
import { accessRepository } from '../../http/repository-access.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { teamsOfRepository } from '../team-lists-store.js';
import { policyLevel } from '../team-row.js';
import { teamView } from '../team-view.js';
import { parentsOf } from './team-request.js';

// The teams with access to the repository, each with its permission there;
// a personal repository has none. Pushers see the list, as its collaborators.
export const listRepositoryTeams: Handler<'repos/list-teams'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { query } = await ctx.input();
  const { sql, urls, accounts } = ctx.services;
  const page = pageRequest(query);
  const org = await accounts.byId(repo.owner_id);
  if (org?.kind !== 'Organization') return { status: 200, body: [] };
  const standing = await orgStanding(sql, ctx.principal, org.id);
  const { rows, total } = await teamsOfRepository(sql, repo.id, teamsSeenBy(sql, standing), {
    limit: page.perPage,
    offset: page.offset,
  });
  const parents = await parentsOf(ctx, rows);
  const body = rows.map(({ granted, ...t }) => ({
    ...teamView(t, org, urls, parents.get(t.parent_team_id ?? 0) ?? null),
    permission: granted,
    permissions: permissionsObject(policyLevel(granted)),
  }));
  return { status: 200, body, headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total) };
};
