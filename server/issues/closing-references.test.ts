import { describe, expect, it } from 'vitest';
import { closingReferences, MAX_CLOSING_REFERENCES } from './closing-references.js';

const repo = { owner_login: 'Octo', name: 'hello.js' };

describe("GitHub's closing keywords", () => {
  it('finds every keyword form, with or without a colon, in any case', () => {
    const text =
      'Fixes #1\ncloses: #2, RESOLVED #3 and fix #4; also close #5 closed #6 resolve #7 resolves #8 fixed #9';
    expect(closingReferences(text, repo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("takes owner/repo#N of the pull request's own repository only", () => {
    expect(closingReferences('fixes octo/HELLO.js#7, fixes other/repo#8, fixes octo/other#9', repo)).toEqual([7]);
  });

  it('ignores mentions without a keyword, keywords inside words, and repeats', () => {
    expect(closingReferences('see #1; prefixes #2; unfixed #3; fixes#4; fixes #5 fixes #5', repo)).toEqual([5]);
    expect(closingReferences(null, repo)).toEqual([]);
  });

  it('stops at GitHub’s limit', () => {
    const text = Array.from({ length: 30 }, (_, i) => `fixes #${i + 1}`).join(' ');
    expect(closingReferences(text, repo)).toHaveLength(MAX_CLOSING_REFERENCES);
  });
});
