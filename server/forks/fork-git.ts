// The fork's git data. The fork is its own bare repository, made with
// `git clone --bare --no-local` from the parent: --no-local makes git copy
// the objects through its transport (a pack of what the refs reach) instead
// of hard-linking or borrowing the parent's store through alternates, so
// nothing the parent does later (force-pushes, deleted branches, `git gc
// --prune=now`) can remove an object the fork needs. The cost is disk, once
// per fork; the shared-store design would need hidden refs in the parent for
// every fork ref, kept in step with every push to every fork.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { GitRepositories } from '../repos/git.js';

const run = promisify(execFile);
const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };

/** Copies the parent's branches and tags (only the default branch when `defaultBranch` is given) into a new bare repository for the fork. */
export async function cloneForFork(
  git: GitRepositories,
  parentId: number,
  forkId: number,
  defaultBranch: string | null,
): Promise<void> {
  const branchOnly = defaultBranch === null ? [] : ['--single-branch', '--branch', defaultBranch, '--no-tags'];
  await run(
    'git',
    ['clone', '--bare', '--no-local', '--quiet', ...branchOnly, '--', git.pathOf(parentId), git.pathOf(forkId)],
    {
      env: { ...process.env, ...GIT_ENV },
    },
  );
  // The clone remembers where it came from: a server path, and nothing the fork needs.
  await git.git(forkId, ['remote', 'remove', 'origin']);
}

/** The fork's refs as `[name, sha]`, for the ref mirror (repository_refs). */
export async function refsOf(git: GitRepositories, repositoryId: number): Promise<[string, string][]> {
  const out = await git.git(repositoryId, ['for-each-ref', '--format=%(refname) %(objectname)']);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ') as [string, string]);
}
