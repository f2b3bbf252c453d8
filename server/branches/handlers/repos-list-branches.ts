import type { Handler } from '../../http/operation-context.js';
import { linkHeader, linkHeaderOf, pageRequest } from '../../paging/pagination.js';
import { accessRepository } from '../../http/repository-access.js';
import { shortBranchView } from '../branch-view.js';
import { ruleForBranch } from '../../branch-protection/branch-patterns.js';
import { protectionsOf } from '../../branch-protection/protections-store.js';

const HEADS = 'refs/heads/';

// GET …/branches: every branch by name, one page with `Link`; `protected`
// filters on whether a protection rule covers the branch. An empty repository has none (200 []), as on GitHub.
export const listBranches: Handler<'repos/list-branches'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { git, urls } = ctx.services;
  const refs = await git.listRefObjects(repo.id);
  const rules = await protectionsOf(ctx.services.sql, repo.id);
  const ruleOf = (ref: string) => (rules.length === 0 ? null : ruleForBranch(rules, ref.slice(HEADS.length)));
  const branches = refs.filter(
    (r) => r.ref.startsWith(HEADS) && (query.protected === undefined || (ruleOf(r.ref) !== null) === query.protected),
  );
  const page = pageRequest(query);
  const body = branches
    .slice(page.offset, page.offset + page.perPage)
    .map((r) => shortBranchView(repo, r.ref.slice(HEADS.length), r.sha, urls, ruleOf(r.ref)));
  const link = linkHeader(urls.apiRequest(ctx.event.url), page, branches.length);
  return { status: 200, body, headers: linkHeaderOf(link) };
};
