import type { Handler } from '../../http/operation-context.js';
import { ensureGistAccess } from '../gist-refusals.js';
import { createChanges } from '../gist-input.js';
import { singleGist } from '../gist-read.js';
import { createGist } from '../gist-write.js';

// `public` may come as a boolean or as the strings "true"/"false" (GitHub's schema allows both).
export const gistsCreate: Handler<'gists/create'> = async (ctx) => {
  ensureGistAccess(ctx.principal, null, 'create');
  const { body } = await ctx.input();
  const changes = createChanges(body.files);
  const row = await createGist(ctx.services, ctx.user(), {
    description: body.description ?? null,
    public: body.public === true || body.public === 'true',
    changes,
  });
  const view = await singleGist(ctx.services, row);
  return { status: 201, body: view, headers: { Location: view.url } };
};
