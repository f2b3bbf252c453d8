import { forbidden } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { invitationView, peopleOf } from '../invitation-view.js';
import { invitationsOfInvitee } from '../invitations-store.js';

// The signed-in user's open invitations. The invitee sees the repository
// they are invited to (private or not): the invitation is what lets them.
export const listInvitationsForAuthenticatedUser: Handler<'repos/list-invitations-for-authenticated-user'> = async (
  ctx,
) => {
  const { user, installation } = ctx.user();
  if (installation) throw forbidden('Resource not accessible by integration');
  const { query } = await ctx.input();
  const { sql, urls, accounts, repos } = ctx.services;
  const page = pageRequest(query);
  const { rows, total } = await invitationsOfInvitee(sql, user.id, page.perPage, page.offset);
  const [people, repositories] = await Promise.all([
    accounts.byIds(peopleOf(rows)),
    repos.byIds(rows.map((row) => row.repository_id)),
  ]);
  const shown = rows.flatMap((row) => {
    const repo: RepositoryRow | undefined = repositories.get(row.repository_id);
    return repo ? [invitationView(row, repo, people, urls)] : [];
  });
  return { status: 200, body: shown, headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total) };
};
