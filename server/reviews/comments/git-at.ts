// git by repository path (the library's callers hold a path: GitRepositories.pathOf),
// with the environment server/repos/git.ts runs git in: no system or user
// configuration, no prompts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };

/** `git <args>` in the bare repository at `repoPath`; stdout (throws on a non-zero exit). */
export async function gitAt(repoPath: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', ['--git-dir', repoPath, ...args], {
    env: { ...process.env, ...GIT_ENV },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The merge base of two commits; `base` itself for histories without a common commit (as pull-diff.ts). */
export async function mergeBaseAt(repoPath: string, base: string, head: string): Promise<string> {
  return (await gitAt(repoPath, ['merge-base', base, head]).catch(() => base)).trim();
}
