// Members and public members (issue 37): lists, checks, removal, and a
// member's own public membership.
import { membershipOf } from '../../access/organization-memberships-sql.js';
import { seesPrivateMemberships } from '../../access/organization-standing.js';
import { forbidden, notFound } from '../../errors/domain-error.js';
import type { Handler, OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { simpleUser } from '../../repos/user-view.js';
import { removeFromOrganization } from '../member-removal.js';
import { setPublicMembership } from '../memberships.js';
import { membersPage } from '../members-list.js';
import { ensureOwner, organizationOf } from './org-lookup.js';

const NO_CONTENT = { status: 204 as const, body: undefined };

async function userNamed<K extends OperationId>(ctx: OperationContext<K>, login: string) {
  const user = await ctx.services.accounts.byLogin(login);
  if (user?.kind !== 'User') throw notFound();
  return user;
}

async function memberList<K extends 'orgs/list-members' | 'orgs/list-public-members'>(
  ctx: OperationContext<K>,
  orgId: number,
  all: boolean,
  role: 'all' | 'admin' | 'member',
  nobody: boolean,
) {
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = nobody
    ? { rows: [], total: 0 }
    : await membersPage(sql, orgId, { all, role, limit: page.perPage, offset: page.offset });
  return {
    status: 200 as const,
    body: rows.map((row) => simpleUser(row, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
}

// Members see every member; others the public ones. Wharf has no two-factor authentication: `2fa_disabled` lists nobody.
export const listMembers: Handler<'orgs/list-members'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  const { query } = await ctx.input();
  return memberList(
    ctx,
    org.id,
    seesPrivateMemberships(standing),
    query.role ?? 'all',
    query.filter === '2fa_disabled',
  );
};

export const listPublicMembers: Handler<'orgs/list-public-members'> = async (ctx) => {
  const { org } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  return memberList(ctx, org.id, false, 'all', false);
};

// GitHub: 204 for a member the caller may see; a caller outside the organization is sent to the public check (302).
export const checkMembership: Handler<'orgs/check-membership-for-user'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  const user = await ctx.services.accounts.byLogin(ctx.params.username);
  const membership = user ? await membershipOf(ctx.services.sql, org.id, user.id) : null;
  if (!seesPrivateMemberships(standing)) {
    const location = ctx.services.urls.api(`/orgs/${org.login}/public_members/${ctx.params.username}`);
    return { status: 302, body: undefined, headers: { Location: location } };
  }
  if (!membership) throw notFound();
  return NO_CONTENT;
};

export const checkPublicMembership: Handler<'orgs/check-public-membership-for-user'> = async (ctx) => {
  const { org } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  const user = await ctx.services.accounts.byLogin(ctx.params.username);
  const membership = user ? await membershipOf(ctx.services.sql, org.id, user.id) : null;
  if (!membership?.public) throw notFound();
  return NO_CONTENT;
};

export const removeMember: Handler<'orgs/remove-member'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const user = await userNamed(ctx, ctx.params.username);
  if (!(await removeFromOrganization(ctx.services, org, user, ctx.principal))) throw notFound();
  return NO_CONTENT;
};

/** Only a member's own membership, by their own login: another is 403, as on GitHub. */
async function ownPublicity<
  K extends
    | 'orgs/set-public-membership-for-authenticated-user'
    | 'orgs/remove-public-membership-for-authenticated-user',
>(ctx: OperationContext<K>, params: { org: string; username: string }, value: boolean) {
  const me = ctx.user();
  const { org } = await organizationOf(ctx, params.org);
  ctx.checkScopes();
  if (params.username.toLowerCase() !== me.user.login.toLowerCase())
    throw forbidden('You can only publicize or conceal your own membership.');
  if (!(await setPublicMembership(ctx.services.sql, org.id, me.user.id, value)))
    throw forbidden('You must be a member of the organization.');
  return NO_CONTENT;
}

export const publicizeMembership: Handler<'orgs/set-public-membership-for-authenticated-user'> = (ctx) =>
  ownPublicity(ctx, ctx.params, true);
export const concealMembership: Handler<'orgs/remove-public-membership-for-authenticated-user'> = (ctx) =>
  ownPublicity(ctx, ctx.params, false);
