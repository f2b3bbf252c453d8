// GitHub's README lookup: the first file of a directory named README, in any
// case, with or without an extension (git's order: README before README.md).
import { notFound } from '../errors/domain-error.js';
import type { OperationContext } from '../http/operation-context.js';
import type { OperationId } from '../generated/routes.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import { treePath } from './content-path.js';
import { contentResult } from './content-result.js';
import { commitForRead, contentMediaType, readContent } from './read-content.js';
import { entryAt, listTree } from './tree-entries.js';

const README = /^readme(?:\.[^/]*)?$/i;

export async function readmeResult<K extends OperationId>(
  ctx: OperationContext<K>,
  repo: RepositoryRow,
  dirParam: string,
  ref: string | undefined,
) {
  const dir = treePath(dirParam);
  if (dir === null) throw notFound();
  const { git } = ctx.services;
  const { commit } = await commitForRead(git, repo, ref);
  const tree = await entryAt(git, repo.id, commit, dir);
  if (tree?.kind !== 'dir') throw notFound();
  const readme = (await listTree(git, repo.id, tree.sha, dir)).find(
    (entry) =>
      entry.kind !== 'dir' &&
      entry.kind !== 'submodule' &&
      README.test(entry.path.slice(entry.path.lastIndexOf('/') + 1)),
  );
  if (!readme) throw notFound();
  const answer = await readContent(
    ctx.services,
    repo,
    ref,
    readme.path,
    contentMediaType(ctx.event.req.headers.get('accept'), ctx.services.config.vendor) === 'raw' ? 'raw' : 'json',
  );
  // A README that is a symlink out of the repository is not a file: GitHub has none then.
  if (!('raw' in answer) && (answer.json as { type?: string }).type !== 'file') throw notFound();
  return contentResult(ctx.services, repo, answer);
}
