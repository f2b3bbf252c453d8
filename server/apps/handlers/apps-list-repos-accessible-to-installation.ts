import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeader, pageRequest } from '../../paging/pagination.js';
import { repositoryView } from '../../repos/repository-view.js';
import { grantPermission } from '../../access/installation-grant.js';
import { countReachable, reachablePage } from '../installation-repositories.js';

export const listReposAccessibleToInstallation: Handler<'apps/list-repos-accessible-to-installation'> = async (ctx) => {
  const grant = ctx.user().installation;
  if (!grant)
    throw forbidden(
      'You must authenticate with an installation access token in order to list repositories for an installation.',
    );
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const reach = { accountId: grant.accountId, repositoryIds: grant.repositoryIds };
  const total = await countReachable(sql, reach);
  const rows = await reachablePage(sql, reach, { limit: page.perPage, offset: page.offset }, total);
  const permission = grantPermission(grant);
  const link = linkHeader(urls.apiRequest(ctx.event.url), page, total);
  const headers: Record<string, string> = link ? { Link: link } : {};
  return {
    status: 200,
    body: {
      total_count: total,
      repository_selection: grant.repositorySelection,
      repositories: rows.map((repo) => repositoryView(repo, permission, urls)),
    },
    headers,
  };
};
