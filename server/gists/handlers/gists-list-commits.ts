import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { countGistVersions, gistHead, gistRepositories, gistVersions } from '../gist-git.js';
import { historyView } from '../gist-read.js';
import { gistFor } from './gist-lookup.js';

// Revisions newest first, a page at a time (git log --skip/-n: never the whole history at once).
export const gistsListCommits: Handler<'gists/list-commits'> = async (ctx) => {
  const row = await gistFor(ctx.services, ctx.principal, ctx.params.gist_id, 'read');
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const git = gistRepositories(ctx.services.config.dataDir);
  const head = await gistHead(git, row.id);
  const versions = head ? await gistVersions(git, row.id, head, page.perPage, page.offset) : [];
  const total = head ? await countGistVersions(git, row.id, head) : 0;
  return {
    status: 200,
    body: await historyView(ctx.services, row, versions),
    headers: linkHeaders(ctx.services.urls.apiRequest(ctx.event.url), page, total),
  };
};
