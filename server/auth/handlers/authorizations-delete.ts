import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';
import { revokeEverywhere } from '../revoke-token.js';

// Revokes a personal token. Someone else's token id is a 404 (its existence is
// not revealed) unless the caller is a site admin. The 204 is sent once every
// live server process has acknowledged dropping the token from its cache, so
// no request that starts after it can still be accepted.
export const deleteAuthorization: Handler<'authorizations/delete'> = async (ctx) => {
  const me = ctx.user();
  ctx.checkScopes();
  const id = ctx.params.authorization_id;
  const token = await ctx.services.tokens.byId(id);
  if (!token || (token.user_id !== me.user.id && !me.user.siteAdmin)) throw notFound();
  if (!(await revokeEverywhere(ctx.services, id))) throw notFound();
  return { status: 204, body: undefined };
};
