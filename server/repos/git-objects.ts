// Reading and writing single git objects without a work tree: which objects
// exist (one `cat-file --batch-check` for any number of them), blobs written
// from memory or streamed in pieces into `hash-object -w --stdin`, and an
// object's raw bytes. Shared by every capability that makes commits.
import type { GitRepositories } from './git.js';

export type GitObjectType = 'blob' | 'tree' | 'commit' | 'tag';

export interface ObjectInfo {
  type: GitObjectType;
  size: number;
}

/** A full lowercase SHA-1 object name. */
export const SHA_PATTERN = /^[0-9a-f]{40}$/;

/** GitHub's largest blob (the git data and contents APIs). */
export const MAX_BLOB_BYTES = 100 * 1024 * 1024;

/**
 * Type and size of each named object, or null where it does not exist (or
 * is not a full sha: no rev expressions reach git from here).
 */
export async function objectInfos(
  git: GitRepositories,
  repositoryId: number,
  shas: string[],
): Promise<Map<string, ObjectInfo | null>> {
  const out = new Map<string, ObjectInfo | null>();
  const asked = [...new Set(shas)].filter((sha) => SHA_PATTERN.test(sha));
  for (const sha of shas) out.set(sha, null);
  if (asked.length === 0) return out;
  const text = await git.git(
    repositoryId,
    ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'],
    `${asked.join('\n')}\n`,
  );
  for (const line of text.split('\n')) {
    const [sha, type, size] = line.split(' ');
    if (sha && size !== undefined && type !== 'missing')
      out.set(sha, { type: type as GitObjectType, size: Number(size) });
  }
  return out;
}

export async function objectInfo(git: GitRepositories, repositoryId: number, sha: string): Promise<ObjectInfo | null> {
  return (await objectInfos(git, repositoryId, [sha])).get(sha) ?? null;
}

/** Writes `content` as a blob; returns its sha. */
export async function writeBlob(git: GitRepositories, repositoryId: number, content: Buffer | string): Promise<string> {
  return (await git.git(repositoryId, ['hash-object', '-w', '--stdin'], content)).trim();
}

/**
 * Writes a blob whose bytes come in pieces (a 100 MB upload decoded a few MB
 * at a time), never holding the whole of it: each piece waits for git to take
 * the previous one.
 */
export async function writeBlobStream(
  git: GitRepositories,
  repositoryId: number,
  pieces: Iterable<Buffer>,
): Promise<string> {
  const child = git.spawn(repositoryId, ['hash-object', '-w', '--stdin']);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  // A git that dies early closes stdin: its exit code says why, not EPIPE.
  child.stdin.on('error', () => {});
  try {
    for (const piece of pieces) {
      if (!child.stdin.write(piece))
        await Promise.race([new Promise((resolve) => child.stdin.once('drain', resolve)), exited]);
      if (child.exitCode !== null) break;
    }
  } catch (error) {
    // The pieces' source failed (bad input): git is stopped before it writes anything.
    child.kill();
    await exited.catch(() => undefined);
    throw error;
  }
  child.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`git hash-object failed (${code}): ${Buffer.concat(stderr).toString('utf8')}`);
  return Buffer.concat(stdout).toString('utf8').trim();
}

/** An object's raw content (a blob's bytes, a commit's or tag's text). */
export function readObject(
  git: GitRepositories,
  repositoryId: number,
  type: GitObjectType,
  sha: string,
  maxBytes = MAX_BLOB_BYTES + 1024 * 1024,
): Promise<Buffer> {
  return git.gitBytes(repositoryId, ['cat-file', type, sha], '', maxBytes);
}
