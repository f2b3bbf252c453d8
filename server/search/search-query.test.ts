// The q parser alone: tokens, quoting, qualifiers and what is refused.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { parseIssueSearch, tokenize } from './search-query.js';

describe('tokenize', () => {
  it('splits at spaces outside quotes, keeping quoted values with their qualifier', () => {
    expect(tokenize('crash  label:"help wanted" "two words" repo:a/b')).toEqual(['crash', 'label:"help wanted"', '"two words"', 'repo:a/b']);
    expect(tokenize('"unterminated phrase')).toEqual(['"unterminated phrase']);
  });
});

describe('parseIssueSearch', () => {
  it('separates free text from qualifiers, case-insensitively', () => {
    const q = parseIssueSearch('Crash -editor IS:Open label:"help wanted",bug -author:bob in:title,comments no:assignee Foo:bar');
    expect(q.text).toBe('Crash -editor Foo:bar');
    expect(q.state).toBe('open');
    expect(q.labels).toEqual([{ value: ['help wanted', 'bug'], negated: false }]);
    expect(q.authors).toEqual([{ value: 'bob', negated: true }]);
    expect([...q.in!]).toEqual(['title', 'comments']);
    expect([...q.missing]).toEqual(['assignee']);
  });

  it('refuses what GitHub refuses and what it cannot evaluate, as 422 on q', () => {
    for (const q of ['', '  ', 'is:nope', 'state:all', 'in:nowhere', 'no:idea', 'repo:a', 'repo:a/b/c', 'milestone:v1', '-state:open', 'q'.repeat(257)]) {
      let error: unknown;
      try {
        parseIssueSearch(q);
      } catch (caught) {
        error = caught;
      }
      expect(error, q).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(422);
      expect((error as ApiError).errors![0]).toMatchObject({ resource: 'Search', field: 'q' });
    }
  });
});
