import { notFound } from '../../errors/domain-error.js';
import { routeRepository } from '../../http/repository-access.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaderOf, pageRequest } from '../../paging/pagination.js';
import { pageLink } from '../../paging/page-link.js';
import { commitUsers } from '../../commits/commit-users.js';
import { commitView } from '../../commits/commit-view.js';
import { pullCommits } from '../pull-diff.js';
import { pullByNumber } from '../pull-rows.js';

// GET …/pulls/{n}/commits: the head's commits since the base, oldest first,
// at most 250 (as GitHub), one page with `Link`.
export const listPullCommits: Handler<'pulls/list-commits'> = async (ctx) => {
  const { repo } = await routeRepository(ctx);
  const { query } = await ctx.input();
  const row = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!row) throw notFound();
  const { git, urls } = ctx.services;
  const page = pageRequest(query);
  const { records, total } = await pullCommits(git, repo.id, row.pull, page.offset, page.perPage);
  const users = await commitUsers(
    ctx.services,
    records.flatMap((r) => [r.author.email, r.committer.email]),
  );
  const link = pageLink(urls, ctx.event.url, page, total);
  return { status: 200, body: records.map((r) => commitView(repo, r, users, urls)), headers: linkHeaderOf(link) };
};
