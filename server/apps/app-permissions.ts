// GitHub App permissions: a map of permission name → level. An app declares
// the most it may be granted, an installation gets (at most) that, a token
// gets (at most) its installation's, and each operation in openapi.yaml says
// what it needs (`x-wharf-app-permissions`).
import { isLevel } from '../access/app-permission-levels.js';
import type { AppPermissionLevel, AppPermissions } from '../auth/principal.js';

// The comparison is the policy's (access/ decides with it); apps/ compares an app's own sets with it too.

/** The repository and organization permissions Wharf knows, as GitHub names them. */
export const KNOWN_APP_PERMISSIONS = [
  'actions',
  'administration',
  'checks',
  'contents',
  'deployments',
  'environments',
  'issues',
  'metadata',
  'packages',
  'pages',
  'pull_requests',
  'repository_hooks',
  'repository_projects',
  'secrets',
  'security_events',
  'statuses',
  'vulnerability_alerts',
  'workflows',
  'members',
  'organization_administration',
  'organization_hooks',
] as const;

/** Each permission at the lower of the two levels; names missing from either are dropped. */
/**
 * Every app can read repository metadata (GitHub grants `metadata: read` to
 * any app with a repository permission); Wharf grants it always.
 */
export function withMetadata(permissions: AppPermissions): Record<string, AppPermissionLevel> {
  return { metadata: 'read', ...permissions };
}

/** Sorted by name, so stored and returned objects read the same every time. */
export function sortedPermissions(permissions: AppPermissions): Record<string, AppPermissionLevel> {
  return Object.fromEntries(Object.entries(permissions).sort(([a], [b]) => a.localeCompare(b)));
}

/** `contents:write,issues:read` → {contents: 'write', issues: 'read'}; throws on unknown names or levels. */
export function parsePermissionList(raw: string): Record<string, AppPermissionLevel> {
  const out: Record<string, AppPermissionLevel> = {};
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, level, extra] = item.split(':');
    if (!name || extra !== undefined || !(KNOWN_APP_PERMISSIONS as readonly string[]).includes(name)) {
      throw new Error(`unknown permission ${JSON.stringify(item)}; known: ${KNOWN_APP_PERMISSIONS.join(', ')}`);
    }
    if (!isLevel(level))
      throw new Error(`permission ${name} needs a level: ${name}:read, ${name}:write or ${name}:admin`);
    out[name] = level;
  }
  return out;
}
