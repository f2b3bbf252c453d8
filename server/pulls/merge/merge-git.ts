// The commits a merge writes, with plumbing only (git 2.39: `merge-tree
// --write-tree`, `commit-tree`), never the bare repository's index or a
// work tree. Nothing here moves a ref: the callers do (changeRefs, or the
// mergeability job for refs/pull/{n}/merge).
import type { GitIdentity } from '../../repos/commit-identity.js';
import { writeCommit } from '../../repos/git-commit-write.js';
import type { GitRepositories } from '../../repos/git.js';

export interface Identities {
  author: GitIdentity;
  committer: GitIdentity;
}

/**
 * The tree of merging `theirs` into `ours` (their merge base found by git),
 * or null when they conflict or share no history. Exit 1 is git's "conflicts".
 */
export async function mergeTree(
  git: GitRepositories,
  repositoryId: number,
  ours: string,
  theirs: string,
): Promise<string | null> {
  try {
    return (await git.git(repositoryId, ['merge-tree', '--write-tree', '--no-messages', ours, theirs]))
      .split('\n')[0]!
      .trim();
  } catch (error) {
    const { code, stderr } = error as { code?: unknown; stderr?: unknown };
    if (code === 1 || /unrelated histories/.test(String(stderr ?? ''))) return null;
    throw error;
  }
}

/** A commit with parents `ours` and `theirs` (a merge commit), or null on conflict. */
export async function mergeCommit(
  git: GitRepositories,
  repositoryId: number,
  ours: string,
  theirs: string,
  message: string,
  who: Identities,
): Promise<string | null> {
  const tree = await mergeTree(git, repositoryId, ours, theirs);
  if (tree === null) return null;
  return writeCommit(git, repositoryId, { tree, parents: [ours, theirs], message, ...who });
}

/** One commit on `base` with the merged tree (a squash), or null on conflict. */
export async function squashCommit(
  git: GitRepositories,
  repositoryId: number,
  base: string,
  head: string,
  message: string,
  who: Identities,
): Promise<string | null> {
  const tree = await mergeTree(git, repositoryId, base, head);
  if (tree === null) return null;
  return writeCommit(git, repositoryId, { tree, parents: [base], message, ...who });
}

const treeOf = async (git: GitRepositories, repositoryId: number, commit: string) =>
  (await git.git(repositoryId, ['rev-parse', `${commit}^{tree}`])).trim();

interface CommitText {
  author: GitIdentity;
  message: string;
}

/** A commit's author (with its date, as `@<seconds> <zone>`) and message, verbatim. */
async function readCommit(git: GitRepositories, repositoryId: number, sha: string): Promise<CommitText> {
  const text = await git.git(repositoryId, ['cat-file', 'commit', sha]);
  const end = text.indexOf('\n\n');
  const headers = end < 0 ? text : text.slice(0, end);
  const match = /^author (.*) <(.*)> (\d+) ([+-]\d{4})$/m.exec(headers);
  if (!match) throw new Error(`commit ${sha} has no author line`);
  return {
    author: { name: match[1]!, email: match[2]!, date: `@${match[3]} ${match[4]}` },
    message: end < 0 ? '' : text.slice(end + 2),
  };
}

/**
 * Each commit of base..head replayed onto `base`, oldest first, with its
 * author and message and `committer` as committer; the last one's sha (or
 * `base` when every commit was already there), or null when a commit does
 * not apply or the range holds a merge commit (GitHub's "This branch can't
 * be rebased"). A cherry-pick of C is the three-way merge of C with the
 * current tip over C's parent: 2.39's merge-tree has no --merge-base, so a
 * throwaway commit with the current tree and C's parent as its only parent
 * makes that parent the merge base git finds.
 */
export async function rebaseCommits(
  git: GitRepositories,
  repositoryId: number,
  base: string,
  head: string,
  committer: GitIdentity,
): Promise<string | null> {
  const lines = (await git.git(repositoryId, ['rev-list', '--reverse', '--parents', `${base}..${head}`]))
    .split('\n')
    .filter(Boolean);
  const commits = lines.map((line) => line.split(' '));
  if (commits.some((shas) => shas.length !== 2)) return null;
  let tip = base;
  let tipTree = await treeOf(git, repositoryId, base);
  for (const [commit, parent] of commits as [string, string][]) {
    const stand = await writeCommit(git, repositoryId, {
      tree: tipTree,
      parents: [parent],
      message: 'cherry-pick base\n',
      author: committer,
      committer,
    });
    const tree = await mergeTree(git, repositoryId, stand, commit);
    if (tree === null) return null;
    // A change the base already has leaves nothing to commit: dropped, as `git rebase` does.
    if (tree === tipTree) continue;
    const { author, message } = await readCommit(git, repositoryId, commit);
    tip = await writeCommit(git, repositoryId, { tree, parents: [tip], message, author, committer });
    tipTree = tree;
  }
  return tip;
}
