// What a pull request changes, read from git in its base repository (which
// holds the head's commits: refs/pull/{n}/head): the commits the head has
// that the base lacks, and the diff from their merge base to the head, with
// the same readers as commits and comparisons (server/commits/).
import { comparedCommits } from '../commits/comparison.js';
import type { CommitRecord } from '../commits/commit-records.js';
import { diffFiles, diffSummary, diffText, patchText, type DiffFile } from '../commits/commit-diff.js';
import type { GitRepositories } from '../repos/git.js';
import type { PullFields } from './pull-rows.js';

/** GitHub lists at most this many commits of a pull request… */
export const MAX_PULL_COMMITS = 250;
/** …and at most this many files. */
export const MAX_PULL_FILES = 3000;

type Shas = Pick<PullFields, 'base_sha' | 'head_sha'>;

async function mergeBase(git: GitRepositories, repositoryId: number, pull: Shas): Promise<string> {
  // Histories without a common commit: the whole head is the change (diffed against the base itself).
  return (await git.git(repositoryId, ['merge-base', pull.base_sha, pull.head_sha]).catch(() => pull.base_sha)).trim();
}

/**
 * The commits of a pull request, REST's and GraphQL's: base..head oldest
 * first, at most 250 (the oldest), and how many the range holds in all.
 */
export async function pullCommitShas(
  git: GitRepositories,
  repositoryId: number,
  pull: Shas,
): Promise<{ shas: string[]; all: number }> {
  const listed = (await git.git(repositoryId, ['rev-list', '--reverse', `${pull.base_sha}..${pull.head_sha}`, '--']))
    .split('\n')
    .filter(Boolean);
  return { shas: listed.slice(0, MAX_PULL_COMMITS), all: listed.length };
}

/** The commits of base..head (at most 250), and how many of them there are; `count` from `offset`, oldest first. */
export async function pullCommits(
  git: GitRepositories,
  repositoryId: number,
  pull: Shas,
  offset: number,
  count: number,
): Promise<{ records: CommitRecord[]; total: number }> {
  const { shas, all } = await pullCommitShas(git, repositoryId, pull);
  const total = shas.length;
  const window = Math.min(count, total - offset);
  if (window <= 0) return { records: [], total };
  // comparedCommits counts its window from the newest end of all `all` commits: the first 250 are the oldest.
  return {
    records: await comparedCommits(git, repositoryId, pull.base_sha, pull.head_sha, all, offset, window),
    total,
  };
}

const REMEMBERED_FILE_LISTS = 16;
const MAX_REMEMBERED_CHARS = 1024 * 1024;
const fileLists = new WeakMap<GitRepositories, Map<string, Promise<DiffFile[]>>>();

/**
 * Every file the pull request changes (at most 3000), with hunks. A client
 * pages through them (30 a page: a hundred requests for 3000 files), and the
 * list is a pure function of the two shas, so the last few are remembered
 * rather than diffed again for every page.
 */
export function pullFiles(git: GitRepositories, repositoryId: number, pull: Shas): Promise<DiffFile[]> {
  let lists = fileLists.get(git);
  if (!lists) fileLists.set(git, (lists = new Map()));
  const key = `${repositoryId}\0${pull.base_sha}\0${pull.head_sha}`;
  let list = lists.get(key);
  if (list) {
    lists.delete(key); // most recently used last
  } else {
    list = mergeBase(git, repositoryId, pull).then((base) =>
      diffFiles(git, repositoryId, base, pull.head_sha, MAX_PULL_FILES),
    );
    const remembered = lists;
    // A failure is not remembered, nor a list too large to keep (a diff may be 16 MB of hunks).
    list.then(
      (files) => {
        if (
          files.reduce((size, file) => size + (file.patch?.length ?? 0) + file.filename.length, 0) >
          MAX_REMEMBERED_CHARS
        )
          remembered.delete(key);
      },
      () => remembered.delete(key),
    );
  }
  lists.set(key, list);
  if (lists.size > REMEMBERED_FILE_LISTS) lists.delete(lists.keys().next().value!);
  return list;
}

/** Every file the pull request changes (at most 3000), without hunks: GraphQL's `files`. */
export async function pullFileSummary(git: GitRepositories, repositoryId: number, pull: Shas): Promise<DiffFile[]> {
  return (await diffSummary(git, repositoryId, await mergeBase(git, repositoryId, pull), pull.head_sha)).slice(
    0,
    MAX_PULL_FILES,
  );
}

/** The `diff` media type: `git diff` from the merge base to the head. */
export async function pullDiffText(git: GitRepositories, repositoryId: number, pull: Shas): Promise<string> {
  return diffText(git, repositoryId, await mergeBase(git, repositoryId, pull), pull.head_sha);
}

/** The `patch` media type: the commits as `git format-patch --stdout`, oldest first. */
export function pullPatchText(git: GitRepositories, repositoryId: number, pull: Shas): Promise<string> {
  return patchText(git, repositoryId, [`${pull.base_sha}..${pull.head_sha}`]);
}
