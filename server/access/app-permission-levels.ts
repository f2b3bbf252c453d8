// GitHub App permission levels (read < write < admin) and the one comparison
// the policy makes with them: whether a grant's permissions include what is
// required. apps/ uses the same comparison for an app's own sets (what an
// installation or a token may be narrowed to); it lives here so the policy
// imports nothing from apps/.
import type { AppPermissionLevel, AppPermissions } from '../auth/principal.js';

export const APP_LEVEL_RANK: Record<AppPermissionLevel, number> = { read: 1, write: 2, admin: 3 };

export function isLevel(value: unknown): value is AppPermissionLevel {
  return value === 'read' || value === 'write' || value === 'admin';
}

/** Whether `granted` includes every permission in `required` at its level or higher. */
export function satisfies(granted: AppPermissions, required: AppPermissions): boolean {
  for (const [name, level] of Object.entries(required)) {
    const has = granted[name];
    if (!has || APP_LEVEL_RANK[has] < APP_LEVEL_RANK[level]) return false;
  }
  return true;
}

/** The levels two permission sets share: a token's narrowing of its installation. */
export function intersect(a: AppPermissions, b: AppPermissions): Record<string, AppPermissionLevel> {
  const out: Record<string, AppPermissionLevel> = {};
  for (const [name, level] of Object.entries(a)) {
    const other = b[name];
    if (other) out[name] = APP_LEVEL_RANK[other] < APP_LEVEL_RANK[level] ? other : level;
  }
  return out;
}
