// What the invitee and the repository's admins do with an invitation. The
// acceptance takes the invitation and writes the grant in one transaction,
// with the `member` `added` event GitHub sends on acceptance, so two
// concurrent accepts grant once and a crash grants nothing. An expired
// invitation (7 days, invitations-store.ts) is no longer the invitee's to
// accept: it answers as a missing one. Declining, and an admin's cancel,
// delete it; an admin may change its permission before it is accepted.
import type { Principal } from '../auth/principal.js';
import { applyTopicsLocally } from '../db/cache-invalidation.js';
import { notFound } from '../errors/domain-error.js';
import type { Permission } from '../access/permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { writeGrant } from './collaborators.js';
import { findInvitation, type InvitationRow, setInvitationPermission, takeInvitation } from './invitations-store.js';
import { emitMemberEvent } from './member-events.js';

type InvitationServices = Pick<Services, 'sql' | 'urls' | 'repos' | 'accounts' | 'bus'>;

/** The invitation if it is addressed to the user; else null (a stranger sees no invitation, as GitHub's 404). */
async function inviteeInvitation(services: InvitationServices, id: number, userId: number) {
  const row = await findInvitation(services.sql, id);
  return row && row.invitee_id === userId ? row : null;
}

export async function acceptInvitation(services: InvitationServices, principal: Principal, id: number): Promise<void> {
  if (principal.kind !== 'token') throw notFound();
  const found = await inviteeInvitation(services, id, principal.user.id);
  if (!found || found.expired) throw notFound();
  const [repo, user] = await Promise.all([
    services.repos.byId(found.repository_id),
    services.accounts.byId(found.invitee_id),
  ]);
  if (!repo || !user) throw notFound();
  const topics = await services.sql.begin(async (tx) => {
    const row = await takeInvitation(tx, id);
    // Gone meanwhile (declined, cancelled, accepted by a concurrent request) or expired since the read.
    if (!row || row.invitee_id !== user.id || row.expired) throw notFound();
    const published = await writeGrant(tx, repo.id, user.id, row.permission);
    await emitMemberEvent({ tx, repo, principal, urls: services.urls }, user, {
      action: 'added',
      permission: row.permission,
    });
    return published;
  });
  applyTopicsLocally(services.bus, topics);
}

export async function declineInvitation(services: InvitationServices, principal: Principal, id: number): Promise<void> {
  if (principal.kind !== 'token') throw notFound();
  const found = await inviteeInvitation(services, id, principal.user.id);
  if (!found) throw notFound();
  await services.sql.begin((tx) => takeInvitation(tx, id));
}

/** The repository's invitation `id`, or 404 (an invitation of another repository is not this one's). */
export async function invitationOfRepository(
  services: InvitationServices,
  repo: RepositoryRow,
  id: number,
): Promise<InvitationRow> {
  const row = await findInvitation(services.sql, id);
  if (!row || row.repository_id !== repo.id) throw notFound();
  return row;
}

export async function changeInvitationPermission(
  services: InvitationServices,
  repo: RepositoryRow,
  id: number,
  permission: Permission | null,
): Promise<InvitationRow> {
  const row = await invitationOfRepository(services, repo, id);
  if (permission === null || permission === row.permission) return row;
  const changed = await services.sql.begin((tx) => setInvitationPermission(tx, id, permission));
  if (!changed) throw notFound();
  return changed;
}

export async function cancelInvitation(services: InvitationServices, repo: RepositoryRow, id: number): Promise<void> {
  await invitationOfRepository(services, repo, id);
  await services.sql.begin((tx) => takeInvitation(tx, id));
}
