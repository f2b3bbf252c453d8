import type { Handler } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../http/pagination.js';
import { accessRepository } from '../../repos/repository-access.js';
import { commitOfRef } from '../status-commit.js';
import { statusView } from '../status-view.js';
import { listStatuses } from '../statuses-store.js';

// Newest first. A ref that names no commit has no statuses: an empty list, as GitHub answers.
export const listCommitStatusesForRef: Handler<'repos/list-commit-statuses-for-ref'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls, git } = ctx.services;
  const page = pageRequest(query);
  const sha = await commitOfRef(git, repo, ctx.params.ref);
  const { rows, total } = sha ? await listStatuses(sql, repo.id, sha, page.perPage, page.offset) : { rows: [], total: 0 };
  return { status: 200, body: rows.map((r) => statusView(r, repo, urls)), headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total) };
};
