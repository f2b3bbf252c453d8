// A head in a fork: the base repository gets a copy of the head commit (and
// what it reaches) from the fork's own bare repository, so refs/pull/{n}/head,
// the diff counts and later merges all work in the base alone. The fetch asks
// for the commit by sha (protocol v2 serves any reachable object), so a push
// to the fork between reading the branch and fetching cannot swap the commit;
// nothing is written but objects (no ref, no FETCH_HEAD): the caller points
// refs/pull/{n}/head at it in its transaction (pull-git.ts writeHeadRef), and
// an object left by a failed request is pruned by gc like any unreachable one.
// update-branch copies the other way (the base's tip into the fork) the same way.
import type { GitRepositories } from '../repos/git.js';

/** Copies commit `sha` (and what it reaches) from repository `fromId` into `intoId`: objects only. */
export async function copyCommit(git: GitRepositories, intoId: number, fromId: number, sha: string): Promise<void> {
  if (intoId === fromId) return;
  if ((await git.objectType(intoId, sha)) === 'commit') return;
  await git.git(intoId, [
    'fetch',
    '--quiet',
    '--no-tags',
    '--no-write-fetch-head',
    '--no-auto-gc',
    git.pathOf(fromId),
    sha,
  ]);
}

export const copyHeadCommit = (git: GitRepositories, baseId: number, headId: number, sha: string) =>
  copyCommit(git, baseId, headId, sha);
