import { notFound, validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { gistRepositories, gistRevision } from '../gist-git.js';
import { singleGist } from '../gist-read.js';
import { gistFor } from './gist-lookup.js';

// A revision is a commit of the gist's own history (full or abbreviated sha); not hex is 422, unknown 404.
export const gistsGetRevision: Handler<'gists/get-revision'> = async (ctx) => {
  const row = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'read');
  ctx.checkScopes();
  if (!/^[0-9a-f]{4,40}$/i.test(ctx.params.sha))
    throw validationFailed([{ resource: 'Gist', field: 'sha', code: 'invalid' }]);
  const rev = await gistRevision(gistRepositories(ctx.services.config.dataDir), row.id, ctx.params.sha.toLowerCase());
  if (!rev) throw notFound();
  return { status: 200, body: await singleGist(ctx.services, row, rev) };
};
