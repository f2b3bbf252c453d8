// `maintainer_can_modify`, GitHub's "Allow edits from maintainers": while a
// pull request from a fork is open with the flag set, anyone with push
// (write) access to its base repository may push to its head branch in the
// fork, and to no other ref of the fork. Only someone who may push to the
// fork can grant it (GitHub's 422 `fork_collab`). The grant is looked up at
// the moment of the push (git over HTTP: git-access.ts; the REST writers:
// http/repository-access.ts's accessForWrite with maintainerWrite), so closing or merging the pull request, clearing
// the flag or losing write on the base ends it at once. Who may push is the
// policy's (access/push-permission.ts).
import { canPush, scopesAllowPush, writableBy } from '../access/push-permission.js';
import type { RepositoryAccess } from '../access/repository-for.js';
import type { Principal, UserRef } from '../auth/principal.js';
import { validationFailed } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';

/** GitHub's 422 when the author of a pull request from a fork sets the flag without push access to the fork. */
export async function checkMaintainerGrant(
  services: Services,
  principal: Principal,
  headRepo: RepositoryRow | null,
  baseId: number,
  wanted: boolean | undefined,
): Promise<void> {
  if (!wanted || !headRepo || headRepo.id === baseId) return;
  if (await canPush(services.repos, principal, headRepo)) return;
  throw validationFailed([
    {
      resource: 'PullRequest',
      field: 'fork_collab',
      code: 'custom',
      message: "Fork collab can't be granted by someone without permission",
    },
  ]);
}

/**
 * The branches of `fork` that `user` may push to as a maintainer: the heads
 * of open, unmerged pull requests with `maintainer_can_modify` into a
 * repository where the user has write access. Empty for nearly everyone.
 */
export async function maintainerBranches(services: Services, fork: RepositoryRow, user: UserRef): Promise<string[]> {
  // GitHub's grant is for pull requests from forks (not from an upstream into its fork).
  if (!fork.fork) return [];
  const { sql, repos } = services;
  const pulls = await sql<{ head_ref: string; repository_id: number }[]>`
    SELECT DISTINCT p.head_ref, p.repository_id FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.head_repository_id = ${fork.id} AND p.repository_id <> ${fork.id} AND p.maintainer_can_modify
      AND i.state = 'open' AND p.merged_at IS NULL`;
  if (pulls.length === 0) return [];
  const bases = await repos.byIds([...new Set(pulls.map((p) => p.repository_id))]);
  const writable = await writableBy(repos, bases.values(), user);
  return [...new Set(pulls.filter((p) => writable.has(p.repository_id)).map((p) => p.head_ref))];
}

/** What a write touches: the full name of the one ref it moves, or null for new objects only. */
export type WriteTarget = (repo: RepositoryRow) => string | null | Promise<string | null>;

/**
 * The REST writers' side of the grant, for accessForWrite when the policy
 * refused write: an operation that writes one branch (contents, git refs)
 * lets a maintainer's grant stand in for write access when that branch is a
 * granted head; one that only adds objects (git blobs, trees, commits:
 * nothing reachable changes) lets any grant on the repository stand in.
 * Everyone else (installations, anonymous callers) keeps the refusal (null).
 */
export function maintainerWrite(services: Services, principal: Principal, target: WriteTarget) {
  return async (owner: string, name: string): Promise<RepositoryAccess | null> => {
    if (principal.kind !== 'token' || principal.installation) return null;
    const repo = await services.repos.find(owner, name);
    if (!repo || !scopesAllowPush(principal, repo)) return null;
    const branches = await maintainerBranches(services, repo, principal.user);
    if (branches.length === 0) return null;
    const ref = await target(repo);
    if (ref !== null && !(ref.startsWith('refs/heads/') && branches.includes(ref.slice('refs/heads/'.length))))
      return null;
    return { repo, permission: 'write' };
  };
}
