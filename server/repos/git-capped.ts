// A git command whose work the caller's input sizes (a blame of a file's
// history, a parse of a file read from the repository): its output is read up
// to a byte cap and it runs at most a time limit, git stopped at either
// (streamGit's reader, plus a clock). The caller learns which happened.
import type { GitRepositories } from './git.js';

export interface CappedOutput {
  /** stdout up to the cap. */
  out: Buffer;
  /** How it ended: ran to the end, stopped at the byte cap, stopped at the time limit, or failed (non-zero exit). */
  end: 'whole' | 'cut' | 'timeout' | 'failed';
}

export function cappedGit(
  git: GitRepositories,
  repositoryId: number,
  args: string[],
  limits: { maxBytes: number; timeoutMs: number },
  env: Record<string, string> = {},
): Promise<CappedOutput> {
  const child = git.spawn(repositoryId, args, env);
  const chunks: Buffer[] = [];
  let size = 0;
  let end: CappedOutput['end'] | null = null;
  const stop = (why: 'cut' | 'timeout') => {
    if (end !== null) return;
    end = why;
    child.stdout.destroy();
    child.kill();
  };
  const clock = setTimeout(() => stop('timeout'), limits.timeoutMs);
  child.stderr.resume();
  child.stdout.on('data', (chunk: Buffer) => {
    if (end !== null) return;
    const room = limits.maxBytes - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (chunk.length > room) stop('cut');
  });
  child.stdin.on('error', () => {});
  child.stdin.end();
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearTimeout(clock);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(clock);
      resolve({ out: Buffer.concat(chunks), end: end ?? (code === 0 ? 'whole' : 'failed') });
    });
  });
}
