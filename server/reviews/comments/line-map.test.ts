import { describe, expect, it } from 'vitest';
import { parseHunks } from './file-diff.js';
import { changesOf, mapRange } from './line-map.js';

// A -U0 diff: line 3 replaced by two lines, two lines inserted after 10, lines 20-21 removed.
const changes = changesOf(
  parseHunks(
    ['@@ -3 +3,2 @@', '-c', '+c1', '+c2', '@@ -10,0 +12,2 @@', '+n1', '+n2', '@@ -20,2 +23,0 @@', '-x', '-y'].join(
      '\n',
    ),
  ),
);

describe('mapRange', () => {
  it('reads -U0 headers, counts omitted as 1', () => {
    expect(changes).toEqual([
      { oldStart: 3, oldCount: 1, newCount: 2 },
      { oldStart: 10, oldCount: 0, newCount: 2 },
      { oldStart: 20, oldCount: 2, newCount: 0 },
    ]);
  });
  it('keeps lines above every change, shifts lines below by what changed above them', () => {
    expect(mapRange(changes, 1, 2)).toEqual({ first: 1, last: 2 });
    expect(mapRange(changes, 4, 4)).toEqual({ first: 5, last: 5 });
    expect(mapRange(changes, 10, 10)).toEqual({ first: 11, last: 11 });
    expect(mapRange(changes, 11, 19)).toEqual({ first: 14, last: 22 });
    expect(mapRange(changes, 22, 22)).toEqual({ first: 23, last: 23 });
  });
  it('loses a line that changed, a range containing one, and a range with lines inserted inside', () => {
    expect(mapRange(changes, 3, 3)).toBeNull();
    expect(mapRange(changes, 2, 4)).toBeNull();
    expect(mapRange(changes, 21, 21)).toBeNull();
    expect(mapRange(changes, 9, 11)).toBeNull();
    // An insertion right after the range's last line is outside it.
    expect(mapRange(changes, 9, 10)).toEqual({ first: 10, last: 11 });
  });
  it('follows every line of an unchanged file', () => {
    expect(mapRange(undefined, 7, 9)).toEqual({ first: 7, last: 9 });
  });
});
