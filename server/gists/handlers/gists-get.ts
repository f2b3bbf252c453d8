import type { Handler } from '../../http/operation-context.js';
import { singleGist } from '../gist-read.js';
import { gistFor } from './gist-lookup.js';

// Anyone reads any gist by its id: secret gists are unlisted, not private.
export const gistsGet: Handler<'gists/get'> = async (ctx) => {
  const row = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'read');
  ctx.checkScopes();
  return { status: 200, body: await singleGist(ctx.services, row) };
};
