import { treePath } from '../../repos/tree-path.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { linkHeaderOf, pageRequest } from '../../paging/pagination.js';
import { pageLink } from '../../paging/page-link.js';
import { accessRepository } from '../../http/repository-access.js';
import { addressesOf } from '../commit-authors.js';
import { commitPage } from '../commit-list.js';
import { commitUsers } from '../commit-users.js';
import { commitListBody } from '../commit-list-body.js';
import { branchHead, ensureNotEmpty, resolveCommit } from '../resolve-commit.js';

// GET …/commits: history from `sha` (a branch, tag or sha; the default branch
// without it), newest first, filtered as GitHub filters, one page with `Link`.
export const listCommits: Handler<'repos/list-commits'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { git, urls } = ctx.services;
  const start = query.sha
    ? await resolveCommit(git, repo, query.sha)
    : await branchHead(git, repo, repo.default_branch);
  if (!start) {
    await ensureNotEmpty(git, repo);
    throw notFound(query.sha ? `No commit found for SHA: ${query.sha}` : 'Not Found');
  }
  const page = pageRequest(query);
  const [authors, committers] = await Promise.all([
    addressesOf(ctx.services, query.author),
    addressesOf(ctx.services, query.committer),
  ]);
  // A path as the contents API reads one (slashes at either end dropped); one that
  // names nothing in a tree (`..`, `a//b`, a NUL: git refuses some as outside the
  // repository) matches no commit, as no address holding a NUL does.
  const path = query.path === undefined ? '' : treePath(query.path);
  if (authors === null || committers === null || path === null) return { status: 200, body: [] };
  const commits = await commitPage(
    git,
    repo.id,
    start,
    { authors, committers, since: query.since, until: query.until, path: path || undefined },
    page,
  );
  const users = await commitUsers(ctx.services, commits.emails);
  const link = pageLink(urls, ctx.event.url, page, commits.total);
  return { status: 200, body: commitListBody(repo, commits, users, urls), headers: linkHeaderOf(link) };
};
