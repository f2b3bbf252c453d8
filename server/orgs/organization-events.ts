// The `organization` webhook event's membership actions, queued to the
// organization's hooks in the transaction of the change (so no change is
// lost and none is announced that did not commit): `member_invited` when an
// invitation (a pending membership) is made, `member_added` when a user
// becomes a member (an accepted invitation, `wharf admin add-member`),
// `member_removed` when a member leaves or is converted to an outside collaborator.
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { simpleUser, type AccountRef } from '../repos/user-view.js';
import { enqueueOrganizationEvent } from '../webhooks/org-hooks/organization-events.js';
import { installationField, installationOf, senderPayload, type Actor } from '../webhooks/payloads/common.js';
import { organizationPayload } from '../webhooks/payloads/organization.js';
import type { OrgInvitationRow } from './org-invitations-store.js';
import { orgInvitationView } from './org-invitation-view.js';

/** Who caused the event and how to write its URLs. */
export interface OrganizationEventSource {
  urls: Urls;
  sender: Principal | Actor;
}

function emit(
  tx: TransactionSql,
  org: AccountRow,
  action: string,
  fields: Record<string, unknown>,
  { urls, sender }: OrganizationEventSource,
) {
  const installation = installationOf(sender);
  const payload = {
    action,
    ...fields,
    organization: organizationPayload(org, urls),
    sender: senderPayload(sender, urls) ?? simpleUser(org, urls),
    ...installationField(installation),
  };
  return enqueueOrganizationEvent(tx, org.id, 'organization', action, payload, {
    installationId: installation?.id ?? null,
  });
}

/** GitHub's `membership` of these payloads: the member's role (`admin` or `member`), active. */
function membershipPayload(org: AccountRow, user: AccountRef, role: 'admin' | 'member', urls: Urls) {
  return {
    url: urls.api(`/orgs/${org.login}/memberships/${user.login}`),
    state: 'active',
    role,
    organization_url: urls.api(`/orgs/${org.login}`),
    user: simpleUser(user, urls),
  };
}

export function emitMemberInvited(
  tx: TransactionSql,
  org: AccountRow,
  invitation: OrgInvitationRow,
  invitee: AccountRef | null,
  source: OrganizationEventSource,
) {
  const fields = {
    invitation: orgInvitationView(invitation, org, source.urls),
    ...(invitee ? { user: simpleUser(invitee, source.urls) } : {}),
  };
  return emit(tx, org, 'member_invited', fields, source);
}

export function emitMemberAdded(
  tx: TransactionSql,
  org: AccountRow,
  user: AccountRef,
  role: 'admin' | 'member',
  source: OrganizationEventSource,
) {
  return emit(tx, org, 'member_added', { membership: membershipPayload(org, user, role, source.urls) }, source);
}

export function emitMemberRemoved(
  tx: TransactionSql,
  org: AccountRow,
  user: AccountRef,
  role: 'admin' | 'member',
  source: OrganizationEventSource,
) {
  return emit(tx, org, 'member_removed', { membership: membershipPayload(org, user, role, source.urls) }, source);
}
