// GitHub's README lookup: the first file of a directory named README, in any
// case, with or without an extension (git's order: README before README.md).
import { notFound } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { treePath } from '../repos/tree-path.js';
import { commitForRead, readContent, type ContentAnswer } from './read-content.js';
import { entryAt, listTree } from './tree-entries.js';

const README = /^readme(?:\.[^/]*)?$/i;

/** The README of `dirParam` at `ref`, as JSON or its raw bytes; not found when there is none. */
export async function findReadme(
  services: Services,
  repo: RepositoryRow,
  dirParam: string,
  ref: string | undefined,
  format: 'raw' | 'json',
): Promise<ContentAnswer> {
  const dir = treePath(dirParam);
  if (dir === null) throw notFound();
  const { git } = services;
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
  const answer = await readContent(services, repo, ref, readme.path, format);
  // A README that is a symlink out of the repository is not a file: GitHub has none then.
  if (!('raw' in answer) && (answer.json as { type?: string }).type !== 'file') throw notFound();
  return answer;
}
