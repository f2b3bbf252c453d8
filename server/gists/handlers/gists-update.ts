import type { Handler } from '../../http/operation-context.js';
import { singleGist } from '../gist-read.js';
import { updateGist } from '../gist-write.js';
import { findGistByName } from '../gists-store.js';
import { gistFor } from './gist-lookup.js';

// Only the owner (others: 404, as GitHub). Files and description change in one transaction and one commit.
export const gistsUpdate: Handler<'gists/update'> = async (ctx) => {
  await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'write');
  const { body } = await ctx.input();
  await updateGist(ctx.services, ctx.user(), ctx.params.gist_id, {
    ...(body && body.description !== undefined ? { description: body.description } : {}),
    ...(body?.files ? { files: body.files } : {}),
  });
  const row = await findGistByName(ctx.services.sql, ctx.params.gist_id);
  return { status: 200, body: await singleGist(ctx.services, row!) };
};
