// The repository a pull request operation names, and the repositories its
// bodies show (base and head: the head is a fork's repository for pull
// requests from forks).
import type { OperationContext } from '../http/operation-context.js';
import type { OperationId } from '../generated/routes.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import { accessRepository, type RepositoryAccess } from '../repos/repository-access.js';
import type { Services } from '../services.js';
import type { RepositoryLookup } from './pull-view.js';

export function pullRepository<K extends OperationId>(ctx: OperationContext<K> & { params: { owner: string; repo: string } }): Promise<RepositoryAccess> {
  return accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
}

/** A lookup of `repo` and the other repositories `ids` name. */
export async function repositoryLookup(services: Services, repo: RepositoryRow, ids: Iterable<number | null>): Promise<RepositoryLookup> {
  const others = [...new Set(ids)].filter((id): id is number => id !== null && id !== repo.id);
  const found = others.length > 0 ? await services.repos.byIds(others) : new Map<number, RepositoryRow>();
  return (id) => (id === repo.id ? repo : id === null ? null : found.get(id) ?? null);
}
