// Outdating on push: when a pull request's head moves, every current thread
// of it is re-mapped from the head it was last current on (its commit_id) to
// the new head. A RIGHT-side thread follows its lines through the diff of the
// two heads (line-map.ts); a LEFT-side one follows them through the diff of
// the two merge bases (unchanged when the merge base is the same, the usual
// case). The lines must then still be lines of the new pull diff's hunks (same
// hunk for a range), which gives the new position; otherwise, or when any
// commented line changed, the thread is outdated: line, start_line and position
// NULL, commit_id left at the last head it applied to (GitHub's). A file
// comment is outdated when its file leaves the diff.
//
// When only the base branch moves (remapThreadsForBase), nothing moves
// unless the merge base does (the base branch took commits of the head):
// then LEFT threads follow their lines from the old merge base to the new
// one, and every thread is placed again in the new, shorter pull diff.
//
// Cost: one SELECT and no git when the pull request has no current thread;
// otherwise a few git processes per push for all its paths at once (merge
// base, the new pull diff, one -U0 diff per distinct old head), never one per thread.
import type { TransactionSql } from '../../db/database.js';
import type { Side } from './diff-anchor.js';
import { changedFiles, fileDiffs, rowOf, type FileDiff } from './file-diff.js';
import { mergeBaseAt } from './git-at.js';
import { changesOf, mapRange } from './line-map.js';

interface ThreadRow {
  id: number;
  path: string;
  subject_type: 'line' | 'file';
  side: Side | null;
  start_side: Side | null;
  commit_id: string;
  line: number | null;
  start_line: number | null;
}

interface Placed {
  id: number;
  line: number | null;
  start_line: number | null;
  position: number | null;
  outdated: boolean;
}

type Changes = Map<string, ReturnType<typeof changesOf>>;

/** Re-maps the current threads of pull request `issueId` onto `newHead` (in the push's transaction). */
export async function remapReviewThreads(
  tx: TransactionSql,
  repoPath: string,
  issueId: number,
  baseSha: string,
  newHead: string,
): Promise<void> {
  const threads = await tx<ThreadRow[]>`
    SELECT id, path, subject_type, side, start_side, commit_id, line, start_line FROM pull_request_review_threads
    WHERE issue_id = ${issueId} AND NOT outdated AND commit_id <> ${newHead} ORDER BY id FOR UPDATE`;
  if (threads.length === 0) return;
  // git failing (a commit gone from a damaged repository) must not fail the push: the threads
  // keep their last place, and the next push that moves the head tries again.
  const placed = await placeAll(repoPath, threads, baseSha, newHead).catch(() => null);
  if (!placed) return;
  await writePlaces(tx, placed, newHead);
}

/**
 * Re-maps the current threads of pull request `issueId` (head `head`, which
 * did not move) when its base moved from `oldBase` to `newBase`, in the
 * push's transaction. Two merge-base processes and nothing else when the
 * merge base stays (the usual push to a base branch). True when it moved.
 */
export async function remapThreadsForBase(
  tx: TransactionSql,
  repoPath: string,
  issueId: number,
  oldBase: string,
  newBase: string,
  head: string,
): Promise<boolean> {
  const [before, after] = await Promise.all([
    mergeBaseAt(repoPath, oldBase, head),
    mergeBaseAt(repoPath, newBase, head),
  ]);
  if (before === after) return false;
  const threads = await tx<ThreadRow[]>`
    SELECT id, path, subject_type, side, start_side, commit_id, line, start_line FROM pull_request_review_threads
    WHERE issue_id = ${issueId} AND NOT outdated ORDER BY id FOR UPDATE`;
  if (threads.length === 0) return true;
  const placed = await placeAll(repoPath, threads, newBase, head, oldBase).catch(() => null);
  if (placed) await writePlaces(tx, placed, head);
  return true;
}

/** Writes the threads' new places: current ones move to `newHead`, outdated ones keep the head they last applied to. */
async function writePlaces(tx: TransactionSql, placed: Placed[], newHead: string): Promise<void> {
  // Outdated threads by id (postgres.js sends a boolean[] parameter as one boolean); 0 for a NULL line or position.
  const outdated = placed.filter((p) => p.outdated).map((p) => p.id);
  await tx`
    UPDATE pull_request_review_threads t SET
      line = CASE WHEN u.outdated THEN NULL ELSE NULLIF(u.line, 0) END,
      start_line = CASE WHEN u.outdated THEN NULL ELSE NULLIF(u.start_line, 0) END,
      position = CASE WHEN u.outdated THEN NULL ELSE NULLIF(u.position, 0) END,
      outdated = u.outdated,
      commit_id = CASE WHEN u.outdated THEN t.commit_id ELSE ${newHead} END
    FROM (SELECT id, line, start_line, position, id = ANY(${outdated}::bigint[]) AS outdated
          FROM unnest(${placed.map((p) => p.id)}::bigint[], ${placed.map((p) => p.line ?? 0)}::int[],
                      ${placed.map((p) => p.start_line ?? 0)}::int[], ${placed.map((p) => p.position ?? 0)}::int[]) AS v(id, line, start_line, position)) AS u
    WHERE t.id = u.id`;
}

