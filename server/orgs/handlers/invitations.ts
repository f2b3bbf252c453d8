// Organization invitations (issue 37): owners list, create and cancel them,
// and list an invitation's teams. An invitation is a pending membership
// (memberships.ts): accepted through `PATCH /user/memberships/orgs/{org}`.
import { notFound } from '../../errors/domain-error.js';
import type { Handler, OperationContext } from '../../http/operation-context.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { teamsById } from '../../teams/teams-store.js';
import { teamView } from '../../teams/team-view.js';
import { cancelOrgInvitation, createOrgInvitation } from '../org-invitations.js';
import { invitationById, invitationsOf, invitationTeamIds, type InvitationState } from '../org-invitations-store.js';
import { orgInvitationView } from '../org-invitation-view.js';
import { ensureOwner, organizationOf } from './org-lookup.js';

type ListOperation = 'orgs/list-pending-invitations' | 'orgs/list-failed-invitations';

async function invitationList<K extends ListOperation>(
  ctx: OperationContext<K>,
  org: AccountRow,
  state: InvitationState,
  filter: { role?: string; source?: string; page?: number; per_page?: number },
) {
  const { sql, urls } = ctx.services;
  const page = pageRequest(filter);
  const wanted = filter.role ?? 'all';
  // Wharf has no billing or hiring managers and no SCIM: those filters list nobody.
  const role = wanted === 'admin' || wanted === 'direct_member' ? wanted : null;
  const nobody = (wanted !== 'all' && role === null) || filter.source === 'scim';
  const { rows, total } = nobody
    ? { rows: [], total: 0 }
    : await invitationsOf(sql, org.id, { state, role, limit: page.perPage, offset: page.offset });
  return {
    status: 200 as const,
    body: rows.map((row) => orgInvitationView(row, org, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
}

export const listPendingInvitations: Handler<'orgs/list-pending-invitations'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const { query } = await ctx.input();
  return invitationList(ctx, org, 'pending', { ...query, source: query.invitation_source });
};

export const listFailedInvitations: Handler<'orgs/list-failed-invitations'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const { query } = await ctx.input();
  return invitationList(ctx, org, 'failed', query);
};

export const createInvitation: Handler<'orgs/create-invitation'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const { body } = await ctx.input();
  const inviter = ctx.principal.kind === 'token' ? ctx.principal.user.id : null;
  const { sql, urls } = ctx.services;
  const row = await createOrgInvitation(sql, org, body ?? {}, inviter, { urls, sender: ctx.principal });
  return { status: 201, body: orgInvitationView(row, org, urls) };
};

export const cancelInvitation: Handler<'orgs/cancel-invitation'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  if (!(await cancelOrgInvitation(ctx.services.sql, org.id, ctx.params.invitation_id))) throw notFound();
  return { status: 204, body: undefined };
};

export const listInvitationTeams: Handler<'orgs/list-invitation-teams'> = async (ctx) => {
  const { org, standing } = await organizationOf(ctx, ctx.params.org);
  ctx.checkScopes();
  ensureOwner(standing);
  const { query } = await ctx.input();
  const { sql, urls } = ctx.services;
  if (!(await invitationById(sql, org.id, ctx.params.invitation_id))) throw notFound();
  const page = pageRequest(query);
  const ids = await invitationTeamIds(sql, ctx.params.invitation_id);
  const shown = ids.slice(page.offset, page.offset + page.perPage);
  const teams = await teamsById(sql, shown);
  const parents = await teamsById(
    sql,
    [...teams.values()].flatMap((team) => (team.parent_team_id ? [team.parent_team_id] : [])),
  );
  return {
    status: 200,
    body: shown.flatMap((id) => {
      const team = teams.get(id);
      if (!team) return [];
      return [teamView(team, org, urls, team.parent_team_id ? (parents.get(team.parent_team_id) ?? null) : null)];
    }),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, ids.length),
  };
};
