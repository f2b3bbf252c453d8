// Reading a git command's output as it comes, never whole: the reader takes
// each chunk and says when it has had enough, and git is stopped there. Why:
// what a push's event builder asks git (a commit walk, commit messages) is
// as large as what the pusher made it, and a buffered reader either holds
// all of it or fails once it passes its buffer (a failure the reconciler
// then retried for ever: issue 32). Capped readers are built on this.
import type { GitRepositories } from './git.js';

/**
 * Runs `git <args>` with `input` on stdin and hands stdout to `take` chunk by
 * chunk; once `take` returns false git is killed and no more is read.
 * Resolves true when git ran to the end, false when it was stopped; rejects
 * when git failed on its own (with its stderr, capped).
 */
export function streamGit(
  git: GitRepositories,
  repositoryId: number,
  args: string[],
  input: string,
  take: (chunk: Buffer) => boolean,
): Promise<boolean> {
  const child = git.spawn(repositoryId, args);
  let stopped = false;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString('utf8');
  });
  child.stdout.on('data', (chunk: Buffer) => {
    if (stopped) return;
    if (!take(chunk)) {
      stopped = true;
      child.stdout.destroy();
      child.kill();
    }
  });
  // git stopped (or failed) before reading all of its input: the exit says why, not EPIPE.
  child.stdin.on('error', () => {});
  child.stdin.end(input);
  return new Promise<boolean>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (stopped) resolve(false);
      else if (code === 0) resolve(true);
      else reject(new Error(`git ${args[0]} failed (${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * Splits a stream into fields ended by `terminator` (NUL, or `\n` for
 * lines), keeping at most `maxFieldBytes` of each (the rest is read and
 * dropped); `onField` returns false to stop.
 */
export class FieldSplitter {
  private pieces: Buffer[] = [];
  private kept = 0;

  constructor(
    private readonly terminator: number,
    private readonly maxFieldBytes: number,
    private readonly onField: (field: Buffer) => boolean,
  ) {}

  /** Feeds a chunk; false once `onField` asked to stop. */
  push(chunk: Buffer): boolean {
    let at = 0;
    while (at < chunk.length) {
      const found = chunk.indexOf(this.terminator, at);
      const end = found < 0 ? chunk.length : found;
      const take = Math.min(end - at, this.maxFieldBytes - this.kept);
      if (take > 0) {
        // A copy: a kept slice of git's 64 KiB chunk would keep the whole chunk alive.
        this.pieces.push(Buffer.from(chunk.subarray(at, at + take)));
        this.kept += take;
      }
      if (found < 0) return true;
      if (!this.flush()) return false;
      at = found + 1;
    }
    return true;
  }

  /** The last field, when the stream did not end with a terminator. */
  end(): void {
    if (this.pieces.length) this.flush();
  }

  private flush(): boolean {
    const field = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces);
    this.pieces = [];
    this.kept = 0;
    return this.onField(field);
  }
}

/**
 * `git <args>`'s output as fields ended by `terminator`, each cut at
 * `maxFieldBytes`, handed to `onField` until it returns false (git is then
 * stopped). Resolves true when git's whole output was read.
 */
export async function readGitFields(
  git: GitRepositories,
  repositoryId: number,
  args: string[],
  input: string,
  terminator: number,
  maxFieldBytes: number,
  onField: (field: Buffer) => boolean,
): Promise<boolean> {
  const splitter = new FieldSplitter(terminator, maxFieldBytes, onField);
  const whole = await streamGit(git, repositoryId, args, input, (chunk) => splitter.push(chunk));
  if (whole) splitter.end();
  return whole;
}
