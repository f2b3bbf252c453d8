import type { Handler } from '../../http/operation-context.js';
import { deleteGist } from '../gist-write.js';
import { gistFor } from './gist-lookup.js';

// Only the owner (others: 404). Node ids come from an identity column: a deleted gist's is never given again.
export const gistsDelete: Handler<'gists/delete'> = async (ctx) => {
  const row = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'write');
  ctx.checkScopes();
  await deleteGist(ctx.services, row);
  return { status: 204, body: undefined };
};
