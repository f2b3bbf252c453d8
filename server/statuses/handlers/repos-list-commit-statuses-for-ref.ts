import type { Handler, OperationContext } from '../../http/operation-context.js';
import { linkHeaders, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { commitOfRef } from '../status-commit.js';
import { statusView } from '../status-view.js';
import { listStatuses } from '../statuses-store.js';

type ListOperation = 'repos/list-commit-statuses-for-ref' | 'repos/list-commit-statuses-for-ref-legacy';

// Newest first. A ref that names no commit has no statuses: an empty list, as GitHub answers.
async function listFor<K extends ListOperation>(ctx: OperationContext<K>, owner: string, name: string, ref: string) {
  const { repo } = await accessRepository(ctx, owner, name, 'read');
  const { query } = await ctx.input();
  const { sql, urls, git } = ctx.services;
  const page = pageRequest(query);
  const sha = await commitOfRef(git, repo, ref);
  const { rows, total } = sha
    ? await listStatuses(sql, repo.id, sha, page.perPage, page.offset)
    : { rows: [], total: 0 };
  return {
    status: 200 as const,
    body: rows.map((r) => statusView(r, repo, urls)),
    headers: linkHeaders(urls.apiRequest(ctx.event.url), page, total),
  };
}

export const listCommitStatusesForRef: Handler<'repos/list-commit-statuses-for-ref'> = (ctx) =>
  listFor(ctx, ctx.params.owner, ctx.params.repo, ctx.params.ref);

// GET …/statuses/{ref}: GitHub's older path for the same list (PyGithub's Commit.get_statuses).
export const listCommitStatusesForRefLegacy: Handler<'repos/list-commit-statuses-for-ref-legacy'> = (ctx) =>
  listFor(ctx, ctx.params.owner, ctx.params.repo, ctx.params.sha);
