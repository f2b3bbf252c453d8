import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { publicUser } from '../../repos/user-view.js';
import { publicCounts } from '../public-repositories.js';

// Any account by login, organizations included (as GitHub answers them here,
// `type: Organization`).
export const getUserByUsername: Handler<'users/get-by-username'> = async (ctx) => {
  const { accounts, sql, urls } = ctx.services;
  const account = await accounts.byLogin(ctx.params.username);
  if (!account) throw notFound();
  ctx.checkScopes();
  return { status: 200, body: publicUser(account, await publicCounts(sql, account.id), urls) };
};
