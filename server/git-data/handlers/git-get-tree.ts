import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import type { GitRepositories } from '../../repos/git.js';
import { accessRepository } from '../../http/repository-access.js';
import { HEX_SHA, requireCommits } from '../repository-objects.js';
import { gitTreeView } from '../tree-view.js';

/**
 * The tree `param` leads to: a tree, commit or tag sha, or a branch, tag or
 * full ref name (GitHub accepts all of them here); null when none does. Only
 * a sha or a valid ref name reaches `rev-parse`, never another rev expression.
 */
async function resolveTree(git: GitRepositories, repositoryId: number, param: string): Promise<string | null> {
  let target: string | null = null;
  if (HEX_SHA.test(param)) target = param.toLowerCase();
  else {
    const names = param.startsWith('refs/') ? [param] : [`refs/heads/${param}`, `refs/tags/${param}`];
    for (const name of names) {
      if (!(await git.isValidRefName(name))) continue;
      target = await git.resolveRef(repositoryId, name);
      if (target) break;
    }
  }
  if (!target) return null;
  try {
    return (await git.git(repositoryId, ['rev-parse', '--verify', '--quiet', `${target}^{tree}`])).trim() || null;
  } catch {
    return null;
  }
}

// `recursive` counts when present at all, whatever its value (GitHub's rule).
export const getTree: Handler<'git/get-tree'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { query } = await ctx.input();
  const { git, urls } = ctx.services;
  const sha = await resolveTree(git, repo.id, ctx.params.tree_sha);
  if (!sha) {
    await requireCommits(git, repo.id);
    throw notFound();
  }
  return { status: 200, body: await gitTreeView(git, repo, sha, query.recursive !== undefined, urls) };
};
