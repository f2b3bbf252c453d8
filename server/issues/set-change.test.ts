// setChange: a whole new set becomes its difference from the current one; lists to add and remove pass as they are.
import { describe, expect, it } from 'vitest';
import { setChange } from './set-change.js';

const item = (id: number) => ({ id, name: `n${id}` });

describe('setChange', () => {
  it('a whole set: adds what is new, removes what is left out, keeps what both have (by id), ignoring the lists', () => {
    const { toAdd, toRemove } = setChange([item(1), item(2)], [item(2), item(3)], [item(9)], [item(8)]);
    expect(toAdd).toEqual([item(3)]);
    expect(toRemove).toEqual([item(1)]);
  });

  it('an empty whole set removes everything; the same set changes nothing', () => {
    expect(setChange([item(1), item(2)], [])).toEqual({ toAdd: [], toRemove: [item(1), item(2)] });
    expect(setChange([item(1)], [{ id: 1, name: 'renamed' }])).toEqual({ toAdd: [], toRemove: [] });
  });

  it('no whole set: the lists to add and remove, or nothing', () => {
    expect(setChange([item(1)], undefined, [item(2)], [item(1)])).toEqual({ toAdd: [item(2)], toRemove: [item(1)] });
    expect(setChange([item(1)], undefined)).toEqual({ toAdd: [], toRemove: [] });
  });
});
