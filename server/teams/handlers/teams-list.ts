import { teamsSeenBy } from '../../access/team-access.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { teamsOf } from '../team-lists-store.js';
import { teamView } from '../team-view.js';
import { orgRequest, parentsOf } from './team-request.js';

// The organization's teams the caller sees, by name; filtered in SQL before paging.
export const listTeams: Handler<'teams/list'> = async (ctx) => {
  const { org, standing } = await orgRequest(ctx, ctx.params.org);
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await teamsOf(sql, org.id, teamsSeenBy(sql, standing), {
    limit: page.perPage,
    offset: page.offset,
  });
  const parents = await parentsOf(ctx, rows);
  return {
    status: 200,
    body: rows.map((t) => teamView(t, org, urls, parents.get(t.parent_team_id ?? 0) ?? null)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
