// What an installation grant reaches and what it is worth on a repository it
// reaches, in the terms of the policy (repository-access.ts). The grant itself
// is built when the token is looked up (apps/installation-grant.ts).
import type { InstallationGrant } from '../auth/principal.js';
import type { Permission } from './permissions.js';

/** Whether the repository is one the token acts on: owned by the installation's account and selected. */
export function grantReaches(grant: InstallationGrant, repo: { id: number; owner_id: number }): boolean {
  return repo.owner_id === grant.accountId && (grant.repositoryIds === null || grant.repositoryIds.has(repo.id));
}

/**
 * The user-style permission that describes a grant on one of its repositories
 * (for the `permissions` object of repository bodies): admin with
 * `administration: write`, push with `contents: write`, triage with
 * `issues: write` or `pull_requests: write` (it may label, assign and close
 * issues, what the triage role may), pull otherwise. What each operation
 * needs is still checked against the app permissions openapi.yaml declares.
 */
export function grantPermission(grant: Pick<InstallationGrant, 'permissions'>): Permission {
  const p = grant.permissions;
  const writes = (level: string | undefined) => level === 'write' || level === 'admin';
  if (writes(p.administration)) return 'admin';
  if (writes(p.contents)) return 'write';
  if (writes(p.issues) || writes(p.pull_requests)) return 'triage';
  return 'read';
}
