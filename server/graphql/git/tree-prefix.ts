// The first entries of a tree too large to read whole: `git cat-file tree`
// streamed and stopped once it has printed enough entries, so a tree of a
// million entries costs what its first thousand do.
import type { GitRepositories } from '../../repos/git.js';

/** Past the end of the `count`th entry of raw tree bytes, or -1 when they hold fewer. */
function endOfEntries(raw: Buffer, count: number, oidBytes: number): number {
  let at = 0;
  for (let seen = 0; seen < count; seen++) {
    const nul = raw.indexOf(0, at);
    if (nul === -1 || nul + 1 + oidBytes > raw.length) return -1;
    at = nul + 1 + oidBytes;
  }
  return at;
}

/** The raw bytes of a tree's first `count` entries (all of them when it has fewer). */
export async function readTreePrefix(
  git: GitRepositories,
  repositoryId: number,
  oid: string,
  count: number,
): Promise<Buffer> {
  const child = git.spawn(repositoryId, ['cat-file', 'tree', oid]);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  child.stderr.resume();
  const oidBytes = oid.length / 2;
  let raw = Buffer.alloc(0);
  let end = -1;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    raw = Buffer.concat([raw, chunk]);
    end = endOfEntries(raw, count, oidBytes);
    if (end !== -1) break;
  }
  if (end !== -1) child.kill();
  const code = await exited;
  if (end === -1 && code !== 0) throw new Error(`git cat-file tree ${oid} failed (${code})`);
  return end === -1 ? raw : raw.subarray(0, end);
}
