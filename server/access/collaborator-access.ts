// Who may read and manage a repository's collaborators and invitations
// (REST's …/collaborators and …/invitations), GitHub's way:
// - the people lists (collaborators, check, permission) need push access
//   ("Must have push access to view repository collaborators."), as
//   Repository.collaborators in GraphQL (repository-grantees.ts);
// - changing them, and the invitation list, need admin;
// - a collaborator may remove themselves ("the authenticated user must either
//   be an administrator of the repository or target themselves");
// - an installation acts only on its installation's repositories, with the
//   operation's app permissions (openapi.yaml: metadata to read the people,
//   administration for the rest).
import type { Principal } from '../auth/principal.js';
import type { TransactionSql } from '../db/database.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { hasPermission, type Permission } from './permissions.js';
import type { Need } from './repository-access.js';
import type { UserPermissionSource } from './user-permission.js';

export type CollaboratorAction = 'read-people' | 'read-invitations' | 'manage' | 'remove';

/** Reads an installation makes on its own installation's repositories (its app permissions decide). */
const INSTALLATION_READS = new Set<CollaboratorAction>(['read-people', 'read-invitations']);

/** The need of `action`; `targetUserId` is the user the call is about (removal of oneself). */
export function collaboratorNeed(principal: Principal, action: CollaboratorAction, targetUserId?: number): Need {
  const installation = principal.kind === 'token' && Boolean(principal.installation);
  if (installation) {
    const reads = INSTALLATION_READS.has(action);
    return { permission: reads ? 'read' : 'admin', withinGrant: reads };
  }
  const self = principal.kind === 'token' && targetUserId !== undefined && principal.user.id === targetUserId;
  const needed: Record<CollaboratorAction, Permission> = {
    'read-people': 'write',
    'read-invitations': 'admin',
    manage: 'admin',
    remove: self ? 'read' : 'admin',
  };
  return { permission: needed[action] };
}

/** REST's `permission` filter of the collaborators list: those holding at least `least` (null: all). */
export function holdingAtLeast<T extends { permission: Permission }>(
  grantees: readonly T[],
  least: Permission | null,
): T[] {
  return grantees.filter((grantee) => least === null || hasPermission(grantee.permission, least));
}

/**
 * A user's permission as …/collaborators/{u}/permission reports it: the
 * user's own (public read and site admin included), whatever the caller's credential.
 */
export function permissionOfUser(
  source: Pick<UserPermissionSource, 'permissionOf'>,
  repo: RepositoryRow,
  user: Pick<AccountRow, 'id' | 'site_admin'>,
): Promise<Permission | null> {
  return source.permissionOf(repo, { id: user.id, siteAdmin: user.site_admin });
}

/** The user's direct collaborator grant on the repository, locked for the transaction (null: none). */
export async function directGrant(
  tx: TransactionSql,
  repositoryId: number,
  userId: number,
): Promise<Permission | null> {
  const [row] = await tx<{ permission: Permission }[]>`SELECT permission FROM collaborators
    WHERE repository_id = ${repositoryId} AND user_id = ${userId} FOR UPDATE`;
  return row?.permission ?? null;
}

/** Whether the user is a member (any role) of the organization `orgId` (false for a personal account's id). */
export async function isMemberOf(tx: TransactionSql, orgId: number, userId: number): Promise<boolean> {
  const [row] = await tx`SELECT 1 FROM org_members WHERE org_id = ${orgId} AND user_id = ${userId}`;
  return row !== undefined;
}
