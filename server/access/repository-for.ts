// Finding a repository and checking the caller may act on it, for a service:
// the policy decides (repository-access.ts), and a refusal becomes the
// DomainError REST answers with (access-refusal.ts), in the documented order:
// existence (not found) before permission and scope (forbidden).
import type { Principal } from '../auth/principal.js';
import { notFound } from '../errors/domain-error.js';
import type { Permission } from './permissions.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { refusalError } from './access-refusal.js';
import { type AccessDecision, decideAccess, type Need } from './repository-access.js';

export interface RepositoryAccess {
  repo: RepositoryRow;
  permission: Permission | null;
}

/** The repository `owner/name` and the caller's permission on it; the policy's refusal as a DomainError. */
export async function repositoryFor(
  services: Pick<Services, 'repos'>,
  principal: Principal,
  owner: string,
  name: string,
  need: Need,
): Promise<RepositoryAccess> {
  const { repos } = services;
  // Cached answers are taken synchronously: every await is a microtask hop on the hot path.
  const cached = repos.peek(owner, name);
  const repo = cached !== undefined ? cached : await repos.find(owner, name);
  if (!repo) throw notFound();
  const decided = decideAccess(principal, repo, repos, need);
  const decision: AccessDecision = decided instanceof Promise ? await decided : decided;
  if (decision.refused !== undefined) throw refusalError(decision);
  return { repo, permission: decision.permission };
}
