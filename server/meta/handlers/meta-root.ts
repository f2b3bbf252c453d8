import type { Handler } from '../../http/operation-context.js';
import { API_PREFIX } from '../../http/urls.js';
import { rootIndex } from '../root-index.js';

// GET / and GET /api/v3/: the index on the base the caller used, so a client
// configured with either finds the URLs under its own base.
export const metaRoot: Handler<'meta/root'> = async (ctx) => {
  await ctx.input();
  const { urls } = ctx.services;
  const path = ctx.event.url.pathname;
  const underApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
  return { status: 200, body: rootIndex(underApi ? urls.api('') : urls.html(''), urls.html('')) };
};
