// Position cursors: forwards, backwards, both, and cursors this server did not write.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, MAX_PAGE, paginate } from './paginate.js';

const items = Array.from({ length: 10 }, (_v, i) => i);
const nodes = (c: ReturnType<typeof paginate<number>>) => c.edges.map((e) => e.node);

describe('paginate', () => {
  it('first/after walk forwards; last/before backwards', () => {
    const one = paginate(items, { first: 3 });
    expect(nodes(one)).toEqual([0, 1, 2]);
    expect(one.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, endCursor: encodeCursor(3) });
    expect(nodes(paginate(items, { first: 3, after: one.pageInfo.endCursor }))).toEqual([3, 4, 5]);
    const tail = paginate(items, { last: 2 });
    expect(nodes(tail)).toEqual([8, 9]);
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(nodes(paginate(items, { last: 2, before: tail.pageInfo.startCursor }))).toEqual([6, 7]);
    expect(nodes(paginate(items, { after: encodeCursor(2), before: encodeCursor(6) }))).toEqual([2, 3, 4]);
  });

  it('counts out of range are clamped; a cursor past the end gives an empty page', async () => {
    expect(nodes(paginate(items, { first: -5 }))).toEqual([]);
    expect(
      paginate(
        Array.from({ length: 250 }, (_v, i) => i),
        {},
      ).edges,
    ).toHaveLength(MAX_PAGE);
    const past = paginate(items, { first: 5, after: encodeCursor(50) });
    expect(nodes(past)).toEqual([]);
    expect(past.pageInfo).toMatchObject({ hasNextPage: false, startCursor: null, endCursor: null });
    expect(await past.count()).toBe(10);
  });

  it('refuses cursors it did not write', () => {
    for (const cursor of [
      '',
      'nope',
      encodeCursor(0),
      Buffer.from('cursor:01').toString('base64'),
      Buffer.from('cursor:1x').toString('base64'),
    ]) {
      expect(() => decodeCursor(cursor), cursor).toThrow(/valid cursor/);
    }
    expect(decodeCursor(encodeCursor(7))).toBe(7);
  });
});
