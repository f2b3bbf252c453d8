// The repository a pull request operation names, readable by the caller.
import type { OperationId } from '../../generated/routes.js';
import type { OperationContext } from '../../http/operation-context.js';
import { accessRepository, type RepositoryAccess } from '../../repos/repository-access.js';

export function pullRepository<K extends OperationId>(
  ctx: OperationContext<K> & { params: { owner: string; repo: string } },
): Promise<RepositoryAccess> {
  return accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
}
