// Following lines from one version of a file to the next through a `-U0`
// diff of the two: a line inside a changed region is gone (its thread is
// outdated); any other line moves by what was added and removed above it.
import type { DiffRow } from './file-diff.js';

interface Change {
  oldStart: number;
  oldCount: number;
  newCount: number;
}

const HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** The changed regions of a `-U0` diff's rows (their `@@` headers). */
export function changesOf(rows: readonly DiffRow[]): Change[] {
  const changes: Change[] = [];
  for (const row of rows) {
    if (row.kind !== '@') continue;
    const match = HEADER.exec(row.text);
    if (match)
      changes.push({
        oldStart: Number(match[1]),
        oldCount: match[2] === undefined ? 1 : Number(match[2]),
        newCount: match[4] === undefined ? 1 : Number(match[4]),
      });
  }
  return changes;
}

/**
 * Where the lines `first`..`last` of the old file are in the new one, or
 * null when any of them changed, or lines were inserted between them (the
 * commented code is not what was commented on any more). `changes` undefined:
 * the file did not change.
 */
export function mapRange(
  changes: readonly Change[] | undefined,
  first: number,
  last: number,
): { first: number; last: number } | null {
  if (!changes) return { first, last };
  let shiftFirst = 0;
  let shiftLast = 0;
  for (const change of changes) {
    if (change.oldCount === 0) {
      // An insertion after line oldStart (0: before the first line).
      if (change.oldStart >= first && change.oldStart < last) return null;
      if (change.oldStart < first) shiftFirst += change.newCount;
      if (change.oldStart < last) shiftLast += change.newCount;
      continue;
    }
    const end = change.oldStart + change.oldCount - 1;
    if (change.oldStart <= last && end >= first) return null;
    const delta = change.newCount - change.oldCount;
    if (end < first) shiftFirst += delta;
    if (end < last) shiftLast += delta;
  }
  return { first: first + shiftFirst, last: last + shiftLast };
}
