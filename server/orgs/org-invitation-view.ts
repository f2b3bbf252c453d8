// GitHub's organization-invitation body. An invitation that expired
// unaccepted is GitHub's failed invitation: `failed_at` is when it expired.
// GitHub's description requires an inviter; one whose account is gone is
// shown as the organization, which stands for its former owners.
import { Buffer } from 'node:buffer';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { simpleUser } from '../repos/user-view.js';
import { isoSeconds } from '../views/timestamps.js';
import type { OrgInvitationRow } from './org-invitations-store.js';

/** GitHub's legacy node id of an organization invitation (`022:OrganizationInvitation<id>`). */
export const orgInvitationNodeId = (id: number) => Buffer.from(`022:OrganizationInvitation${id}`).toString('base64');

export const EXPIRED_REASON = 'Invitation expired. User did not accept this invite for 7 days';

export function orgInvitationView(row: OrgInvitationRow, org: AccountRow, urls: Urls, now = new Date()) {
  const failed = row.expires_at.getTime() <= now.getTime();
  return {
    id: row.id,
    login: row.invitee_login,
    node_id: orgInvitationNodeId(row.id),
    email: row.email,
    role: row.role,
    created_at: isoSeconds(row.created_at),
    failed_at: failed ? isoSeconds(row.expires_at) : null,
    failed_reason: failed ? EXPIRED_REASON : null,
    inviter: simpleUser(row.inviter ?? org, urls),
    team_count: row.team_count,
    invitation_teams_url: urls.api(`/orgs/${org.login}/invitations/${row.id}/teams`),
    invitation_source: 'member' as const,
  };
}
