// GitHub's issue search syntax (`q` of GET /search/issues) parsed into what
// the query needs: free text for PostgreSQL's websearch_to_tsquery and the
// qualifiers Wharf supports. What GitHub refuses (empty q, a value a
// qualifier cannot take) is 422 here, with GitHub's body.
import { ApiError, validationFailed } from '../http/api-error.js';

export type InField = 'title' | 'body' | 'comments';

/** A qualifier with its values; `negated` for `-qualifier:value`. */
export interface Qualified<T> { value: T; negated: boolean }

export interface IssueSearchQuery {
  /** Free text as typed (words, "phrases", OR, -word), for websearch_to_tsquery; '' when none. */
  text: string;
  /** `repo:owner/name`: any of them. */
  repos: { owner: string; name: string }[];
  /** `user:` / `org:`: repositories owned by any of them. */
  owners: string[];
  state?: 'open' | 'closed';
  /** `is:issue` / `is:pr` (`type:`): the last one given wins. */
  kind?: 'issue' | 'pr';
  visibility?: 'public' | 'private';
  locked?: boolean;
  /** `is:merged` / `is:unmerged`: only pull requests can be either. */
  pullRequestsOnly: boolean;
  /** Each entry: any of its names (`label:a,b`); entries all apply. */
  labels: Qualified<string[]>[];
  authors: Qualified<string>[];
  assignees: Qualified<string>[];
  mentions: Qualified<string>[];
  /** `in:`: where free text must match; undefined: title and body (GitHub's default). */
  in?: Set<InField>;
  /** `no:label`, `no:assignee`, `no:milestone`. */
  missing: Set<'label' | 'assignee' | 'milestone'>;
}

/** GitHub's limit on q. */
export const MAX_QUERY_LENGTH = 256;

// Qualifiers GitHub has that Wharf does not evaluate yet: refused rather than
// searched as text or ignored, so no client reads a wrong answer as right.
const UNSUPPORTED = new Set([
  'milestone', 'project', 'created', 'updated', 'closed', 'merged', 'comments', 'interactions', 'reactions',
  'commenter', 'involves', 'team', 'language', 'status', 'head', 'base', 'review', 'reviewed-by',
  'review-requested', 'team-review-requested', 'linked', 'archived', 'draft', 'sort', 'label-name', 'parent-issue',
]);

const invalid = (message: string) => new ApiError(422, 'Validation Failed', [{ resource: 'Search', field: 'q', code: 'invalid', message }]);

/** Splits q into tokens at whitespace outside double quotes (quotes kept). */
export function tokenize(q: string): string[] {
  return q.match(/(?:[^\s"]+|"[^"]*"?)+/g) ?? [];
}

const unquote = (value: string) => value.replace(/^"(.*?)"?$/, '$1').replace(/"/g, '');

export function parseIssueSearch(q: string | undefined): IssueSearchQuery {
  const raw = (q ?? '').trim();
  if (raw === '') throw validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
  if (raw.length > MAX_QUERY_LENGTH) throw invalid(`The search is longer than ${MAX_QUERY_LENGTH} characters.`);
  const query: IssueSearchQuery = {
    text: '', repos: [], owners: [], pullRequestsOnly: false, labels: [], authors: [], assignees: [], mentions: [], missing: new Set(),
  };
  const text: string[] = [];
  for (const token of tokenize(raw)) {
    const match = /^(-?)([a-z][a-z-]*):(.+)$/i.exec(token);
    const key = match?.[2]!.toLowerCase();
    if (!match || key === undefined || !isQualifier(key)) {
      text.push(token);
      continue;
    }
    apply(query, key, unquote(match[3]!), match[1] === '-');
  }
  query.text = text.join(' ');
  return query;
}

const QUALIFIERS = new Set(['repo', 'user', 'org', 'is', 'type', 'state', 'label', 'author', 'assignee', 'mentions', 'in', 'no']);
const isQualifier = (key: string) => QUALIFIERS.has(key) || UNSUPPORTED.has(key);

const NEGATABLE = new Set(['label', 'author', 'assignee', 'mentions']);

function apply(query: IssueSearchQuery, key: string, value: string, negated: boolean): void {
  if (UNSUPPORTED.has(key)) throw invalid(`The qualifier \`${key}:\` is not supported by this server yet.`);
  if (value === '') throw invalid(`The value of \`${key}:\` is empty.`);
  // Negation is evaluated where it is implemented; elsewhere refused rather than read as the positive.
  if (negated && !NEGATABLE.has(key)) throw invalid(`The qualifier \`-${key}:\` is not supported by this server yet.`);
  switch (key) {
    case 'repo': {
      const [owner, name, ...rest] = value.split('/');
      if (!owner || !name || rest.length > 0) throw invalid(`"${value}" is not a repository: use repo:owner/name.`);
      return void query.repos.push({ owner, name });
    }
    case 'user':
    case 'org':
      return void query.owners.push(value);
    case 'label': {
      // `label:a,b` is either label (GitHub); `label:a label:b` both.
      const names = value.split(',').filter(Boolean);
      if (names.length === 0) throw invalid(`The value of \`label:\` is empty.`);
      return void query.labels.push({ value: names, negated });
    }
    case 'author':
      return void query.authors.push({ value, negated });
    case 'assignee':
      return void query.assignees.push({ value, negated });
    case 'mentions':
      return void query.mentions.push({ value, negated });
    case 'in':
      return applyIn(query, value);
    case 'no':
      return applyNo(query, value);
    default:
      return applyIs(query, key, value.toLowerCase());
  }
}

function applyIs(query: IssueSearchQuery, key: string, value: string): void {
  if (key === 'state') {
    if (value !== 'open' && value !== 'closed') throw invalid(`state:${value} is not a state: use open or closed.`);
    query.state = value;
    return;
  }
  if (key === 'type' && value !== 'issue' && value !== 'pr') throw invalid(`type:${value} is not a type: use issue or pr.`);
  switch (value) {
    case 'open': case 'closed': query.state = value; return;
    case 'issue': query.kind = 'issue'; return;
    case 'pr': case 'pull-request': query.kind = 'pr'; return;
    case 'public': case 'private': query.visibility = value; return;
    case 'locked': query.locked = true; return;
    case 'unlocked': query.locked = false; return;
    case 'merged': case 'unmerged': query.pullRequestsOnly = true; return;
    default: throw invalid(`is:${value} is not supported: use open, closed, issue, pr, public, private, locked or unlocked.`);
  }
}

function applyIn(query: IssueSearchQuery, value: string): void {
  const fields = value.toLowerCase().split(',').filter(Boolean);
  query.in ??= new Set();
  for (const field of fields) {
    if (field !== 'title' && field !== 'body' && field !== 'comments') throw invalid(`in:${field} is not a field: use title, body or comments.`);
    query.in.add(field);
  }
}

function applyNo(query: IssueSearchQuery, value: string): void {
  const what = value.toLowerCase();
  if (what !== 'label' && what !== 'assignee' && what !== 'milestone') throw invalid(`no:${what} is not supported: use label, assignee or milestone.`);
  query.missing.add(what);
}

/** GitHub's answer when a repo:, user:, author: … names nothing the caller may search. */
export const notSearchable = () => invalid(
  'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
);
