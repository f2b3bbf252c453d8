import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { simpleUser } from '../../repos/user-view.js';
import { membersOf } from '../team-lists-store.js';
import { teamRequest } from './team-request.js';

export const listTeamMembers: Handler<'teams/list-members-in-org'> = async (ctx) => {
  const { team } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await membersOf(sql, team.id, query.role ?? 'all', {
    limit: page.perPage,
    offset: page.offset,
  });
  return {
    status: 200,
    body: rows.map((a) => simpleUser(a, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
