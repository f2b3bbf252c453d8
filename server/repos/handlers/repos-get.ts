import type { Handler, OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { accessRepository } from '../repository-access.js';
import { fullRepositoryView } from '../repository-view.js';

/** GET of one repository, by owner/name or by id: the same visibility rules and body. */
export async function repositoryResponse<K extends OperationId>(ctx: OperationContext<K>, owner: string, name: string) {
  const { repo, permission } = await accessRepository(ctx, owner, name, 'read');
  const { repos, urls } = ctx.services;
  const body = repos.cachedView(repo, `full:${permission}`, () => fullRepositoryView(repo, permission, urls));
  return { status: 200 as const, body };
}

export const getRepository: Handler<'repos/get'> = (ctx) => repositoryResponse(ctx, ctx.params.owner, ctx.params.repo);
