import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { privateUser } from '../../repos/user-view.js';

export const getAuthenticatedUser: Handler<'users/get-authenticated'> = async (ctx) => {
  const me = ctx.user();
  const { accounts, sql, urls } = ctx.services;
  ctx.checkScopes();
  const account = await accounts.byId(me.user.id);
  if (!account) throw notFound();
  const [counts] = await sql<{ public_repos: number; private_repos: number }[]>`
    SELECT count(*) FILTER (WHERE NOT private)::int AS public_repos, count(*) FILTER (WHERE private)::int AS private_repos
    FROM repositories WHERE owner_id = ${account.id}`;
  return {
    status: 200,
    body: privateUser(
      account,
      {
        public_repos: counts!.public_repos,
        total_private_repos: counts!.private_repos,
        owned_private_repos: counts!.private_repos,
      },
      urls,
    ),
  };
};
