// The API's collaborator changes, GitHub's way (repos/add-collaborator,
// repos/remove-collaborator). Each runs in one transaction with its `member`
// event (the outbox) and the repository's cache invalidation, so every
// process sees the new access the moment it commits:
// - adding a user who already holds that grant changes nothing (204); a
//   collaborator with another permission has it changed in place (`edited`);
//   a member of the owning organization is granted directly; anyone else is
//   invited (201), and becomes a collaborator only by accepting;
// - removing takes the grant and any pending invitation, and the user's
//   private forks that go with the access (repos/private-forks.ts).
import type { Principal } from '../auth/principal.js';
import { applyTopicsLocally, type Topic } from '../db/cache-invalidation.js';
import { notFound, validationFailed } from '../errors/domain-error.js';
import { directGrant, isMemberOf } from '../access/collaborator-access.js';
import type { Permission } from '../access/permissions.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { forksLostWithAccess } from '../repos/private-forks.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { deleteRepositoryRows, removeRepositoryFiles } from '../repository-deletion/repository-deletion.js';
import type { Services } from '../services.js';
import type { CallerEvent } from '../webhooks/caller-events.js';
import { deleteInvitationOf, type InvitationRow, upsertInvitation } from './invitations-store.js';
import { emitMemberEvent } from './member-events.js';
import { deleteGrant, writeGrant } from './collaborators.js';

export type ChangeServices = Pick<Services, 'sql' | 'urls' | 'repos' | 'git' | 'log' | 'config' | 'bus'>;

export type AddOutcome = { kind: 'invited'; invitation: InvitationRow } | { kind: 'granted' } | { kind: 'unchanged' };

export async function addCollaborator(
  services: ChangeServices,
  repo: RepositoryRow,
  principal: Principal,
  user: AccountRow,
  permission: Permission,
): Promise<AddOutcome> {
  if (user.kind !== 'User') throw notFound();
  if (user.id === repo.owner_id) {
    throw validationFailed([
      {
        resource: 'Repository',
        code: 'custom',
        field: 'collaborator',
        message: 'Repository owner cannot be a collaborator',
      },
    ]);
  }
  if (principal.kind !== 'token') throw notFound();
  const inviterId = principal.user.id;
  const topics: Topic[] = [];
  const outcome = await services.sql.begin(async (tx) => {
    const on: CallerEvent = { tx, repo, principal, urls: services.urls };
    const current = await directGrant(tx, repo.id, user.id);
    if (current === permission) return { kind: 'unchanged' } as const;
    if (current !== null) {
      topics.push(...(await writeGrant(tx, repo.id, user.id, permission)));
      await emitMemberEvent(on, user, { action: 'edited', from: current, to: permission });
      return { kind: 'granted' } as const;
    }
    if (await isMemberOf(tx, repo.owner_id, user.id)) {
      topics.push(...(await writeGrant(tx, repo.id, user.id, permission)));
      await emitMemberEvent(on, user, { action: 'added', permission });
      return { kind: 'granted' } as const;
    }
    const { row } = await upsertInvitation(tx, repo.id, user.id, inviterId, permission);
    return { kind: 'invited', invitation: row } as const;
  });
  applyTopicsLocally(services.bus, topics);
  return outcome;
}

/**
 * Removes the user's grant and pending invitation (GitHub answers 204 either
 * way); the private forks the user loses with the access are deleted with
 * their events in the transaction and their files after it.
 */
export async function removeCollaborator(
  services: ChangeServices,
  repo: RepositoryRow,
  principal: Principal,
  user: AccountRow,
): Promise<void> {
  const actor = principal.kind === 'token' ? principal : null;
  const topics: Topic[] = [];
  const removedForks = await services.sql.begin(async (tx) => {
    await deleteInvitationOf(tx, repo.id, user.id);
    const published = await deleteGrant(tx, repo.id, user.id);
    if (!published) return [];
    topics.push(...published);
    await emitMemberEvent({ tx, repo, principal, urls: services.urls }, user, { action: 'removed' });
    if (!actor) return [];
    const forks = await forksLostWithAccess(tx, repo.id, user.id);
    return deleteRepositoryRows(tx, forks, actor, services.urls);
  });
  applyTopicsLocally(services.bus, topics);
  for (const id of removedForks) services.repos.changedLocally(id);
  await removeRepositoryFiles(
    { git: services.git, dataDir: services.config.dataDir },
    removedForks,
    (message, fields) => services.log.warn(message, fields),
  );
}
