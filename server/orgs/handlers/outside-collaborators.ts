// Outside collaborators (issue 37): members list them; owners convert a
// member into one, or remove one from every repository of the organization.
import { seesPrivateMemberships } from '../../access/organization-standing.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import type { AccountStore } from '../../repos/accounts-store.js';
import { simpleUser } from '../../repos/user-view.js';
import {
  convertToOutsideCollaborator,
  outsideCollaboratorsOf,
  removeOutsideCollaborator,
} from '../outside-collaborators.js';
import { ensureOwner, organizationOf } from './org-lookup.js';

// Wharf has no two-factor authentication: `2fa_disabled` and `2fa_insecure` list nobody.
export const listOutsideCollaborators: Handler<'orgs/list-outside-collaborators'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  if (!seesPrivateMemberships(standing)) throw notFound();
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } =
    (query.filter ?? 'all') !== 'all'
      ? { rows: [], total: 0 }
      : await outsideCollaboratorsOf(sql, org.id, { limit: page.perPage, offset: page.offset });
  return {
    status: 200,
    body: rows.map((row) => simpleUser(row, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};

async function userNamed(accounts: AccountStore, login: string) {
  const user = await accounts.byLogin(login);
  if (user?.kind !== 'User') throw notFound();
  return user;
}

// Wharf converts at once; `async: true` is answered 202, as GitHub answers a queued conversion.
export const convertMemberToOutsideCollaborator: Handler<'orgs/convert-member-to-outside-collaborator'> = async (
  ctx,
) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const { body } = await ctx.input();
  const user = await userNamed(ctx.services.accounts, ctx.params.username);
  await convertToOutsideCollaborator(ctx.services, org, user, ctx.principal);
  if (body?.async) return { status: 202, body: {} };
  return { status: 204, body: undefined };
};

export const removeOutsideCollaboratorHandler: Handler<'orgs/remove-outside-collaborator'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const user = await userNamed(ctx.services.accounts, ctx.params.username);
  await removeOutsideCollaborator(ctx.services, org, user, ctx.principal);
  return { status: 204, body: undefined };
};
