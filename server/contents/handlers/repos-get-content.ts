import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { treePath } from '../../repos/tree-path.js';
import { contentResult } from './content-result.js';
import { readContent } from '../read-content.js';
import { contentMediaType } from './content-media-type.js';

// Read access: a private repository the caller cannot see is 404 (repository-access.ts).
export const getContent: Handler<'repos/get-content'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const path = treePath(ctx.params.path);
  if (path === null) throw notFound();
  const answer = await readContent(
    ctx.services,
    repo,
    query.ref,
    path,
    contentMediaType(ctx.event.req.headers.get('accept'), ctx.services.config.vendor),
  );
  return contentResult(ctx.services, repo, answer);
};
