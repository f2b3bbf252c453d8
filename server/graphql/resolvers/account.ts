// Users and organizations (one accounts table), the RepositoryOwner
// interface, and `Query.viewer`. Accounts are always visible.
import { encodeNodeId } from '../../ids/node-id.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import type { GraphqlContext } from '../context.js';
import { githubError } from '../errors.js';
import type {
  OrganizationResolvers, QueryResolvers, RepositoryOwnerResolvers, UserResolvers,
} from '../generated/resolvers-types.js';

const accountFields = {
  id: (account: AccountRow) => encodeNodeId(account.kind, account.id),
  databaseId: (account: AccountRow) => account.id,
  login: (account: AccountRow) => account.login,
  name: (account: AccountRow) => account.name,
  url: (account: AccountRow, _args: unknown, ctx: GraphqlContext) => ctx.services.urls.html(`/${account.login}`),
};

export const User: UserResolvers = accountFields;
export const Organization: OrganizationResolvers = accountFields;

/** Bot accounts (apps' `<slug>[bot]`) own nothing and are not served: only users and organizations get here. */
export const accountType = (account: AccountRow): 'User' | 'Organization' => (account.kind === 'Organization' ? 'Organization' : 'User');

export const RepositoryOwner: RepositoryOwnerResolvers = {
  __resolveType: accountType,
};

export const viewerQuery: NonNullable<QueryResolvers['viewer']> = async (_parent, _args, ctx) => {
  // mount.ts only runs GraphQL for authenticated callers.
  if (ctx.principal.kind !== 'token') throw new Error('viewer without an authenticated principal');
  // As on GitHub: an app acting as an installation is nobody's viewer.
  if (ctx.principal.installation) throw githubError('FORBIDDEN', 'Resource not accessible by integration');
  const account = await ctx.loaders.accountById.load(ctx.principal.user.id);
  if (!account) throw new Error(`token of a missing account ${ctx.principal.user.id}`);
  return account;
};