/**
 * Every thread's new place (git and line arithmetic, no database). LEFT
 * threads were placed against the merge base of `oldBaseSha` (the base
 * before, when the base moved; else the base) and their head.
 */
async function placeAll(
  repoPath: string,
  threads: ThreadRow[],
  baseSha: string,
  newHead: string,
  oldBaseSha = baseSha,
): Promise<Placed[]> {
  // Every path of a side in each diff (a diff keyed by its two commits serves every thread of that side).
  const lines = threads.filter((t) => t.subject_type === 'line');
  const pathsOf = (side: Side) => [...new Set(lines.filter((t) => (t.side ?? 'RIGHT') === side).map((t) => t.path))];
  // The -U0 diffs lines are followed through: per old head (RIGHT) and per old merge base (LEFT).
  const moves = new Map<string, Promise<Changes | null>>();
  const movesBetween = (from: string, to: string, paths: string[]) => {
    const key = `${from}\0${to}`;
    let found = moves.get(key);
    if (!found) {
      found =
        from === to
          ? Promise.resolve(new Map())
          : fileDiffs(repoPath, from, to, paths, { renames: false, context: 0 }).then(
              (files) => new Map([...files].map(([path, file]) => [path, changesOf(file.rows)])),
              () => null,
            );
      moves.set(key, found);
    }
    return found;
  };
  // git processes that do not depend on each other run side by side: the pushed head's
  // merge base, the RIGHT moves from each old head, the old merge bases of LEFT threads.
  const rightPaths = pathsOf('RIGHT');
  const leftPaths = pathsOf('LEFT');
  for (const head of new Set(lines.filter((t) => (t.side ?? 'RIGHT') === 'RIGHT').map((t) => t.commit_id)))
    void movesBetween(head, newHead, rightPaths);
  const leftHeads = [...new Set(lines.filter((t) => t.side === 'LEFT').map((t) => t.commit_id))];
  const [newBase, ...oldBaseList] = await Promise.all([
    mergeBaseAt(repoPath, baseSha, newHead),
    ...leftHeads.map((head) => mergeBaseAt(repoPath, oldBaseSha, head)),
  ]);
  const oldBases = new Map(leftHeads.map((head, i) => [head, oldBaseList[i]!]));
  for (const head of leftHeads) void movesBetween(oldBases.get(head)!, newBase!, leftPaths);
  const inPull = await changedFiles(repoPath, newBase!, newHead);
  const linePaths = [...new Set(lines.filter((t) => inPull.has(t.path)).map((t) => t.path))];
  const specs = linePaths.flatMap((path) => [
    path,
    ...(inPull.get(path)!.previous ? [inPull.get(path)!.previous!] : []),
  ]);
  const pullDiff = linePaths.length
    ? await fileDiffs(repoPath, newBase!, newHead, specs, { renames: true, context: 3 })
    : new Map<string, FileDiff>();
  const placed: Placed[] = [];
  for (const thread of threads) {
    if (thread.subject_type === 'file') {
      placed.push({ id: thread.id, line: null, start_line: null, position: null, outdated: !inPull.has(thread.path) });
      continue;
    }
    const changes =
      thread.side === 'LEFT'
        ? await movesBetween(oldBases.get(thread.commit_id)!, newBase!, leftPaths)
        : await movesBetween(thread.commit_id, newHead, rightPaths);
    placed.push(place(thread, changes, pullDiff.get(thread.path)));
  }
  return placed;
}

/** A line thread's new place, or outdated. */
function place(thread: ThreadRow, changes: Changes | null, file: FileDiff | undefined): Placed {
  const outdated: Placed = { id: thread.id, line: null, start_line: null, position: null, outdated: true };
  if (!changes || !file || thread.line === null) return outdated;
  const side = thread.side ?? 'RIGHT';
  const startSide = thread.start_side ?? side;
  const fileChanges = changes.get(thread.path);
  // A range on one side is followed as a whole (a change inside it outdates it). A range from
  // LEFT to RIGHT keeps its start line, a line of the merge base, and must still be in the
  // end's hunk (kept simple: such ranges are rare, and a moved merge base rarely touches them).
  const end = mapRange(fileChanges, thread.line, thread.line);
  const start =
    thread.start_line === null
      ? null
      : startSide === side
        ? mapRange(fileChanges, thread.start_line, thread.line)
        : { first: thread.start_line, last: thread.start_line };
  if (!end || (thread.start_line !== null && !start)) return outdated;
  const endRow = rowOf(file.rows, side, start && startSide === side ? start.last : end.last);
  if (endRow < 0) return outdated;
  let startLine: number | null = null;
  if (start) {
    const startRow = rowOf(file.rows, startSide, start.first);
    if (startRow < 0 || startRow >= endRow || file.rows[startRow]!.hunk !== file.rows[endRow]!.hunk) return outdated;
    startLine = start.first;
  }
  const line = (side === 'LEFT' ? file.rows[endRow]!.oldLine : file.rows[endRow]!.newLine)!;
  return { id: thread.id, line, start_line: startLine, position: endRow, outdated: false };
}
