import { notFound } from '../../http/api-error.js';
import type { Handler } from '../../http/operation-context.js';

// Revokes a personal token. Someone else's token id is a 404 (its existence is
// not revealed) unless the caller is a site admin. The 204 is sent only once
// this process has seen its own invalidation notice, i.e. PostgreSQL has
// dispatched it to every listening process.
export const deleteAuthorization: Handler<'authorizations/delete'> = async (ctx) => {
  const me = ctx.user();
  ctx.checkScopes();
  const { tokens, bus } = ctx.services;
  const id = ctx.params.authorization_id;
  const token = await tokens.byId(id);
  if (!token || (token.user_id !== me.user.id && !me.user.siteAdmin)) throw notFound();
  const seen = bus.seen(`token:${id}`);
  if (!(await tokens.revoke(id))) throw notFound();
  await seen;
  return { status: 204, body: undefined };
};
