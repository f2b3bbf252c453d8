import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { tagPage } from '../tag-list.js';
import { tagView } from '../tag-view.js';

// GET …/tags: one page of tags, newest version first, with `Link`. An empty repository has none (200 []).
export const listTags: Handler<'repos/list-tags'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { git, urls } = ctx.services;
  const page = pageRequest(query);
  const { tags, total } = await tagPage(git, repo.id, page);
  return {
    status: 200,
    body: tags.map((tag) => tagView(repo, tag, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
};
