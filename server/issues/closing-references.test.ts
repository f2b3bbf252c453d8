import { describe, expect, it } from 'vitest';
import { closingNumbersIn, closingReferences, MAX_CLOSING_REFERENCES } from './closing-references.js';

const repo = { owner_login: 'Octo', name: 'hello.js' };

describe("GitHub's closing keywords", () => {
  it('finds every keyword form, with or without a colon, in any case', () => {
    const text =
      'Fixes #1\ncloses: #2, RESOLVED #3 and fix #4; also close #5 closed #6 resolve #7 resolves #8 fixed #9';
    expect(closingNumbersIn(text, repo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('names other repositories’ issues as such, each reference once', () => {
    const body = 'Fixes #1, closes: #2 and RESOLVED octo/site#3.\nAlso fix #1 again; resolve #4';
    expect(closingReferences(body)).toEqual([
      { repository: null, number: 1 },
      { repository: null, number: 2 },
      { repository: 'octo/site', number: 3 },
      { repository: null, number: 4 },
    ]);
  });

  it("closes by a merge only the pull request's own repository's issues", () => {
    expect(closingNumbersIn('fixes octo/HELLO.js#7, fixes other/repo#8, fixes octo/other#9, fixes #7', repo)).toEqual([
      7,
    ]);
  });

  it('ignores mentions without a keyword, keywords inside words, and numbers run into words', () => {
    expect(closingReferences('see #1; prefixes #2; unfixed #3; fixes#4; fixes #9a')).toEqual([]);
    expect(closingReferences(null)).toEqual([]);
  });

  it('stops at the bound', () => {
    const text = Array.from({ length: 30 }, (_, i) => `fixes #${i + 1}`).join(' ');
    expect(closingReferences(text)).toHaveLength(MAX_CLOSING_REFERENCES);
  });
});
