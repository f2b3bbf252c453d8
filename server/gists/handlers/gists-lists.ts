// The gist lists. Secret gists appear only in their owner's own lists
// (access/gist-access.ts listsGist is the rule the SQL filters follow).
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { ensureGistAccess } from '../gist-refusals.js';
import { gistListAnswer, sinceOf } from './gist-list-answer.js';
import { gistFor } from './gist-lookup.js';

// Anonymous callers get the public timeline, as GitHub answers them.
export const gistsList: Handler<'gists/list'> = async (ctx) => {
  ensureGistAccess(ctx.principal, null, 'list');
  const { query } = await ctx.input();
  const since = sinceOf(query);
  if (ctx.principal.kind !== 'token') return gistListAnswer(ctx, query, { kind: 'public', since });
  return gistListAnswer(ctx, query, { kind: 'owner', ownerId: ctx.principal.user.id, withSecret: true, since });
};

export const gistsListPublic: Handler<'gists/list-public'> = async (ctx) => {
  ensureGistAccess(ctx.principal, null, 'list');
  const { query } = await ctx.input();
  return gistListAnswer(ctx, query, { kind: 'public', since: sinceOf(query) });
};

export const gistsListStarred: Handler<'gists/list-starred'> = async (ctx) => {
  ensureGistAccess(ctx.principal, null, 'list');
  const accountId = ctx.user().user.id;
  const { query } = await ctx.input();
  return gistListAnswer(ctx, query, { kind: 'starred', accountId, since: sinceOf(query) });
};

export const gistsListForUser: Handler<'gists/list-for-user'> = async (ctx) => {
  ensureGistAccess(ctx.principal, null, 'list');
  const account = await ctx.services.accounts.byLogin(ctx.params.username);
  if (!account) throw notFound();
  const { query } = await ctx.input();
  const own = ctx.principal.kind === 'token' && ctx.principal.user.id === account.id;
  return gistListAnswer(ctx, query, { kind: 'owner', ownerId: account.id, withSecret: own, since: sinceOf(query) });
};

export const gistsListForks: Handler<'gists/list-forks'> = async (ctx) => {
  const row = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'read');
  const { query } = await ctx.input();
  return gistListAnswer(ctx, query, { kind: 'forks', gistId: row.id });
};
