import { validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { authorIdentity } from '../../repos/commit-identity.js';
import { CommitInputError, writeCommit } from '../../repos/git-commit-write.js';
import { objectInfos } from '../../repos/git-objects.js';
import { accessForWrite } from '../../http/repository-access.js';
import { maintainerWrite } from '../../pulls/maintainer-grant.js';
import { gitCommitView } from '../commit-view.js';
import { checkIdentity, identityFromBody } from '../git-person.js';
import { requireCommits } from '../repository-objects.js';

const invalid = (field: string, message: string) =>
  validationFailed([{ resource: 'Commit', field, code: 'invalid', message }]);

// As GitHub: the author defaults to the caller (their email or noreply
// address) at the current time, and the committer to the author.
export const createCommit: Handler<'git/create-commit'> = async (ctx) => {
  const { repo } = await accessForWrite(
    ctx,
    ctx.params.owner,
    ctx.params.repo,
    maintainerWrite(ctx.services, ctx.principal, () => null),
  );
  const { body } = await ctx.input();
  const { git, urls, accounts, config } = ctx.services;
  await requireCommits(git, repo.id);
  const tree = body.tree.toLowerCase();
  const parents = (body.parents ?? []).map((parent) => parent.toLowerCase());
  const infos = await objectInfos(git, repo.id, [tree, ...parents]);
  if (infos.get(tree)?.type !== 'tree') throw invalid('tree', 'Tree SHA does not exist');
  for (const parent of parents) {
    if (infos.get(parent)?.type !== 'commit')
      throw invalid('parents', 'Parent SHA does not exist or is not a commit object');
  }
  const caller = await accounts.byId(ctx.user().user.id);
  const author = body.author
    ? identityFromBody('Commit', 'author', body.author)
    : authorIdentity(caller!, config.noreplyHost);
  const committer = body.committer
    ? identityFromBody('Commit', 'committer', {
        name: body.committer.name ?? author.name,
        email: body.committer.email ?? author.email,
        date: body.committer.date,
      })
    : author;
  checkIdentity('Commit', 'author', author);
  checkIdentity('Commit', 'committer', committer);
  let sha: string;
  try {
    sha = await writeCommit(git, repo.id, {
      tree,
      parents,
      message: body.message,
      author,
      committer,
      signature: body.signature,
    });
  } catch (error) {
    if (error instanceof CommitInputError) throw invalid('commit', error.message);
    throw error;
  }
  const view = await gitCommitView(git, repo, sha, urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
