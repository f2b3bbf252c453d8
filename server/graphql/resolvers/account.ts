// The RepositoryOwner interface, `Query.viewer`, `Query.user` and
// `Query.organization` (users, organizations and bots share one accounts
// table: their fields are in ../accounts/). Accounts are always visible.
import { canMatchText } from '../../db/text-values.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError, notFoundError } from '../core/errors.js';
import type { QueryResolvers, RepositoryOwnerResolvers } from '../generated/resolvers-types.js';

/** Where a bot cannot be (RepositoryOwner: bots own nothing; unions without Bot): users and organizations. */
export const accountType = (account: AccountRow): 'User' | 'Organization' =>
  account.kind === 'Organization' ? 'Organization' : 'User';

/** An Actor or Node: apps' bot accounts (`<slug>[bot]`, REST's `type: "Bot"`) are Bots. */
export const actorType = (account: AccountRow): 'User' | 'Organization' | 'Bot' => account.kind;

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
