import { granteesOf } from '../../access/repository-grantees.js';
import { holdingAtLeast } from '../../access/collaborator-access.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { collaboratorView, permissionFromInput } from '../collaborator-view.js';
import { collaboratorsRepository } from './collaborators-access.js';

// Everyone holding a grant, by login (access/repository-grantees.ts, shared
// with GraphQL's Repository.collaborators); `permission` keeps those holding
// at least that level. The holders are bounded (MAX_GRANTEES), so the page is cut from them.
export const listCollaborators: Handler<'repos/list-collaborators'> = async (ctx) => {
  const { repo } = await collaboratorsRepository(ctx, 'read-people');
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const least = query.permission ? permissionFromInput(query.permission) : null;
  const grantees = holdingAtLeast(await granteesOf(sql, repo.id, { affiliation: query.affiliation ?? 'all' }), least);
  const page = pageRequest(query);
  return {
    status: 200,
    body: grantees
      .slice(page.offset, page.offset + page.perPage)
      .map((grantee) => collaboratorView(grantee.account, grantee.permission, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, grantees.length),
  };
};
