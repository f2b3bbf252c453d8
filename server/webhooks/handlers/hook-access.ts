// Every hook operation starts the same way: the repository must exist and be
// visible (404 / 403 as for any repository operation), the caller needs admin
// rights on it and a hook scope, and the hook must belong to it (404).
import { notFound } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { accessRepository } from '../../http/repository-access.js';
import { findHook, type HookRow } from '../hooks-store.js';

export interface RepositoryHookAccess {
  repo: RepositoryRow;
  fullName: string;
}

export async function accessRepositoryHooks<K extends OperationId>(
  ctx: OperationContext<K>,
  params: { owner: string; repo: string },
): Promise<RepositoryHookAccess> {
  const { repo } = await accessRepository(ctx, params.owner, params.repo, 'admin');
  return { repo, fullName: `${repo.owner_login}/${repo.name}` };
}

export async function accessHook<K extends OperationId>(
  ctx: OperationContext<K>,
  params: { owner: string; repo: string; hook_id: number },
): Promise<RepositoryHookAccess & { hook: HookRow }> {
  const access = await accessRepositoryHooks(ctx, params);
  const hook = await findHook(ctx.services.sql, { repositoryId: access.repo.id }, params.hook_id);
  if (!hook) throw notFound();
  return { ...access, hook };
}
