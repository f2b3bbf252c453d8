import type { Handler, OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { accessRepository } from '../../http/repository-access.js';
import { fullRepositoryView } from '../repository-view.js';
import { forkLinks } from '../fork-links.js';

/** GET of one repository, by owner/name or by id: the same visibility rules and body. */
export async function repositoryResponse<K extends OperationId>(ctx: OperationContext<K>, owner: string, name: string) {
  const { repo, permission } = await accessRepository(ctx, owner, name, 'read');
  const { repos, urls } = ctx.services;
  const body = repos.cachedView(repo, `full:${permission}`, () => fullRepositoryView(repo, permission, urls));
  // A fork's body adds its parent and source (not cached with it: see fork-links.ts).
  if (repo.parent_id === null && repo.source_id === null) return { status: 200 as const, body };
  return { status: 200 as const, body: { ...body, ...(await forkLinks(ctx.services, repo, ctx.principal)) } };
}

export const getRepository: Handler<'repos/get'> = (ctx) => repositoryResponse(ctx, ctx.params.owner, ctx.params.repo);
