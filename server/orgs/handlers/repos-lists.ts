// An organization's and a user's repositories (`GET /orgs/{org}/repos`,
// `GET /users/{username}/repos`): the account's repositories the caller may
// read (access/account-listing-sql.ts), in GitHub's filters and orders.
import { ownPermissions } from '../../access/user-permission.js';
import { type Affiliation, ownerRepositories, type OwnerRepositoryFilter } from '../../accounts/owner-repositories.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler, OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { repositoryView } from '../../repos/repository-view.js';

type Sort = 'created' | 'updated' | 'pushed' | 'full_name';
const FIELDS = { created: 'CREATED_AT', updated: 'UPDATED_AT', pushed: 'PUSHED_AT', full_name: 'NAME' } as const;

interface ListQuery {
  sort?: Sort;
  direction?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
}

async function answer<K extends OperationId>(
  ctx: OperationContext<K>,
  accountId: number,
  query: ListQuery,
  defaultSort: Sort,
  filter: Omit<OwnerRepositoryFilter, 'order' | 'affiliations'>,
) {
  const { sql, repos, urls } = ctx.services;
  const page = pageRequest(query);
  const sort = query.sort ?? defaultSort;
  const direction = query.direction ?? (sort === 'full_name' ? 'asc' : 'desc');
  const { rows, total } = await ownerRepositories(
    sql,
    ctx.principal,
    accountId,
    { ...filter, affiliations: [], order: { field: FIELDS[sort], direction: direction === 'asc' ? 'ASC' : 'DESC' } },
    { offset: page.offset, limit: page.perPage, fromEnd: false },
  );
  const viewer = ctx.principal.kind === 'token' && !ctx.principal.installation ? ctx.principal.user : null;
  const permissions = viewer ? await ownPermissions(repos, rows, viewer) : rows.map(() => null);
  return {
    status: 200 as const,
    body: rows.map((row, i) => repositoryView(row, permissions[i]!, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
}

// `member` (repositories the caller reaches through membership) lists what `all` does: Wharf has no teams yet.
export const listRepositoriesForOrg: Handler<'repos/list-for-org'> = async (ctx) => {
  const org = await ctx.services.accounts.byLogin(ctx.params.org);
  if (org?.kind !== 'Organization') throw notFound();
  const { query } = await ctx.input();
  const type = query.type ?? 'all';
  return answer(ctx, org.id, query, 'created', {
    ownerAffiliations: ['OWNER'],
    visibility: type === 'public' ? 'PUBLIC' : type === 'private' ? 'PRIVATE' : null,
    isFork: type === 'forks' ? true : type === 'sources' ? false : null,
  });
};

const USER_TYPES: Record<'all' | 'owner' | 'member', Affiliation[]> = {
  owner: ['OWNER'],
  member: ['COLLABORATOR', 'ORGANIZATION_MEMBER'],
  all: ['OWNER', 'COLLABORATOR', 'ORGANIZATION_MEMBER'],
};

export const listRepositoriesForUserAccount: Handler<'repos/list-for-user'> = async (ctx) => {
  const account = await ctx.services.accounts.byLogin(ctx.params.username);
  if (!account) throw notFound();
  const { query } = await ctx.input();
  return answer(ctx, account.id, query, 'full_name', { ownerAffiliations: USER_TYPES[query.type ?? 'owner'] });
};
