import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { repositoryView } from '../../repos/repository-view.js';
import { commitOfRef } from '../status-commit.js';
import { combinedState, simpleStatusView } from '../status-view.js';
import { latestByContext } from '../statuses-store.js';

// Each context's latest status (paginated as GitHub does, without Link) and
// the state combined over every context; a ref that names no commit is 404.
export const getCombinedStatusForRef: Handler<'repos/get-combined-status-for-ref'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { sql, urls, git } = ctx.services;
  const page = pageRequest(query);
  const sha = await commitOfRef(git, repo, ctx.params.ref);
  if (!sha) throw notFound();
  const { rows, states } = await latestByContext(sql, repo.id, sha, page.perPage, page.offset);
  const api = urls.api(`/repos/${repo.owner_login}/${repo.name}`);
  return {
    status: 200,
    body: {
      state: combinedState(states),
      statuses: rows.map((r) => simpleStatusView(r, repo, urls)),
      sha,
      total_count: states.length,
      repository: repositoryView(repo, permission, urls),
      commit_url: `${api}/commits/${sha}`,
      url: `${api}/commits/${sha}/status`,
    },
  };
};
