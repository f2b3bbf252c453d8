// The parser of `git diff --raw --numstat -z -M` (pull-git-reads.ts), on
// output git 2.39 wrote: a modified binary file, a deletion, a rename with an
// edit, and an added file whose name holds a tab.
import { describe, expect, it } from 'vitest';
import { parseRawNumstat } from './pull-git-reads.js';

const OUTPUT = [
  ':100644 100644 54a8875 95f882c M', 'bin.dat',
  ':100644 000000 c1b0730 0000000 D', 'keep.txt',
  ':100644 100644 9405325 0fdf397 R083', 'old.txt', 'new.txt',
  ':000000 100644 0000000 718f4d2 A', 'tab\tname.txt',
  '-\t-\tbin.dat', '0\t1\tkeep.txt', '1\t0\t', 'old.txt', 'new.txt', '1\t0\ttab\tname.txt', '',
].join('\0');

describe('parseRawNumstat', () => {
  it('pairs each raw record with its counts, the new path of a rename, zero for binary files', () => {
    expect(parseRawNumstat(OUTPUT)).toEqual([
      { path: 'bin.dat', changeType: 'MODIFIED', additions: 0, deletions: 0 },
      { path: 'keep.txt', changeType: 'DELETED', additions: 0, deletions: 1 },
      { path: 'new.txt', changeType: 'RENAMED', additions: 1, deletions: 0 },
      { path: 'tab\tname.txt', changeType: 'ADDED', additions: 1, deletions: 0 },
    ]);
  });

  it('reads no files from an empty diff', () => {
    expect(parseRawNumstat('')).toEqual([]);
  });
});
