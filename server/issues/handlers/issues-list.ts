// GET /issues, /user/issues and /orgs/{org}/issues: the caller's issues
// across repositories, by `filter` (default: assigned to them).
import { scopesReachPrivate } from '../../access/token-scopes.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler, OperationContext, OperationInput } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../page-headers.js';
import { listIssuesAcross, type CrossRepositoryFilters } from '../issue-list.js';
import { issueViews } from '../issue-view.js';

type CrossOperation = 'issues/list' | 'issues/list-for-authenticated-user' | 'issues/list-for-org';

async function crossRepositoryIssues<K extends CrossOperation>(ctx: OperationContext<K>, orgId?: number) {
  const me = ctx.user();
  // The three operations share their query parameters (openapi.yaml).
  const { query } = (await ctx.input()) as unknown as OperationInput<'issues/list'>;
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const filters: CrossRepositoryFilters = {
    ...query,
    userId: me.user.id,
    includePrivate: scopesReachPrivate(me.scopes),
    orgId,
  };
  const { rows, total } = await listIssuesAcross(sql, filters, { limit: page.perPage, offset: page.offset });
  return { status: 200 as const, body: issueViews(rows, urls), headers: pageHeaders(urls, ctx.event.url, page, total) };
}

export const listIssues: Handler<'issues/list'> = (ctx) => crossRepositoryIssues(ctx);

export const listIssuesForUser: Handler<'issues/list-for-authenticated-user'> = (ctx) => crossRepositoryIssues(ctx);

export const listIssuesForOrg: Handler<'issues/list-for-org'> = async (ctx) => {
  ctx.user();
  const org = await ctx.services.accounts.byLogin(ctx.params.org);
  if (org?.kind !== 'Organization') throw notFound();
  return crossRepositoryIssues(ctx, org.id);
};
