// Each qualifier of GitHub's issue search read into the parsed query, with
// GitHub's negation (`-qualifier:value`, for every qualifier but `no:`,
// `in:` and `sort:`). A value a qualifier cannot take is 422 (search-errors.ts).
import { invalidQuery as invalid } from './search-errors.js';
import { SORTS, type SearchSort } from './search-order.js';
import type { CloseReason, CountField, DateField, IssueSearchQuery } from './search-query.js';
import { parseCountRange, parseDateRange } from './search-ranges.js';

// Qualifiers GitHub has that Wharf does not evaluate yet (pull requests,
// projects, teams, languages): refused rather than searched as text or
// ignored, so no client reads a wrong answer as right.
const UNSUPPORTED = new Set([
  'project',
  'merged',
  'team',
  'language',
  'status',
  'head',
  'base',
  'review',
  'reviewed-by',
  'team-review-requested',
  'linked',
  'draft',
  'label-name',
  'parent-issue',
]);

const DATES = new Set<string>(['created', 'updated', 'closed']);
const COUNTS = new Set<string>(['comments', 'reactions', 'interactions']);
// Reviews are requested only of users (Wharf has no teams yet), so GitHub's
// `review-requested:` (the user or a team of theirs) is `user-review-requested:`.
const PEOPLE = {
  author: 'authors',
  assignee: 'assignees',
  mentions: 'mentions',
  commenter: 'commenters',
  involves: 'involves',
  'review-requested': 'reviewRequested',
  'user-review-requested': 'reviewRequested',
} as const;
const QUALIFIERS = new Set([
  'repo',
  'user',
  'org',
  'is',
  'type',
  'state',
  'label',
  'milestone',
  'reason',
  'archived',
  'in',
  'no',
  'sort',
  ...Object.keys(PEOPLE),
  ...DATES,
  ...COUNTS,
]);

export const isQualifier = (key: string) => QUALIFIERS.has(key) || UNSUPPORTED.has(key);

const REASONS: Record<string, CloseReason> = {
  completed: 'completed',
  'not planned': 'not_planned',
  not_planned: 'not_planned',
  duplicate: 'duplicate',
};

export function applyQualifier(query: IssueSearchQuery, key: string, value: string, negated: boolean): void {
  if (UNSUPPORTED.has(key)) throw invalid(`The qualifier \`${key}:\` is not supported by this server yet.`);
  if (value === '') throw invalid(`The value of \`${key}:\` is empty.`);
  // GitHub: missing-metadata qualifiers cannot be negated; `-in:` and `-sort:` mean nothing.
  if (negated && (key === 'no' || key === 'in' || key === 'sort'))
    throw invalid(`The qualifier \`${key}:\` cannot be negated.`);
  if (DATES.has(key)) {
    const range = parseDateRange(value);
    if (!range)
      throw invalid(
        `"${value}" is not a date or a range of dates (YYYY-MM-DD, with an optional THH:MM:SS+00:00) for \`${key}:\`.`,
      );
    return void query.ranges.push({ value: { field: key as DateField, range }, negated });
  }
  if (COUNTS.has(key)) {
    const range = parseCountRange(value);
    if (!range) throw invalid(`"${value}" is not a number or a range of numbers for \`${key}:\`.`);
    return void query.ranges.push({ value: { field: key as CountField, range }, negated });
  }
  if (key in PEOPLE) {
    const login = value.replace(/^@(?!me$)/i, '');
    if (login === '*' && key !== 'assignee')
      throw invalid(`\`${key}:*\` is not supported: only \`assignee:*\` takes any user.`);
    return void query[PEOPLE[key as keyof typeof PEOPLE]].push({ value: login.toLowerCase(), negated });
  }
  switch (key) {
    case 'repo': {
      const [owner, name, ...rest] = value.split('/');
      if (!owner || !name || rest.length > 0) throw invalid(`"${value}" is not a repository: use repo:owner/name.`);
      return void query.repos.push({ value: { owner, name }, negated });
    }
    case 'user':
    case 'org':
      return void query.owners.push({ value: value.toLowerCase(), negated });
    case 'label': {
      // `label:a,b` is either label (GitHub); `label:a label:b` both.
      const names = value.split(',').filter(Boolean);
      if (names.length === 0) throw invalid(`The value of \`label:\` is empty.`);
      return void query.labels.push({ value: names, negated });
    }
    case 'milestone':
      return void query.milestones.push({ value, negated });
    case 'reason': {
      const reason = REASONS[value.toLowerCase()];
      if (!reason) throw invalid(`reason:${value} is not a reason: use completed, "not planned" or duplicate.`);
      return void query.reasons.push({ value: reason, negated });
    }
    case 'archived': {
      const flag = value.toLowerCase();
      if (flag !== 'true' && flag !== 'false') throw invalid(`archived:${value} is not supported: use true or false.`);
      query.archived = (flag === 'true') !== negated;
      return;
    }
    case 'in':
      return applyIn(query, value);
    case 'sort':
      return applySort(query, value.toLowerCase());
    case 'no':
      return applyNo(query, value);
    default:
      return applyIs(query, key, value.toLowerCase(), negated);
  }
}

