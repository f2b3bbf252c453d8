import { repositoriesSeenBy } from '../../access/account-listing-sql.js';
import { ownPermission } from '../../access/user-permission.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { repositoryView } from '../../repos/repository-view.js';
import { repositoriesOf } from '../team-lists-store.js';
import { teamRequest } from './team-request.js';

// The team's own repositories that the caller can read, each with the caller's permissions.
export const listTeamRepositories: Handler<'teams/list-repos-in-org'> = async (ctx) => {
  const { team } = await teamRequest(ctx, ctx.params.org, ctx.params.team_slug);
  const { query } = await ctx.input();
  const { sql, urls, repos } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await repositoriesOf(sql, team.id, repositoriesSeenBy(sql, ctx.principal), {
    limit: page.perPage,
    offset: page.offset,
  });
  const user = ctx.principal.kind === 'token' ? ctx.principal.user : null;
  const permissions = await Promise.all(rows.map((row) => ownPermission(repos, row, user)));
  return {
    status: 200,
    body: rows.map((row, i) => repositoryView(row, permissions[i]!, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
