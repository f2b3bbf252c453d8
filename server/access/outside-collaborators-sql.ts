// Who an organization's outside collaborators are: users with a direct
// collaborator grant on one of its repositories who are not members (GitHub's
// definition), and where one holds a grant or a pending repository invitation.
import type { Fragment } from 'postgres';
import type { Sql, TransactionSql } from '../db/database.js';
import { highest, type Permission } from './permissions.js';

/** A condition on accounts aliased `a`: the account is an outside collaborator of the organization. */
export function isOutsideCollaborator(sql: Sql | TransactionSql, orgId: number): Fragment {
  return sql`a.id IN (SELECT c.user_id FROM collaborators c JOIN repositories r ON r.id = c.repository_id
      WHERE r.owner_id = ${orgId})
    AND NOT EXISTS (SELECT 1 FROM org_members m WHERE m.org_id = ${orgId} AND m.user_id = a.id)`;
}

/** The organization's repositories where the user holds a direct grant or a pending invitation, by id. */
export async function repositoriesGrantedOrInvited(sql: Sql, orgId: number, userId: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    SELECT r.id FROM repositories r WHERE r.owner_id = ${orgId} AND (
      EXISTS (SELECT 1 FROM collaborators c WHERE c.repository_id = r.id AND c.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM repository_invitations i WHERE i.repository_id = r.id AND i.invitee_id = ${userId}))
    ORDER BY r.id`;
  return rows.map((row) => row.id);
}

/** The highest permission the user's teams give on each repository of the organization. */
export async function teamAccessOf(sql: Sql, orgId: number, userId: number): Promise<Map<number, Permission>> {
  const rows = await sql<{ repository_id: number; permission: Permission }[]>`
    SELECT g.repository_id, g.permission FROM team_grants g JOIN repositories r ON r.id = g.repository_id
    WHERE r.owner_id = ${orgId} AND g.user_id = ${userId}`;
  const access = new Map<number, Permission>();
  for (const row of rows) access.set(row.repository_id, highest(access.get(row.repository_id), row.permission)!);
  return access;
}
