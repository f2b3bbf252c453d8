// GitHub's issue search syntax (`q` of GET /search/issues) parsed into what
// the query needs: free text for PostgreSQL's websearch_to_tsquery and the
// qualifiers Wharf evaluates (search-qualifiers.ts reads each). What GitHub
// refuses (empty q, a value a qualifier cannot take) is 422 here, with
// GitHub's body. A `word:value` whose word is no qualifier is text, as on GitHub.
import { canMatchText } from '../db/text-values.js';
import { validationFailed } from '../errors/domain-error.js';
import { invalidQuery } from './search-errors.js';
import { applyQualifier, isQualifier } from './search-qualifiers.js';
import type { SearchSort } from './search-order.js';
import type { Range } from './search-ranges.js';

export type InField = 'title' | 'body' | 'comments';

/** A qualifier with its values; `negated` for `-qualifier:value`. */
export interface Qualified<T> {
  value: T;
  negated: boolean;
}

export type DateField = 'created' | 'updated' | 'closed';
export type CountField = 'comments' | 'reactions' | 'interactions';
export type RangeFilter = { field: DateField; range: Range<Date> } | { field: CountField; range: Range<number> };
export type CloseReason = 'completed' | 'not_planned' | 'duplicate';

export interface IssueSearchQuery {
  /** Free text as typed (words, "phrases", OR, -word), for websearch_to_tsquery; '' when none. */
  text: string;
  /** `repo:owner/name`: any of the positive ones, none of the negated ones (so for every list of one-valued things below). */
  repos: Qualified<{ owner: string; name: string }>[];
  /** `user:` / `org:`: repositories owned by any of them. */
  owners: Qualified<string>[];
  state?: 'open' | 'closed';
  /** `is:issue` / `is:pr` (`type:`): the last one given wins. */
  kind?: 'issue' | 'pr';
  visibility?: 'public' | 'private';
  locked?: boolean;
  archived?: boolean;
  /** `is:merged` / `is:unmerged`: only pull requests can be either. */
  pullRequestsOnly: boolean;
  /** With pullRequestsOnly: `is:merged` (true) or `is:unmerged` (false). */
  merged?: boolean;
  /** Each entry: any of its names (`label:a,b`); entries all apply. */
  labels: Qualified<string[]>[];
  /** One author per issue: any of them. Logins as typed, `@me` for the caller. */
  authors: Qualified<string>[];
  /** Entries all apply; `*` for any assignee. */
  assignees: Qualified<string>[];
  mentions: Qualified<string>[];
  commenters: Qualified<string>[];
  /** Author, assignee, mentioned or commenter: any of them (GitHub's OR). */
  involves: Qualified<string>[];
  /** `review-requested:` / `user-review-requested:`: pull requests awaiting the review of each (entries all apply). */
  reviewRequested: Qualified<string>[];
  /** Milestone titles: any of them. */
  milestones: Qualified<string>[];
  /** `reason:`: closed with any of them. */
  reasons: Qualified<CloseReason>[];
  /** Dates and counts: all apply. */
  ranges: Qualified<RangeFilter>[];
  /** `in:`: where free text must match; undefined: title and body. */
  in?: Set<InField>;
  /** `no:label`, `no:assignee`, `no:milestone`. */
  missing: Set<'label' | 'assignee' | 'milestone'>;
  /** `sort:` in q: used when the `sort` parameter is absent. */
  sort?: { sort: SearchSort; order: 'asc' | 'desc' };
}

/** GitHub's limit on q. */
export const MAX_QUERY_LENGTH = 256;

/** Splits q into tokens at whitespace outside double quotes (quotes kept). */
export function tokenize(q: string): string[] {
  return q.match(/(?:[^\s"]+|"[^"]*"?)+/g) ?? [];
}

const unquote = (value: string) => value.replace(/^"(.*?)"?$/, '$1').replace(/"/g, '');

export const emptyQuery = (): IssueSearchQuery => ({
  text: '',
  repos: [],
  owners: [],
  pullRequestsOnly: false,
  labels: [],
  authors: [],
  assignees: [],
  mentions: [],
  commenters: [],
  involves: [],
  reviewRequested: [],
  milestones: [],
  reasons: [],
  ranges: [],
  missing: new Set(),
});

export function parseIssueSearch(q: string | undefined): IssueSearchQuery {
  const raw = (q ?? '').trim();
  if (raw === '') throw validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
  if (raw.length > MAX_QUERY_LENGTH) throw invalidQuery(`The search is longer than ${MAX_QUERY_LENGTH} characters.`);
  // No stored text holds NUL (db/text-values.ts), and PostgreSQL refuses a query that passes one.
  if (!canMatchText(raw)) throw invalidQuery('The search contains a NUL character, which no issue can match.');
  const query = emptyQuery();
  const text: string[] = [];
  let not = false;
  for (const token of tokenize(raw)) {
    const match = /^(-?)([a-z][a-z-]*):(.+)$/i.exec(token);
    const key = match?.[2]?.toLowerCase();
    if (match && key !== undefined && isQualifier(key)) {
      applyQualifier(query, key, unquote(match[3]!), match[1] === '-');
      not = false;
      continue;
    }
    // GitHub's `NOT word` excludes the word: websearch_to_tsquery's `-word`.
    if (token === 'NOT') {
      not = true;
      continue;
    }
    text.push(not && !token.startsWith('-') ? `-${token}` : token);
    not = false;
  }
  query.text = text.join(' ');
  return query;
}
