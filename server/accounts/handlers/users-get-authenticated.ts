import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { privateUser } from '../../repos/user-view.js';

export const getAuthenticatedUser: Handler<'users/get-authenticated'> = async (ctx) => {
  const me = ctx.user();
  const { accounts, sql, urls } = ctx.services;
  ctx.checkScopes();
  const account = await accounts.byId(me.user.id);
  if (!account) throw notFound();
  // GitHub's private_gists are the user's secret gists: counted in this body of themselves only.
  const [counts] = await sql<
    { public_repos: number; private_repos: number; public_gists: number; private_gists: number }[]
  >`
    SELECT count(*) FILTER (WHERE NOT private)::int AS public_repos, count(*) FILTER (WHERE private)::int AS private_repos,
      (SELECT count(*)::int FROM gists WHERE owner_id = ${account.id} AND public) AS public_gists,
      (SELECT count(*)::int FROM gists WHERE owner_id = ${account.id} AND NOT public) AS private_gists
    FROM repositories WHERE owner_id = ${account.id}`;
  return {
    status: 200,
    body: privateUser(
      account,
      {
        public_repos: counts!.public_repos,
        total_private_repos: counts!.private_repos,
        owned_private_repos: counts!.private_repos,
        public_gists: counts!.public_gists,
        private_gists: counts!.private_gists,
      },
      urls,
    ),
  };
};
