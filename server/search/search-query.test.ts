// The q parser alone: tokens, quoting, qualifiers and what is refused.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { parseIssueSearch, tokenize } from './search-query.js';

describe('tokenize', () => {
  it('splits at spaces outside quotes, keeping quoted values with their qualifier', () => {
    expect(tokenize('crash  label:"help wanted" "two words" repo:a/b')).toEqual([
      'crash',
      'label:"help wanted"',
      '"two words"',
      'repo:a/b',
    ]);
    expect(tokenize('"unterminated phrase')).toEqual(['"unterminated phrase']);
  });
});

describe('parseIssueSearch', () => {
  it('separates free text from qualifiers, case-insensitively', () => {
    const q = parseIssueSearch(
      'Crash -editor IS:Open label:"help wanted",bug -author:bob in:title,comments no:assignee Foo:bar',
    );
    expect(q.text).toBe('Crash -editor Foo:bar');
    expect(q.state).toBe('open');
    expect(q.labels).toEqual([{ value: ['help wanted', 'bug'], negated: false }]);
    expect(q.authors).toEqual([{ value: 'bob', negated: true }]);
    expect([...q.in!]).toEqual(['title', 'comments']);
    expect([...q.missing]).toEqual(['assignee']);
  });

  it('refuses what GitHub refuses and what it cannot evaluate, as 422 on q', () => {
    for (const q of [
      '',
      '  ',
      'is:nope',
      'state:all',
      'in:nowhere',
      'no:idea',
      'repo:a',
      'repo:a/b/c',
      '-no:label',
      '-in:title',
      'created:soon',
      'created:2023-02-29',
      'comments:1..',
      'comments:..',
      'reason:done',
      'type:discussion',
      'archived:yes',
      'author:*',
      'project:1',
      'q'.repeat(257),
    ]) {
      let error: unknown;
      try {
        parseIssueSearch(q);
      } catch (caught) {
        error = caught;
      }
      expect(error, q).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('invalid'); // REST's 422
      expect((error as DomainError).errors![0]).toMatchObject({ resource: 'Search', field: 'q' });
    }
  });

  it('reads every is: value negated as its opposite, and leaves the rest as given', () => {
    expect(parseIssueSearch('-is:open -type:pr -is:public -is:locked')).toMatchObject({
      state: 'closed',
      kind: 'issue',
      visibility: 'private',
      locked: false,
    });
    expect(parseIssueSearch('-state:closed -is:issue -is:private -is:unlocked')).toMatchObject({
      state: 'open',
      kind: 'pr',
      visibility: 'public',
      locked: true,
    });
    expect(parseIssueSearch('-is:merged').pullRequestsOnly).toBe(false);
    expect(parseIssueSearch('is:unmerged').pullRequestsOnly).toBe(true);
    expect(parseIssueSearch('-archived:false').archived).toBe(true);
  });

  it('keeps people lower-cased without their @, but @me, and negation on each', () => {
    const q = parseIssueSearch('author:@Bob -commenter:Carol involves:@me assignee:* -mentions:@dave');
    expect(q.authors).toEqual([{ value: 'bob', negated: false }]);
    expect(q.commenters).toEqual([{ value: 'carol', negated: true }]);
    expect(q.involves).toEqual([{ value: '@me', negated: false }]);
    expect(q.assignees).toEqual([{ value: '*', negated: false }]);
    expect(q.mentions).toEqual([{ value: 'dave', negated: true }]);
  });

  it('reads milestone titles, close reasons, dates and counts', () => {
    const q = parseIssueSearch(
      'milestone:"Release 1.0" reason:"not planned" -reason:completed created:2024-01-01 -comments:>5',
    );
    expect(q.milestones).toEqual([{ value: 'Release 1.0', negated: false }]);
    expect(q.reasons).toEqual([
      { value: 'not_planned', negated: false },
      { value: 'completed', negated: true },
    ]);
    expect(q.ranges).toEqual([
      {
        value: {
          field: 'created',
          range: { from: new Date('2024-01-01T00:00:00Z'), to: new Date('2024-01-02T00:00:00Z') },
        },
        negated: false,
      },
      { value: { field: 'comments', range: { from: 6 } }, negated: true },
    ]);
  });

  it('reads sort: with an optional direction, descending by default', () => {
    expect(parseIssueSearch('crash sort:updated-asc').sort).toEqual({ sort: 'updated', order: 'asc' });
    expect(parseIssueSearch('sort:reactions-+1').sort).toEqual({ sort: 'reactions-+1', order: 'desc' });
    expect(parseIssueSearch('sort:Reactions--1-ASC').sort).toEqual({ sort: 'reactions--1', order: 'asc' });
    expect(parseIssueSearch('sort:reactions-thinking_face-desc').sort).toEqual({
      sort: 'reactions-thinking_face',
      order: 'desc',
    });
    expect(parseIssueSearch('crash').sort).toBeUndefined();
  });

  it('turns NOT word into -word, and leaves a NOT before a qualifier out', () => {
    expect(parseIssueSearch('crash NOT editor NOT "dark mode" NOT -x').text).toBe('crash -editor -"dark mode" -x');
    expect(parseIssueSearch('crash NOT is:open later').text).toBe('crash later');
    expect(parseIssueSearch('crash not editor').text).toBe('crash not editor');
  });
});
