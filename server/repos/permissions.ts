// What a user may do with a repository, GitHub's way: owners, site admins and
// org admins administer it; collaborators get what they were granted; org
// members read the org's repositories; everyone reads public ones.
import type { Sql } from '../db/database.js';
import type { RepositoryRow } from './repositories-store.js';

export type Permission = 'read' | 'write' | 'admin';

const RANK: Record<Permission, number> = { read: 1, write: 2, admin: 3 };

export function atLeast(granted: Permission | null, needed: Permission): boolean {
  return granted !== null && RANK[granted] >= RANK[needed];
}

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
    admin: atLeast(permission, 'admin'),
    maintain: atLeast(permission, 'admin'),
    push: atLeast(permission, 'write'),
    triage: atLeast(permission, 'write'),
    pull: atLeast(permission, 'read'),
  };
}
