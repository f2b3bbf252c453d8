// The CODEOWNERS file of a commit, where GitHub looks for it, in its order:
// `.github/CODEOWNERS`, then `CODEOWNERS` at the root, then
// `docs/CODEOWNERS`; the first found is the one used. One `ls-tree` of those
// three exact paths finds them (never a walk of the tree); a file of 3 MB or
// more is ignored, as GitHub ignores it, without being read.
import { cappedGit } from '../repos/git-capped.js';
import { ObjectReader } from '../repos/git-batch.js';
import type { GitRepositories } from '../repos/git.js';

export const CODEOWNERS_PATHS = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'] as const;
/** GitHub: "CODEOWNERS files must be under 3 MB in size". */
export const MAX_CODEOWNERS_BYTES = 3 * 1024 * 1024;
const LIST_LIMITS = { maxBytes: 64 * 1024, timeoutMs: 10_000 };
const ENTRY = /^(\d+) blob ([0-9a-f]{40,64}) +(\d+)\t(.+)$/s;

export interface CodeownersFile {
  path: string;
  text: string;
}

export async function codeownersAt(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
): Promise<CodeownersFile | null> {
  const { out, end } = await cappedGit(
    git,
    repositoryId,
    ['ls-tree', '-z', '-l', '--full-tree', commit, '--', ...CODEOWNERS_PATHS],
    LIST_LIMITS,
  );
  if (end !== 'whole') return null;
  const files = new Map<string, { sha: string; size: number }>();
  for (const record of out.toString('utf8').split('\0')) {
    const match = ENTRY.exec(record);
    // Regular files only: a symlink or a submodule is no CODEOWNERS file.
    if (match && (match[1] === '100644' || match[1] === '100755'))
      files.set(match[4]!, { sha: match[2]!, size: Number(match[3]) });
  }
  const path = CODEOWNERS_PATHS.find((candidate) => files.has(candidate));
  if (!path || files.get(path)!.size >= MAX_CODEOWNERS_BYTES) return null;
  const reader = new ObjectReader(git, repositoryId);
  try {
    const object = await reader.read(files.get(path)!.sha);
    return object?.type === 'blob' ? { path, text: object.content.toString('utf8') } : null;
  } finally {
    reader.close();
  }
}
