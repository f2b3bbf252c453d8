// The files a commit (or a comparison) changed, as `git diff-tree` reports
// them: status, blob, rename source and line counts from `--raw --numstat -z`,
// and each file's hunks from `-p`, in two processes run side by side (git
// prints both in the same order). Renames are detected (-M), as GitHub does.
import { tooLarge as diffTooLarge } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';

export type FileStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed';

export interface DiffFile {
  filename: string;
  previous_filename?: string;
  status: FileStatus;
  sha: string;
  additions: number;
  deletions: number;
  /** Absent for binary files and changes without hunks (a pure rename, a mode change). */
  patch?: string;
}

/** GitHub lists at most this many files of a commit or a comparison. */
export const MAX_DIFF_FILES = 300;

const EMPTY_TREE_SHA1 = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const EMPTY_TREE_SHA256 = '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321';

/** What a root commit is compared with: git's empty tree, in the repository's hash. */
export function emptyTree(sha: string): string {
  return sha.length === 64 ? EMPTY_TREE_SHA256 : EMPTY_TREE_SHA1;
}

const STATUS: Record<string, FileStatus> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};
const ZERO = /^0+$/;

const SUMMARY_ARGS = (base: string, head: string) => [
  'diff-tree',
  '-r',
  '-M',
  '--no-color',
  '--raw',
  '--numstat',
  '-z',
  base,
  head,
  '--',
];

/**
 * The files base..head changed, without hunks: status, blob, rename source
 * and line counts (binary files count 0 lines). A rename is one file, as
 * GitHub counts it. Every file: callers that show them cut the list.
 */
export async function diffSummary(
  git: GitRepositories,
  repositoryId: number,
  base: string,
  head: string,
): Promise<DiffFile[]> {
  return parseSummary(await git.git(repositoryId, SUMMARY_ARGS(base, head)));
}

/** A change's totals from its summary: GitHub's additions, deletions and changed_files. */
export function diffTotals(files: readonly DiffFile[]): {
  additions: number;
  deletions: number;
  changed_files: number;
} {
  let additions = 0;
  let deletions = 0;
  for (const file of files) {
    additions += file.additions;
    deletions += file.deletions;
  }
  return { additions, deletions, changed_files: files.length };
}

/** The files base..head changed with their hunks, the first `limit` of them (GitHub's cap of the listing asking). */
export async function diffFiles(
  git: GitRepositories,
  repositoryId: number,
  base: string,
  head: string,
  limit = MAX_DIFF_FILES,
): Promise<DiffFile[]> {
  const args = ['diff-tree', '-r', '-M', '--no-color', base, head, '--'];
  const [summary, patch] = await Promise.all([
    git.git(repositoryId, SUMMARY_ARGS(base, head)),
    // Hunks beyond what one answer holds are left out, as GitHub leaves out a large file's `patch`.
    git.git(repositoryId, [...args.slice(0, 3), '-p', '--no-ext-diff', ...args.slice(3)]).catch((error: unknown) => {
      if (tooLarge(error)) return '';
      throw error;
    }),
  ]);
  const files = parseSummary(summary);
  const hunks = splitPatch(patch);
  files.forEach((file, i) => {
    const text = hunks[i];
    if (text !== undefined) file.patch = text;
  });
  return files.slice(0, limit);
}

function parseSummary(out: string): DiffFile[] {
  const tokens = out.split('\x00');
  const files: DiffFile[] = [];
  let i = 0;
  // Raw entries: ":<modes> <old sha> <new sha> <status>", then one path (two for renames and copies).
  while (i < tokens.length && tokens[i]!.startsWith(':')) {
    const [, , oldSha, newSha, code] = tokens[i]!.slice(1).split(' ');
    const letter = code!.charAt(0);
    const twoPaths = letter === 'R' || letter === 'C';
    const file: DiffFile = {
      filename: tokens[i + (twoPaths ? 2 : 1)]!,
      status: STATUS[letter] ?? 'changed',
      sha: ZERO.test(newSha!) ? oldSha! : newSha!,
      additions: 0,
      deletions: 0,
    };
    if (twoPaths) file.previous_filename = tokens[i + 1]!;
    files.push(file);
    i += twoPaths ? 3 : 2;
  }
  // Numstat entries, one per raw entry: "<added>\t<deleted>\t<path>" or, for a rename, "…\t" then both paths; "-" for binary.
  for (const file of files) {
    const [added, deleted, path] = (tokens[i] ?? '').split('\t');
    file.additions = Number(added) || 0;
    file.deletions = Number(deleted) || 0;
    i += path === '' ? 3 : 1;
  }
  return files;
}

/** Each file's hunks (from the first `@@`), or undefined when it has none. */
function splitPatch(out: string): (string | undefined)[] {
  return out
    .split(/^diff --git /m)
    .slice(1)
    .map((section) => {
      const start = section.search(/^@@ /m);
      return start < 0 ? undefined : section.slice(start).replace(/\n$/, '');
    });
}

/** git's output went past what one answer holds (GitRepositories.git's buffer). */
function tooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
}

/** 406, as GitHub answers a diff or patch too large to serve. */
async function withinLimit(text: Promise<string>): Promise<string> {
  try {
    return await text;
  } catch (error) {
    if (tooLarge(error)) throw diffTooLarge('Sorry, the diff exceeded the maximum size.');
    throw error;
  }
}

/** The unified diff of base..head as `git diff` prints it (the diff media type). */
export function diffText(git: GitRepositories, repositoryId: number, base: string, head: string): Promise<string> {
  return withinLimit(
    git.git(repositoryId, ['diff-tree', '-r', '-M', '-p', '--no-color', '--no-ext-diff', base, head, '--']),
  );
}

/** Commits as mailbox patches, `git format-patch --stdout` (the patch media type). */
export function patchText(git: GitRepositories, repositoryId: number, revisions: string[]): Promise<string> {
  return withinLimit(
    git.git(repositoryId, ['format-patch', '--stdout', '--no-color', '-M', '--no-signature', ...revisions, '--']),
  );
}
