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
  const org = row?.org_role === 'admin' ? 'admin' : row?.org_role === 'member' ? 'read' : null;
  return highest(row?.collaborator, org);
}

/**
 * loadGrantedPermission for many repositories at once (GraphQL's loaders): one
 * statement, whatever their number. Keyed by repository id.
 */
export async function loadGrantedPermissions(sql: Sql, repos: readonly RepositoryRow[], userId: number): Promise<Map<number, Permission | null>> {
  const granted = new Map<number, Permission | null>();
  const others = repos.filter((repo) => repo.owner_id !== userId);
  for (const repo of repos) if (repo.owner_id === userId) granted.set(repo.id, 'admin');
  if (others.length === 0) return granted;
  const rows = await sql<{ id: number; collaborator: Permission | null; org_role: 'admin' | 'member' | null }[]>`
    SELECT r.id, c.permission AS collaborator, m.role AS org_role
    FROM repositories r
    LEFT JOIN collaborators c ON c.repository_id = r.id AND c.user_id = ${userId}
    LEFT JOIN org_members m ON m.org_id = r.owner_id AND m.user_id = ${userId}
    WHERE r.id = ANY(${others.map((repo) => repo.id)})`;
  for (const row of rows) {
    const org = row.org_role === 'admin' ? 'admin' : row.org_role === 'member' ? 'read' : null;
    granted.set(row.id, highest(row.collaborator, org));
  }
  // A repository deleted meanwhile grants nothing.
  for (const repo of others) if (!granted.has(repo.id)) granted.set(repo.id, null);
  return granted;
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
