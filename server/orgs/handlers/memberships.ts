// Memberships (issue 37): a user's membership, active or pending, as owners,
// fellow members and the user themselves see it; owners set roles and invite;
// the user accepts.
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { removeFromOrganization } from '../member-removal.js';
import { acceptInvitation, membershipState, setMembership as setMembershipOf } from '../memberships.js';
import { membershipView } from '../membership-view.js';
import { membershipsOfUser } from '../members-list.js';
import { ensureOwner, organizationOf } from './org-lookup.js';

// The user sees their own; owners see pending ones too; fellow members active ones only.
export const getMembership: Handler<'orgs/get-membership-for-user'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  const user = await ctx.services.accounts.byLogin(ctx.params.username);
  if (user?.kind !== 'User') throw notFound();
  const membership = await membershipState(ctx.services.sql, org.id, user.id);
  const own = ctx.principal.kind === 'token' && !ctx.principal.installation && ctx.principal.user.id === user.id;
  const shown = membership && (own || standing === 'owner' || (standing === 'member' && membership.state === 'active'));
  if (!shown) throw notFound();
  return { status: 200, body: membershipView(org, user, membership, ctx.services.urls) };
};

export const setMembership: Handler<'orgs/set-membership-for-user'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const user = await ctx.services.accounts.byLogin(ctx.params.username);
  if (user?.kind !== 'User') throw notFound();
  const { body } = await ctx.input();
  // An installation invites as its app's bot account, as GitHub names it the inviter.
  const inviter = ctx.principal.kind === 'token' ? ctx.principal.user.id : null;
  const { sql, bus, urls } = ctx.services;
  const source = { urls, sender: ctx.principal };
  const membership = await setMembershipOf(sql, bus, org, user, body?.role ?? 'member', inviter, source);
  return { status: 200, body: membershipView(org, user, membership, urls) };
};

export const removeMembership: Handler<'orgs/remove-membership-for-user'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const user = await ctx.services.accounts.byLogin(ctx.params.username);
  if (user?.kind !== 'User' || !(await removeFromOrganization(ctx.services, org, user, ctx.principal)))
    throw notFound();
  return { status: 204, body: undefined };
};

export const listOwnMemberships: Handler<'orgs/list-memberships-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { query } = await ctx.input();
  const { sql, accounts, urls } = ctx.services;
  const page = pageRequest(query);
  const user = (await accounts.byId(me.user.id))!;
  const { rows, total } = await membershipsOfUser(sql, me.user.id, query.state ?? null, {
    limit: page.perPage,
    offset: page.offset,
  });
  return {
    status: 200,
    body: rows.map((row) => membershipView(row.org, user, row, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};

export const getOwnMembership: Handler<'orgs/get-membership-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { org } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  const membership = await membershipState(ctx.services.sql, org.id, me.user.id);
  if (!membership) throw notFound();
  const user = (await ctx.services.accounts.byId(me.user.id))!;
  return { status: 200, body: membershipView(org, user, membership, ctx.services.urls) };
};

// `state: active` accepts a pending invitation; an active membership answers as it is.
export const updateOwnMembership: Handler<'orgs/update-membership-for-authenticated-user'> = async (ctx) => {
  const me = ctx.user();
  const { org } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  await ctx.input();
  const { sql, bus, accounts, urls } = ctx.services;
  const current = await membershipState(sql, org.id, me.user.id);
  if (!current) throw notFound();
  const user = (await accounts.byId(me.user.id))!;
  const membership =
    current.state === 'active' ? current : await acceptInvitation(sql, bus, org, user, { urls, sender: ctx.principal });
  if (!membership) throw notFound();
  return { status: 200, body: membershipView(org, user, membership, urls) };
};
