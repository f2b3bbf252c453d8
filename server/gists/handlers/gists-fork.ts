import type { Handler } from '../../http/operation-context.js';
import { gistPage } from '../gist-read.js';
import { forkGist } from '../gist-write.js';
import { gistFor } from './gist-lookup.js';

export const gistsFork: Handler<'gists/fork'> = async (ctx) => {
  const parent = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'fork');
  ctx.checkScopes();
  const fork = await forkGist(ctx.services, ctx.user(), parent);
  const [view] = await gistPage(ctx.services, [fork]);
  return { status: 201, body: view!, headers: { Location: view!.url } };
};
