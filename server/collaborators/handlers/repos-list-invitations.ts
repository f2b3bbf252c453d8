import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { invitationView, peopleOf } from '../invitation-view.js';
import { invitationsOfRepository } from '../invitations-store.js';
import { collaboratorsRepository } from './collaborators-access.js';

// Admins only; expired invitations stay listed, with `expired: true`, as on GitHub.
export const listInvitations: Handler<'repos/list-invitations'> = async (ctx) => {
  const { repo } = await collaboratorsRepository(ctx, 'read-invitations');
  const { query } = await ctx.input();
  const { sql, urls, accounts } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await invitationsOfRepository(sql, repo.id, page.perPage, page.offset);
  const people = await accounts.byIds(peopleOf(rows));
  return {
    status: 200,
    body: rows.map((row) => invitationView(row, repo, people, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
