// Who last changed each line of a file at a commit (GraphQL's `Commit.blame`):
// `git blame --incremental`, which names each run of lines with its commit and
// leaves the lines' text out. A blame walks the file's history, so it is
// bounded before it starts (the file must be a blob of at most
// MAX_BLAME_BYTES, as GitHub's blame view refuses large files) and while it
// runs (a time limit and an output cap: a blame cut short is an error, never a
// partial answer).
import { cappedGit } from './git-capped.js';
import type { GitRepositories } from './git.js';

export const MAX_BLAME_BYTES = 1024 * 1024;
const LIMITS = { maxBytes: 16 * 1024 * 1024, timeoutMs: 15_000 };
const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };

export interface BlamedRun {
  oid: string;
  /** 1-based, inclusive. */
  startingLine: number;
  endingLine: number;
  /** The commit's committer time, Unix seconds. */
  time: number;
}

export class BlameRefused extends Error {}

/** Runs as git writes them (any order, a commit's header only at its first run). */
function parseIncremental(out: string): BlamedRun[] {
  const runs: BlamedRun[] = [];
  const times = new Map<string, number>();
  let current: { oid: string; start: number; count: number } | null = null;
  for (const line of out.split('\n')) {
    const head = /^([0-9a-f]{40,64}) \d+ (\d+) (\d+)$/.exec(line);
    if (head) {
      current = { oid: head[1]!, start: Number(head[2]), count: Number(head[3]) };
      continue;
    }
    if (!current) continue;
    if (line.startsWith('committer-time ')) times.set(current.oid, Number(line.slice(15)));
    if (line.startsWith('filename ')) {
      const { oid, start, count } = current;
      runs.push({ oid, startingLine: start, endingLine: start + count - 1, time: 0 });
      current = null;
    }
  }
  for (const run of runs) run.time = times.get(run.oid) ?? 0;
  return runs;
}

/** In line order, adjacent runs of one commit joined (GitHub's ranges). */
function joined(runs: BlamedRun[]): BlamedRun[] {
  const ranges: BlamedRun[] = [];
  for (const run of runs.sort((a, b) => a.startingLine - b.startingLine)) {
    const last = ranges.at(-1);
    if (last && last.oid === run.oid && last.endingLine + 1 === run.startingLine) last.endingLine = run.endingLine;
    else ranges.push({ ...run });
  }
  return ranges;
}

/** The blame of `path` at `commit`; null when the commit has no file there. */
export async function blameAt(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
  path: string,
): Promise<BlamedRun[] | null> {
  if (path === '' || path.includes('\0')) return null;
  const listed = await cappedGit(git, repositoryId, ['ls-tree', '-l', '-z', commit, '--', path], LIMITS, LITERAL);
  const entry = /^100(?:644|755) blob [0-9a-f]{40,64} +(\d+)\t(.*)\0$/s.exec(listed.out.toString('utf8'));
  if (listed.end !== 'whole' || !entry || entry[2] !== path) return null;
  if (Number(entry[1]) > MAX_BLAME_BYTES) throw new BlameRefused(`The file is over ${MAX_BLAME_BYTES} bytes`);
  const blamed = await cappedGit(git, repositoryId, ['blame', '--incremental', commit, '--', path], LIMITS, LITERAL);
  if (blamed.end === 'timeout') throw new BlameRefused('The blame took too long');
  if (blamed.end !== 'whole') throw new BlameRefused('The blame could not be read');
  return joined(parseIncremental(blamed.out.toString('utf8')));
}
