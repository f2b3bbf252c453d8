import { publicRepositoryCount } from '../../accounts/public-repositories.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { countsOf, teamsOfUser } from '../team-lists-store.js';
import { teamFullView } from '../team-view.js';
import { parentsOf } from './team-request.js';

// A person's own teams: an installation's bot is in none.
export const listMyTeams: Handler<'teams/list-for-authenticated-user'> = async (ctx) => {
  const principal = ctx.user();
  ctx.checkScopes();
  const { query } = await ctx.input();
  const { sql, urls, accounts } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = principal.installation
    ? { rows: [], total: 0 }
    : await teamsOfUser(sql, principal.user.id, { limit: page.perPage, offset: page.offset });
  const orgIds = [...new Set(rows.map((t) => t.org_id))];
  const [parents, counts, orgs, publicRepos] = await Promise.all([
    parentsOf(ctx, rows),
    countsOf(sql, rows),
    accounts.byIds(orgIds),
    // A page names few organizations (at most one per team).
    Promise.all(orgIds.map(async (id) => [id, await publicRepositoryCount(sql, id)] as const)),
  ]);
  const publicOf = new Map(publicRepos);
  const body = rows.map((t) =>
    teamFullView(
      t,
      orgs.get(t.org_id)!,
      urls,
      parents.get(t.parent_team_id ?? 0) ?? null,
      counts.get(t.id)!,
      publicOf.get(t.org_id) ?? 0,
    ),
  );
  return { status: 200, body, headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total) };
};
