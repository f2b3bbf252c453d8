import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { isGistStarred, starGist, unstarGist } from '../gists-store.js';
import { gistFor } from './gist-lookup.js';

export const gistsStar: Handler<'gists/star'> = async (ctx) => {
  const row = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'star');
  ctx.checkScopes();
  await starGist(ctx.services.sql, row.id, ctx.user().user.id);
  return { status: 204, body: undefined };
};

export const gistsUnstar: Handler<'gists/unstar'> = async (ctx) => {
  const row = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'star');
  ctx.checkScopes();
  await unstarGist(ctx.services.sql, row.id, ctx.user().user.id);
  return { status: 204, body: undefined };
};

// Reading one's own stars needs no `gist` scope: only a signed-in user (GitHub's 404 answers "not starred").
export const gistsCheckIsStarred: Handler<'gists/check-is-starred'> = async (ctx) => {
  const row = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'read');
  const user = ctx.user();
  ctx.checkScopes();
  if (!(await isGistStarred(ctx.services.sql, row.id, user.user.id))) throw notFound();
  return { status: 204, body: undefined };
};
