import type { Handler } from '../../http/operation-context.js';
import { linkHeader, linkHeaderOf, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { shortBranchView } from '../branch-view.js';

const HEADS = 'refs/heads/';

// GET …/branches: every branch by name, one page with `Link`. No branch is
// protected yet, so `protected=true` lists none. An empty repository has none (200 []), as on GitHub.
export const listBranches: Handler<'repos/list-branches'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { git, urls } = ctx.services;
  const refs = await git.listRefObjects(repo.id);
  const branches = query.protected === true ? [] : refs.filter((r) => r.ref.startsWith(HEADS));
  const page = pageRequest(query);
  const body = branches
    .slice(page.offset, page.offset + page.perPage)
    .map((r) => shortBranchView(repo, r.ref.slice(HEADS.length), r.sha, urls));
  const link = linkHeader(urls.apiRequest(ctx.event.url), page, branches.length);
  return { status: 200, body, headers: linkHeaderOf(link) };
};
