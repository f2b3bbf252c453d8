// The repository_invitations table (migration 038): one open invitation per
// user and repository, with the permission the invitee gets on accepting.
// GitHub lets an invitation expire after 7 days; `expired` is computed by the
// database clock in every read, so all processes agree on it.
import type { Sql, TransactionSql } from '../db/database.js';
import type { Permission } from '../access/permissions.js';

type Db = Sql | TransactionSql;

/** GitHub: "Invitations … expire after 7 days." */
export const INVITATION_LIFETIME_DAYS = 7;

export interface InvitationRow {
  id: number;
  repository_id: number;
  invitee_id: number;
  inviter_id: number | null;
  permission: Permission;
  created_at: Date;
  expired: boolean;
}

const COLUMNS = (db: Db) => db`id, repository_id, invitee_id, inviter_id, permission, created_at,
  created_at < now() - make_interval(days => ${INVITATION_LIFETIME_DAYS}) AS expired`;

export async function findInvitation(db: Db, id: number): Promise<InvitationRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db<InvitationRow[]>`SELECT ${COLUMNS(db)} FROM repository_invitations WHERE id = ${id}`;
  return row ?? null;
}

/** The invitation of `inviteeId` to the repository, locked for the caller's transaction. */
export async function invitationOf(db: Db, repositoryId: number, inviteeId: number): Promise<InvitationRow | null> {
  const [row] = await db<InvitationRow[]>`SELECT ${COLUMNS(db)} FROM repository_invitations
    WHERE repository_id = ${repositoryId} AND invitee_id = ${inviteeId}`;
  return row ?? null;
}

/**
 * A new invitation, or the open one updated with this inviter and permission
 * (an expired one starts its 7 days again, as a new invitation on GitHub).
 * `created` says which.
 */
export async function upsertInvitation(
  tx: TransactionSql,
  repositoryId: number,
  inviteeId: number,
  inviterId: number,
  permission: Permission,
): Promise<{ row: InvitationRow; created: boolean }> {
  const [row] = await tx<(InvitationRow & { created: boolean })[]>`
    INSERT INTO repository_invitations (repository_id, invitee_id, inviter_id, permission)
    VALUES (${repositoryId}, ${inviteeId}, ${inviterId}, ${permission})
    ON CONFLICT (repository_id, invitee_id) DO UPDATE SET inviter_id = EXCLUDED.inviter_id,
      permission = EXCLUDED.permission,
      created_at = CASE WHEN repository_invitations.created_at < now() - make_interval(days => ${INVITATION_LIFETIME_DAYS})
        THEN now() ELSE repository_invitations.created_at END
    RETURNING ${COLUMNS(tx)}, (xmax = 0) AS created`;
  const { created, ...rest } = row!;
  return { row: rest, created };
}

export async function setInvitationPermission(
  tx: TransactionSql,
  id: number,
  permission: Permission,
): Promise<InvitationRow | null> {
  const [row] = await tx<InvitationRow[]>`UPDATE repository_invitations SET permission = ${permission}
    WHERE id = ${id} RETURNING ${COLUMNS(tx)}`;
  return row ?? null;
}

/** Deletes and returns the invitation (null: there was none), so two concurrent accepts cannot both grant. */
export async function takeInvitation(tx: TransactionSql, id: number): Promise<InvitationRow | null> {
  const [row] = await tx<InvitationRow[]>`DELETE FROM repository_invitations WHERE id = ${id} RETURNING ${COLUMNS(tx)}`;
  return row ?? null;
}

export async function deleteInvitationOf(
  tx: TransactionSql,
  repositoryId: number,
  inviteeId: number,
): Promise<boolean> {
  const deleted = await tx`DELETE FROM repository_invitations
    WHERE repository_id = ${repositoryId} AND invitee_id = ${inviteeId}`;
  return deleted.count > 0;
}

/** A page of the repository's invitations, oldest first, and their total. */
export async function invitationsOfRepository(
  db: Db,
  repositoryId: number,
  limit: number,
  offset: number,
): Promise<{ rows: InvitationRow[]; total: number }> {
  const rows = await db<(InvitationRow & { total: number })[]>`SELECT ${COLUMNS(db)}, count(*) OVER ()::int AS total
    FROM repository_invitations WHERE repository_id = ${repositoryId} ORDER BY id LIMIT ${limit} OFFSET ${offset}`;
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * A page of the user's open invitations, oldest first: GitHub lists "all
 * currently open repository invitations", so expired ones are left out here.
 */
export async function invitationsOfInvitee(
  db: Db,
  inviteeId: number,
  limit: number,
  offset: number,
): Promise<{ rows: InvitationRow[]; total: number }> {
  const rows = await db<(InvitationRow & { total: number })[]>`SELECT ${COLUMNS(db)}, count(*) OVER ()::int AS total
    FROM repository_invitations WHERE invitee_id = ${inviteeId}
      AND created_at >= now() - make_interval(days => ${INVITATION_LIFETIME_DAYS})
    ORDER BY id LIMIT ${limit} OFFSET ${offset}`;
  return { rows, total: rows[0]?.total ?? 0 };
}
