// GitHub's repository permission levels. Who holds which (owners, site
// admins, org admins and members, collaborators, a private fork's upstream)
// is the access policy's: access/granted-permissions.ts.
//
// GitHub's five repository roles, from least to most access: read, triage
// (manage issues and pull requests without write access: labels on issues,
// assignees, closing), write (push), maintain (manage the repository without
// its sensitive or destructive settings), admin. Each includes the ones below.

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
