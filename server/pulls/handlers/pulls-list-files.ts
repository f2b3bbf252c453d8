import { notFound } from '../../errors/domain-error.js';
import { routeRepository } from '../../http/repository-access.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaderOf, pageRequest } from '../../paging/pagination.js';
import { pageLink } from '../../paging/page-link.js';
import { fileView } from '../../commits/commit-view.js';
import { pullFiles } from '../pull-diff.js';
import { pullByNumber } from '../pull-rows.js';

// GET …/pulls/{n}/files: GitHub's diff entries from the merge base to the
// head, at most 3000, one page with `Link`; the URLs name the head commit.
export const listPullFiles: Handler<'pulls/list-files'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  const { query } = await ctx.input();
  const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!row) throw notFound();
  const { git, urls } = ctx.services;
  const page = pageRequest(query);
  const files = await pullFiles(git, repo.id, row.pull);
  const link = pageLink(urls, ctx.event.url, page, files.length);
  const body = files
    .slice(page.offset, page.offset + page.perPage)
    .map((file) => fileView(repo, row.pull.head_sha, file, urls));
  return { status: 200, body, headers: linkHeaderOf(link) };
};
