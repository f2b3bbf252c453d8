// Writing a commit object with `git commit-tree` (no work tree): its tree,
// parents, message (verbatim, from stdin), author and committer with their
// dates, and optionally a detached signature that goes into the `gpgsig`
// header as GitHub's create-commit API puts it. Does not move any ref: the
// caller does that through changeRefs. Shared by the git data API and every
// capability that commits.
import { identityEnv, type GitRepositories } from './git.js';
import type { GitIdentity } from './commit-identity.js';
import { readObject } from './git-objects.js';

export interface NewCommit {
  tree: string;
  parents: string[];
  message: string;
  author: GitIdentity;
  committer: GitIdentity;
  /** An ASCII-armored signature over the unsigned commit, stored as its `gpgsig` header. */
  signature?: string;
}

/** Input git refuses (an empty name, a NUL in the message, a date it cannot read): the caller answers 422. */
export class CommitInputError extends Error {}

const REFUSALS = /empty ident|disallowed characters|NUL byte|invalid date|bad signature/i;

export async function writeCommit(git: GitRepositories, repositoryId: number, commit: NewCommit): Promise<string> {
  if (commit.message.includes('\0')) throw new CommitInputError('a NUL byte in a commit message is not allowed');
  const args = ['commit-tree', commit.tree, ...commit.parents.flatMap((parent) => ['-p', parent]), '-F', '-'];
  let sha: string;
  try {
    sha = (await git.git(repositoryId, args, commit.message, identityEnv(commit))).trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    if (REFUSALS.test(stderr)) throw new CommitInputError(stderr.replace(/^(fatal|error): /gm, '').trim());
    throw error;
  }
  return commit.signature ? sign(git, repositoryId, sha, commit.signature) : sha;
}

/**
 * The same commit with a `gpgsig` header after `committer` (continuation
 * lines start with a space, as git writes them), written as a new object.
 */
async function sign(git: GitRepositories, repositoryId: number, unsigned: string, signature: string): Promise<string> {
  if (signature.includes('\0') || signature.trim() === '') throw new CommitInputError('bad signature');
  const text = (await readObject(git, repositoryId, 'commit', unsigned)).toString('utf8');
  const headerEnd = text.indexOf('\n\n');
  const headers = headerEnd < 0 ? text : text.slice(0, headerEnd);
  const rest = headerEnd < 0 ? '' : text.slice(headerEnd);
  const gpgsig = `gpgsig ${signature.replace(/\n+$/, '').split('\n').join('\n ')}`;
  return (
    await git.git(repositoryId, ['hash-object', '-t', 'commit', '-w', '--stdin'], `${headers}\n${gpgsig}${rest}`)
  ).trim();
}
