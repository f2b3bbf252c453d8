import { teamsSeenBy } from '../../access/team-access.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { teamsOf } from '../team-lists-store.js';
import { teamView } from '../team-view.js';
import { teamRequest } from './team-request.js';

export const listChildTeams: Handler<'teams/list-child-in-org'> = async (ctx) => {
  const { org, standing, team } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await teamsOf(
    sql,
    org.id,
    teamsSeenBy(sql, standing),
    { limit: page.perPage, offset: page.offset },
    team.id,
  );
  return {
    status: 200,
    body: rows.map((t) => teamView(t, org, urls, team)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
