// One file's diff as rows a comment can sit on: every line after the file's
// first `@@` header, numbered as GitHub numbers a comment's `position` (the
// line after the first header is 1; later headers count as lines), with the
// base (old) and head (new) line numbers each row stands for.
import { gitAt } from './git-at.js';

export type RowKind = '@' | '+' | '-' | ' ' | '\\';

export interface DiffRow {
  kind: RowKind;
  /** The base file's line this row shows (context or removed), else null. */
  oldLine: number | null;
  /** The head file's line this row shows (context or added), else null. */
  newLine: number | null;
  /** Index of the hunk (0-based) and of its `@@` row in `rows`. */
  hunk: number;
  header: number;
  text: string;
}

export interface FileDiff {
  path: string;
  previous?: string;
  status: string;
  /** rows[0] is the first `@@` header; rows[i] is position i. Empty without hunks. */
  rows: DiffRow[];
}

const HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** The rows of a file's hunks (the patch text from its first `@@`). */
export function parseHunks(patch: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldLine = 0;
  let newLine = 0;
  let hunk = -1;
  let header = 0;
  for (const text of patch.split('\n')) {
    const match = HEADER.exec(text);
    if (match) {
      hunk += 1;
      header = rows.length;
      oldLine = Number(match[1]);
      newLine = Number(match[2]);
      rows.push({ kind: '@', oldLine: null, newLine: null, hunk, header, text });
      continue;
    }
    if (hunk < 0) continue;
    const kind = (text.charAt(0) || ' ') as RowKind;
    if (kind === '+') rows.push({ kind, oldLine: null, newLine: newLine++, hunk, header, text });
    else if (kind === '-') rows.push({ kind, oldLine: oldLine++, newLine: null, hunk, header, text });
    else if (kind === '\\') rows.push({ kind, oldLine: null, newLine: null, hunk, header, text });
    else rows.push({ kind: ' ', oldLine: oldLine++, newLine: newLine++, hunk, header, text });
  }
  return rows;
}

/** `diff-tree --raw -z` entries: status, path and (renames, copies) the path before. */
function parseRaw(out: string): { path: string; previous?: string; status: string }[] {
  const tokens = out.split('\x00');
  const entries: { path: string; previous?: string; status: string }[] = [];
  let i = 0;
  while (i < tokens.length && tokens[i]!.startsWith(':')) {
    const [, , , , code] = tokens[i]!.slice(1).split(' ');
    const letter = code!.charAt(0);
    const two = letter === 'R' || letter === 'C';
    entries.push(
      two
        ? { previous: tokens[i + 1]!, path: tokens[i + 2]!, status: letter }
        : { path: tokens[i + 1]!, status: letter },
    );
    i += two ? 3 : 2;
  }
  return entries;
}

export interface DiffOptions {
  /** Detect renames (the pull request's diff does, as GitHub); off for following one path between two heads. */
  renames: boolean;
  /** Lines of context (3: the pull request's diff; 0: which lines changed). */
  context: number;
}

/**
 * The files of a..b among `paths` (every file when undefined), with their rows,
 * by path (the head side's name). Two git processes side by side, as
 * commit-diff.ts: the raw summary names the files exactly (-z), the patch
 * gives each one's hunks in the same order.
 */
export async function fileDiffs(
  repoPath: string,
  a: string,
  b: string,
  paths: string[] | undefined,
  options: DiffOptions,
): Promise<Map<string, FileDiff>> {
  const common = ['diff-tree', '-r', '--no-color', '--no-ext-diff', ...(options.renames ? ['-M'] : ['--no-renames'])];
  const spec = ['--', ...(paths ?? [])];
  const [raw, patch] = await Promise.all([
    gitAt(repoPath, [...common, '--raw', '-z', a, b, ...spec]),
    gitAt(repoPath, [...common, '-p', `-U${options.context}`, a, b, ...spec]),
  ]);
  const sections = patch.split(/^diff --git /m).slice(1);
  const files = new Map<string, FileDiff>();
  parseRaw(raw).forEach((entry, i) => {
    const section = sections[i] ?? '';
    const start = section.search(/^@@ /m);
    const rows = start < 0 ? [] : parseHunks(section.slice(start).replace(/\n$/, ''));
    files.set(entry.path, { ...entry, rows });
  });
  return files;
}

/** The files a..b changes, without hunks (one process): status and rename source by path. */
export async function changedFiles(
  repoPath: string,
  a: string,
  b: string,
  renames = true,
): Promise<Map<string, { path: string; previous?: string; status: string }>> {
  const raw = await gitAt(repoPath, [
    'diff-tree',
    '-r',
    '--no-color',
    renames ? '-M' : '--no-renames',
    '--raw',
    '-z',
    a,
    b,
    '--',
  ]);
  return new Map(parseRaw(raw).map((entry) => [entry.path, entry]));
}

/** The `diff_hunk` of a row: its hunk from the `@@` header through the row. */
export function diffHunk(rows: DiffRow[], index: number): string {
  return rows
    .slice(rows[index]!.header, index + 1)
    .map((row) => row.text)
    .join('\n');
}

/** The row index showing line `line` of the `side` file, or -1. */
export function rowOf(rows: DiffRow[], side: 'LEFT' | 'RIGHT', line: number): number {
  return rows.findIndex((row) => (side === 'LEFT' ? row.oldLine === line : row.newLine === line));
}
