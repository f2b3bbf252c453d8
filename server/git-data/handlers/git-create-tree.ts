import { validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { objectInfo } from '../../repos/git-objects.js';
import { editTree, TreeEditError } from '../../repos/git-tree-edit.js';
import { accessForWrite } from '../../http/repository-access.js';
import { maintainerWrite } from '../../pulls/maintainer-grant.js';
import { requireCommits } from '../repository-objects.js';
import { treeEdits } from '../tree-input.js';
import { gitTreeView } from '../tree-view.js';

// Built with `ls-tree` / `mktree` on the directories the entries touch
// (git-tree-edit.ts), never in a work tree; answered with the new tree's top level.
export const createTree: Handler<'git/create-tree'> = async (ctx) => {
  const { repo } = await accessForWrite(
    ctx,
    ctx.params.owner,
    ctx.params.repo,
    maintainerWrite(ctx.services, ctx.principal, () => null),
  );
  const { body } = await ctx.input();
  const { git, urls } = ctx.services;
  await requireCommits(git, repo.id);
  const base = body.base_tree?.toLowerCase() ?? null;
  if (base && (await objectInfo(git, repo.id, base))?.type !== 'tree') {
    throw validationFailed([
      { resource: 'Tree', field: 'base_tree', code: 'invalid', message: 'base_tree is not a valid tree' },
    ]);
  }
  const edits = await treeEdits(git, repo.id, body.tree);
  let sha: string;
  try {
    sha = await editTree(git, repo.id, base, edits);
  } catch (error) {
    if (error instanceof TreeEditError)
      throw validationFailed([{ resource: 'Tree', field: 'tree.path', code: 'invalid', message: error.message }]);
    throw error;
  }
  const view = await gitTreeView(git, repo, sha, false, urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
