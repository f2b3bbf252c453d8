import { ownPermission } from '../../access/user-permission.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { fullRepositoryView } from '../../repos/repository-view.js';
import { createFork } from '../create-fork.js';
import { forkLinks } from '../../repos/fork-links.js';

// Anyone who can read the repository may fork it (GitHub's rule).
export const createForkHandler: Handler<'repos/create-fork'> = async (ctx) => {
  const me = ctx.user();
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { body } = await ctx.input();
  const { fork } = await createFork(ctx.services, me, repo, body ?? {});
  const { repos, urls } = ctx.services;
  const permission = await ownPermission(repos, fork, me.user);
  const view = {
    ...fullRepositoryView(fork, permission, urls),
    ...(await forkLinks(ctx.services, fork, ctx.principal)),
  };
  return { status: 202 as const, body: view };
};
