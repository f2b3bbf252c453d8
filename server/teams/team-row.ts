// A team's row (migration 040) and GitHub's words for its settings.
import type { Permission } from '../access/permissions.js';
export type TeamPrivacy = 'secret' | 'closed';
export type TeamRole = 'member' | 'maintainer';
/** GitHub's team permission words; the policy's levels are access/permissions.ts (pull = read, push = write). */
export type TeamPermission = 'pull' | 'triage' | 'push' | 'maintain' | 'admin';
export const TEAM_PERMISSIONS: readonly TeamPermission[] = ['pull', 'triage', 'push', 'maintain', 'admin'];

export interface TeamRow {
  id: number;
  org_id: number;
  name: string;
  slug: string;
  description: string | null;
  privacy: TeamPrivacy;
  notification_setting: 'notifications_enabled' | 'notifications_disabled';
  parent_team_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/** GitHub's slug of a team name: lowercase, runs of anything but letters, digits, `_` and `-` become one `-`, trimmed. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The policy's level of a team permission (access/permissions.ts), as the view `team_grants` maps it. */
export function policyLevel(permission: TeamPermission): Permission {
  return permission === 'pull' ? 'read' : permission === 'push' ? 'write' : permission;
}
