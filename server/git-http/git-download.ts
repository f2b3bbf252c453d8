// A raw file's download body (contents/raw-download.ts): git's output streamed
// as git writes it, through the same process runner as smart HTTP, with no
// system or global git configuration.
import type { GitDownload } from '../http/signed-download.js';
import { runGit } from './git-process.js';

const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };

/** Git's output for `args` on the repository as the body, streamed; null when git fails before writing. */
export const gitDownload: GitDownload = async (services, repositoryId, args, contentType) => {
  const response = await runGit({
    args: ['--git-dir', services.git.pathOf(repositoryId), ...args],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...GIT_ENV },
    input: null,
    contentType,
  }).response;
  return response.status === 200 ? response : null;
};