const OPPOSITE: Record<string, string> = {
  open: 'closed',
  closed: 'open',
  issue: 'pr',
  pr: 'issue',
  'pull-request': 'issue',
  public: 'private',
  private: 'public',
  locked: 'unlocked',
  unlocked: 'locked',
};

function applyIs(query: IssueSearchQuery, key: string, given: string, negated: boolean): void {
  if (key === 'state' && given !== 'open' && given !== 'closed')
    throw invalid(`state:${given} is not a state: use open or closed.`);
  if (key === 'type' && given !== 'issue' && given !== 'pr')
    throw invalid(`type:${given} is not a type: use issue or pr.`);
  // Every is: value has one opposite; `-is:open` is `is:closed`, and so on.
  const value = negated ? (OPPOSITE[given] ?? given) : given;
  switch (value) {
    case 'open':
    case 'closed':
      query.state = value;
      return;
    case 'issue':
      query.kind = 'issue';
      return;
    case 'pr':
    case 'pull-request':
      query.kind = 'pr';
      return;
    case 'public':
    case 'private':
      query.visibility = value;
      return;
    case 'locked':
      query.locked = true;
      return;
    case 'unlocked':
      query.locked = false;
      return;
    // Only pull requests are merged or unmerged; `-is:merged` is left out
    // (it would be issues and unmerged pull requests together).
    case 'merged':
    case 'unmerged':
      if (!negated) Object.assign(query, { pullRequestsOnly: true, merged: value === 'merged' });
      return;
    default:
      throw invalid(`is:${given} is not supported: use open, closed, issue, pr, public, private, locked or unlocked.`);
  }
}

function applyIn(query: IssueSearchQuery, value: string): void {
  const fields = value.toLowerCase().split(',').filter(Boolean);
  query.in ??= new Set();
  for (const field of fields) {
    if (field !== 'title' && field !== 'body' && field !== 'comments')
      throw invalid(`in:${field} is not a field: use title, body or comments.`);
    query.in.add(field);
  }
}

function applyNo(query: IssueSearchQuery, value: string): void {
  const what = value.toLowerCase();
  // No issue is in a project (Wharf has none), so no:project restricts nothing.
  if (what === 'project') return;
  if (what !== 'label' && what !== 'assignee' && what !== 'milestone')
    throw invalid(`no:${what} is not supported: use label, assignee, milestone or project.`);
  query.missing.add(what);
}

/** `sort:key`, `sort:key-asc`, `sort:key-desc` (GitHub's sort names, as the `sort` parameter takes them). */
function applySort(query: IssueSearchQuery, value: string): void {
  const suffix = /^(.+)-(asc|desc)$/.exec(value);
  const [key, order] =
    suffix && SORTS.has(suffix[1]!) ? [suffix[1]!, suffix[2] as 'asc' | 'desc'] : [value, 'desc' as const];
  if (!SORTS.has(key)) throw invalid(`sort:${value} is not a sort: use ${[...SORTS].join(', ')}, with -asc or -desc.`);
  query.sort = { sort: key as SearchSort, order };
}
