// What a user may do with a repository, GitHub's way: owners, site admins and
// org admins administer it; collaborators get what they were granted; org
// members read the org's repositories; everyone reads public ones.
//
// GitHub's five repository roles, from least to most access: read, triage
// (manage issues and pull requests without write access: labels on issues,
// assignees, closing), write (push), maintain (manage the repository without
// its sensitive or destructive settings), admin. Each includes the ones below.
import type { Sql } from '../db/database.js';
import type { RepositoryRow } from './repositories-store.js';

export type Permission = 'read' | 'triage' | 'write' | 'maintain' | 'admin';

/** Every level, least access first (the collaborators table's check constraint lists the same). */
export const PERMISSIONS: readonly Permission[] = ['read', 'triage', 'write', 'maintain', 'admin'];

const RANK: Record<Permission, number> = { read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.hasOwn(RANK, value);
}

/** Whether `granted` includes `needed` (read < triage < write < maintain < admin); no grant includes nothing. */
export function hasPermission(granted: Permission | null | undefined, needed: Permission): boolean {
  return granted != null && RANK[granted] >= RANK[needed];
}

/** The older name of hasPermission, used across the repository code. */
export const atLeast = hasPermission;

export function highest(...permissions: (Permission | null | undefined)[]): Permission | null {
  let best: Permission | null = null;
  for (const p of permissions) if (p && (!best || RANK[p] > RANK[best])) best = p;
  return best;
}

/** The user's permission from the database (owner, org role, collaborator); public read not included. */
export async function loadGrantedPermission(sql: Sql, repo: RepositoryRow, userId: number): Promise<Permission | null> {
  if (repo.owner_id === userId) return 'admin';
  const [row] = await sql<{ collaborator: Permission | null; org_role: 'admin' | 'member' | null }[]>`
    SELECT
      (SELECT permission FROM collaborators WHERE repository_id = ${repo.id} AND user_id = ${userId}) AS collaborator,
      (SELECT role FROM org_members WHERE org_id = ${repo.owner_id} AND user_id = ${userId}) AS org_role`;
  return granted(row);
}

function granted(row: { collaborator: Permission | null; org_role: 'admin' | 'member' | null } | undefined): Permission | null {
  const org = row?.org_role === 'admin' ? 'admin' : row?.org_role === 'member' ? 'read' : null;
  return highest(row?.collaborator, org);
}

/**
 * loadGrantedPermission for many repositories at once (list pages, GraphQL's
 * loaders): one statement, whatever their number. Keyed by repository id; a
 * repository deleted meanwhile grants nothing.
 */
export async function loadGrantedPermissions(sql: Sql, repos: readonly RepositoryRow[], userId: number): Promise<Map<number, Permission | null>> {
  const permissions = new Map<number, Permission | null>();
  const others = repos.filter((repo) => repo.owner_id !== userId);
  for (const repo of repos) if (repo.owner_id === userId) permissions.set(repo.id, 'admin');
  if (others.length === 0) return permissions;
  const rows = await sql<{ id: number; collaborator: Permission | null; org_role: 'admin' | 'member' | null }[]>`
    SELECT r.id, c.permission AS collaborator, m.role AS org_role
    FROM repositories r
    LEFT JOIN collaborators c ON c.repository_id = r.id AND c.user_id = ${userId}
    LEFT JOIN org_members m ON m.org_id = r.owner_id AND m.user_id = ${userId}
    WHERE r.id = ANY(${others.map((repo) => repo.id)})`;
  for (const row of rows) permissions.set(row.id, granted(row));
  for (const repo of others) if (!permissions.has(repo.id)) permissions.set(repo.id, null);
  return permissions;
}

/** GitHub's `permissions` object for a repository response. */
export function permissionsObject(permission: Permission | null) {
  return {
    admin: hasPermission(permission, 'admin'),
    maintain: hasPermission(permission, 'maintain'),
    push: hasPermission(permission, 'write'),
    triage: hasPermission(permission, 'triage'),
    pull: hasPermission(permission, 'read'),
  };
}
