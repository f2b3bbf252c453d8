// The REST writers' side of `maintainer_can_modify` (maintainer-grant.ts):
// an operation that writes one branch (contents, git refs) lets a
// maintainer's grant stand in for write access when that branch is a granted
// head; one that only adds objects (git blobs, trees, commits: nothing
// reachable changes) lets any grant on the repository stand in. Everyone
// else gets the answer the ordinary check gave.
import { scopesAllowPush } from '../../access/push-permission.js';
import { domainErrorKind } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import type { RepositoryRow } from '../../repos/repositories-store.js';
import { accessRepository, type RepositoryAccess } from '../../http/repository-access.js';
import { maintainerBranches } from '../maintainer-grant.js';

/** What the write touches: the full name of the one ref it moves, or null for new objects only. */
export type WriteTarget = (repo: RepositoryRow) => string | null | Promise<string | null>;

export async function accessForWrite<K extends OperationId>(
  ctx: OperationContext<K>,
  owner: string,
  name: string,
  target: WriteTarget,
): Promise<RepositoryAccess> {
  try {
    return await accessRepository(ctx, owner, name, 'write');
  } catch (error) {
    const { principal } = ctx;
    if (domainErrorKind(error) !== 'forbidden' || principal.kind !== 'token' || principal.installation) throw error;
    const repo = await ctx.services.repos.find(owner, name);
    if (!repo || !scopesAllowPush(principal, repo)) throw error;
    const branches = await maintainerBranches(ctx.services, repo, principal.user);
    if (branches.length === 0) throw error;
    const ref = await target(repo);
    if (ref !== null && !(ref.startsWith('refs/heads/') && branches.includes(ref.slice('refs/heads/'.length))))
      throw error;
    ctx.checkScopes();
    return { repo, permission: 'write' };
  }
}
