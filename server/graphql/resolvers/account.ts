// Users and organizations (one accounts table), the RepositoryOwner
// interface, `Query.viewer`, `Query.user` and `Query.organization`. Accounts
// are always visible.
import { canMatchText } from '../../db/text-values.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import type { GraphqlContext } from '../core/context.js';
import { listConnection } from '../core/connection.js';
import { githubError, notFoundError } from '../core/errors.js';
import type {
  OrganizationResolvers,
  QueryResolvers,
  RepositoryOwnerResolvers,
  UserResolvers,
} from '../generated/resolvers-types.js';

const accountFields = {
  id: (account: AccountRow) => encodeNodeId(account.kind, account.id),
  databaseId: (account: AccountRow) => account.id,
  login: (account: AccountRow) => account.login,
  name: (account: AccountRow) => account.name,
  url: (account: AccountRow, _args: unknown, ctx: GraphqlContext) => ctx.services.urls.html(`/${account.login}`),
};

export const User: UserResolvers = accountFields;
export const Organization: OrganizationResolvers = {
  ...accountFields,
  // No teams here; `gh pr edit --add-reviewer` lists them all the same.
  teams: (_org, args) => listConnection<never>([], args, 'teams'),
};

/** Bot accounts (apps' `<slug>[bot]`) own nothing and are not served: only users and organizations get here. */
export const accountType = (account: AccountRow): 'User' | 'Organization' =>
  account.kind === 'Organization' ? 'Organization' : 'User';

export const RepositoryOwner: RepositoryOwnerResolvers = {
  __resolveType: accountType,
};

export const viewerQuery: NonNullable<QueryResolvers['viewer']> = async (_parent, _args, ctx) => {
  // mount.ts only runs GraphQL for authenticated callers.
  const { viewerId } = ctx.access;
  if (viewerId === null) throw new Error('viewer without an authenticated principal');
  // As on GitHub: an app acting as an installation is nobody's viewer.
  if (ctx.access.asInstallation) throw githubError('FORBIDDEN', 'Resource not accessible by integration');
  const account = await ctx.loaders.accountById.load(viewerId);
  if (!account) throw new Error(`token of a missing account ${viewerId}`);
  return account;
};

/** The account `login` names when it is of `kind`; GitHub's NOT_FOUND otherwise (a user is no organization, nor the reverse). */
async function accountOfKind(ctx: GraphqlContext, login: string, kind: 'User' | 'Organization'): Promise<AccountRow> {
  const account = canMatchText(login) ? await ctx.services.accounts.byLogin(login) : null;
  // Apps' bot accounts are neither.
  if (account === null || account.kind !== kind) {
    const article = kind === 'User' ? 'a User' : 'an Organization';
    throw notFoundError(`Could not resolve to ${article} with the login of '${login}'.`);
  }
  return account;
}

export const userQuery: NonNullable<QueryResolvers['user']> = (_parent, { login }, ctx) =>
  accountOfKind(ctx, login, 'User');
export const organizationQuery: NonNullable<QueryResolvers['organization']> = (_parent, { login }, ctx) =>
  accountOfKind(ctx, login, 'Organization');
