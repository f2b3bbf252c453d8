// GitHub's repository-invitation body. Its node id is GitHub's legacy form
// (`base64("020:RepositoryInvitation<id>")`): Wharf resolves no invitation
// node, so `node(id:)` answers it as unknown, never a 500.
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { repositoryPayload } from '../webhooks/payloads/common.js';
import { simpleUser } from '../repos/user-view.js';
import { isoSeconds } from '../views/timestamps.js';
import type { InvitationRow } from './invitations-store.js';

export const invitationNodeId = (id: number) => Buffer.from(`020:RepositoryInvitation${id}`).toString('base64');

export function invitationView(
  row: InvitationRow,
  repo: RepositoryRow,
  people: ReadonlyMap<number, AccountRow>,
  urls: Urls,
) {
  const person = (id: number | null) => {
    const account = id === null ? undefined : people.get(id);
    return account ? simpleUser(account, urls) : null;
  };
  return {
    id: row.id,
    node_id: invitationNodeId(row.id),
    repository: repositoryPayload(repo, urls),
    invitee: person(row.invitee_id),
    inviter: person(row.inviter_id),
    permissions: row.permission,
    created_at: isoSeconds(row.created_at),
    expired: row.expired,
    url: urls.api(`/user/repository_invitations/${row.id}`),
    html_url: urls.html(`/${repo.owner_login}/${repo.name}/invitations`),
  };
}

/** The accounts the rows name (invitees and inviters), in one read. */
export function peopleOf(rows: readonly InvitationRow[]): number[] {
  return [...new Set(rows.flatMap((row) => [row.invitee_id, ...(row.inviter_id === null ? [] : [row.inviter_id])]))];
}
