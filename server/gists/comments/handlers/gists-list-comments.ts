import type { Handler } from '../../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../../paging/pagination.js';
import { gistCommentView } from '../gist-comment-view.js';
import { listGistComments } from '../gist-comments-store.js';
import { gistForComments } from '../gist-comments-service.js';

// Oldest first, page numbers and `Link`, as GitHub lists a gist's comments.
export const listGistCommentsHandler: Handler<'gists/list-comments'> = async (ctx) => {
  const { sql, urls } = ctx.services;
  const gist = await gistForComments(sql, ctx.principal, ctx.params.gist_id, 'read');
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { rows, total } = await listGistComments(sql, gist.id, { limit: page.perPage, offset: page.offset });
  return {
    status: 200,
    body: rows.map((row) => gistCommentView(row, urls)),
    headers: linkHeaders(ctx.event.url, page, total),
  };
};
