// The repository a pull request operation names, checked for read by the
// policy with the operation's declared scopes and app permissions (REST's
// accessRepository): the REST edge's side of pull-access.ts.
import type { OperationId } from '../../generated/routes.js';
import type { OperationContext } from '../../http/operation-context.js';
import { accessRepository, type RepositoryAccess } from '../../http/repository-access.js';

export function pullRepository<K extends OperationId>(
  ctx: OperationContext<K> & { params: { owner: string; repo: string } },
): Promise<RepositoryAccess> {
  return accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
}
