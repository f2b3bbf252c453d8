// Per-request loaders for git (the pattern of ../loaders.ts): every object a
// query asks for in the same tick is read by one `cat-file` process per
// repository, so 50 commits with their authors, trees and parents cost a
// couple of processes, not 50 or 200.
import DataLoader from 'dataloader';
import type { GitRepositories } from '../../repos/git.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { TREE_ENTRIES_LIMIT } from '../core/list-caps.js';
import { batchCheck, batchContents, type ObjectInfo } from './cat-file.js';
import type { GitObjectType } from './models.js';
import { readTreePrefix } from './tree-prefix.js';

export interface ObjectKey {
  repo: RepositoryRow;
  /** An object id or a checked revision expression (cat-file.ts `isSafeExpression`). */
  name: string;
}

export interface RefRecord {
  fullName: string;
  oid: string;
  type: GitObjectType;
  /** The date of the commit a ref (or the tag it points at) leads to, epoch seconds; for TAG_COMMIT_DATE. */
  commitDate: number;
}

export interface GitLoaders {
  objectInfo: DataLoader<ObjectKey, ObjectInfo | null, string>;
  /** Contents of commits, trees and tags (small objects). */
  objectContent: DataLoader<ObjectKey, Buffer | null, string>;
  /** Contents of blobs no larger than BLOB_TEXT_LIMIT, fewer per process so one batch stays within memory. */
  blobContent: DataLoader<ObjectKey, Buffer | null, string>;
  /**
   * The first TREE_ENTRIES_LIMIT entries of trees too large for `objectContent`
   * (tree-prefix.ts): one process per tree, run one after another.
   */
  treePrefix: DataLoader<ObjectKey, Buffer, string>;
  /** Every ref of a repository, sorted by name (one `for-each-ref`). */
  refs: DataLoader<RepositoryRow, RefRecord[], number>;
}

/** Blobs above this are not read: `text` is null and `isTruncated` true. */
export const BLOB_TEXT_LIMIT = 1024 * 1024;

const keyOf = (key: ObjectKey) => `${key.repo.id}\0${key.name}`;

/** Runs `read` once per repository over that repository's keys, and answers in key order. */
async function perRepository<V>(
  keys: readonly ObjectKey[],
  read: (repositoryId: number, names: string[]) => Promise<V[]>,
): Promise<V[]> {
  const groups = new Map<number, number[]>();
  keys.forEach((key, i) => {
    const group = groups.get(key.repo.id);
    if (group) group.push(i);
    else groups.set(key.repo.id, [i]);
  });
  const answers = new Array<V>(keys.length);
  await Promise.all(
    [...groups].map(async ([repositoryId, indexes]) => {
      const values = await read(
        repositoryId,
        indexes.map((i) => keys[i]!.name),
      );
      indexes.forEach((index, j) => {
        answers[index] = values[j]!;
      });
    }),
  );
  return answers;
}

const REF_FORMAT = [
  '%(refname)',
  '%(objectname)',
  '%(objecttype)',
  '%(*committerdate:unix)',
  '%(committerdate:unix)',
].join('%00');

export function createGitLoaders(git: GitRepositories): GitLoaders {
  return {
    objectInfo: new DataLoader((keys) => perRepository(keys, (id, names) => batchCheck(git, id, names)), {
      cacheKeyFn: keyOf,
    }),
    objectContent: new DataLoader((keys) => perRepository(keys, (id, oids) => batchContents(git, id, oids)), {
      cacheKeyFn: keyOf,
      maxBatchSize: 1000,
    }),
    blobContent: new DataLoader((keys) => perRepository(keys, (id, oids) => batchContents(git, id, oids)), {
      cacheKeyFn: keyOf,
      maxBatchSize: 32,
    }),
    treePrefix: new DataLoader(
      async (keys) => {
        const prefixes: Buffer[] = [];
        for (const key of keys) prefixes.push(await readTreePrefix(git, key.repo.id, key.name, TREE_ENTRIES_LIMIT));
        return prefixes;
      },
      { cacheKeyFn: keyOf },
    ),
    refs: new DataLoader(
      (repos) =>
        Promise.all(
          repos.map(async (repo) => {
            const out = await git.git(repo.id, ['for-each-ref', `--format=${REF_FORMAT}`]);
            return out
              .split('\n')
              .filter(Boolean)
              .map((line): RefRecord => {
                const [fullName = '', oid = '', type = '', peeledDate = '', date = ''] = line.split('\0');
                return { fullName, oid, type: type as GitObjectType, commitDate: Number(peeledDate || date || 0) };
              });
          }),
        ),
      { cacheKeyFn: (repo) => repo.id },
    ),
  };
}
