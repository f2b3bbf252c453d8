import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { emailsOf } from '../email-view.js';

// GET /user/emails: the caller's addresses (`user:email` or `user` on a classic token).
export const listEmails: Handler<'users/list-emails-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { query } = await ctx.input();
  const { accounts, urls } = ctx.services;
  const account = await accounts.byId(me.user.id);
  if (!account) throw notFound();
  const emails = emailsOf(account, urls.noreply(account));
  const page = pageRequest(query);
  return {
    status: 200,
    body: emails.slice(page.offset, page.offset + page.perPage),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, emails.length),
  };
};

// GET /user/public_emails: none, as Wharf shows no address publicly; the caller and scopes are checked all the same.
export const listPublicEmails: Handler<'users/list-public-emails-for-authenticated-user'> = async (ctx) => {
  ctx.user();
  await ctx.input();
  return { status: 200, body: [] };
};
