import { describe, expect, it } from 'vitest';
import { closingReferences } from './closing-references.js';

describe('closingReferences', () => {
  it('finds every tense of close, fix and resolve, any case, with or without a colon and a repository', () => {
    const body = 'Fixes #1, closes: #2 and RESOLVED octo/site#3.\nAlso fix #1 again; resolve #4';
    expect(closingReferences(body)).toEqual([
      { repository: null, number: 1 },
      { repository: null, number: 2 },
      { repository: 'octo/site', number: 3 },
      { repository: null, number: 4 },
    ]);
  });

  it('ignores mentions without a keyword and keywords inside other words', () => {
    expect(closingReferences('see #5, prefixes #6, unfixed #7, fixes#8, fixes #9a')).toEqual([]);
  });
});
