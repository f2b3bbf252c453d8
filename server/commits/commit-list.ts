// One page of a commit list (`git log` from a start commit with GitHub's
// filters) and how many commits the whole list has (for the `Link` header's
// last page): `git log` and `git rev-list --count` side by side. A page is a
// pure function of the start sha and the filters, so it is remembered: the
// same request again (a poller, a CI tool) runs no git process at all.
import type { PageRequest } from '../paging/pagination.js';
import type { GitRepositories } from '../repos/git.js';
import { COMMIT_FORMAT, parseCommitRecords, type CommitRecord } from './commit-records.js';

export interface CommitFilters {
  /** Author addresses (any of them); committers likewise. Empty: no filter. */
  authors: string[];
  committers: string[];
  since?: string;
  until?: string;
  path?: string;
}

export interface CommitPage {
  records: CommitRecord[];
  total: number;
  /** The page's author and committer addresses, lower-cased, once each (for the account lookup). */
  emails: string[];
}

const CACHE_ENTRIES = 512;

/** git's limiting options for the filters: exact addresses (fixed strings, any case), dates, a literal path. */
export function filterArgs(filters: CommitFilters): { options: string[]; paths: string[] } {
  const options = [
    ...filters.authors.map((email) => `--author=<${email}>`),
    ...filters.committers.map((email) => `--committer=<${email}>`),
    ...(filters.since ? [`--since=${filters.since}`] : []),
    ...(filters.until ? [`--until=${filters.until}`] : []),
  ];
  if (filters.authors.length || filters.committers.length) options.unshift('--fixed-strings', '--regexp-ignore-case');
  return { options, paths: filters.path ? [filters.path] : [] };
}

// Pathspec magic (`:(glob)…`) is never a caller's to use: paths are literal.
const LITERAL = { GIT_LITERAL_PATHSPECS: '1' };

async function loadPage(
  git: GitRepositories,
  repositoryId: number,
  start: string,
  filters: CommitFilters,
  page: PageRequest,
): Promise<CommitPage> {
  const { options, paths } = filterArgs(filters);
  // git reads --skip as an int: a page past that is past any history, and empty.
  const pastAnyHistory = page.offset > 2 ** 31 - 1;
  const [log, count] = await Promise.all([
    pastAnyHistory
      ? ''
      : git.git(
          repositoryId,
          [
            'log',
            COMMIT_FORMAT,
            `--skip=${page.offset}`,
            `--max-count=${page.perPage}`,
            ...options,
            start,
            '--',
            ...paths,
          ],
          undefined,
          LITERAL,
        ),
    git.git(repositoryId, ['rev-list', '--count', ...options, start, '--', ...paths], undefined, LITERAL),
  ]);
  const records = parseCommitRecords(log);
  const emails = [...new Set(records.flatMap((r) => [r.author.email.toLowerCase(), r.committer.email.toLowerCase()]))];
  return { records, total: Number(count.trim()) || 0, emails };
}

/** Remembered pages, per data directory (the GitRepositories of one app). */
const caches = new WeakMap<GitRepositories, Map<string, Promise<CommitPage>>>();

export function commitPage(
  git: GitRepositories,
  repositoryId: number,
  start: string,
  filters: CommitFilters,
  page: PageRequest,
): Promise<CommitPage> {
  // One cache per data directory, keyed by repository: a sha seen in one repository says nothing about another.
  let cache = caches.get(git);
  if (!cache) caches.set(git, (cache = new Map()));
  const key = `${repositoryId}\0${start}\0${page.offset}\0${page.perPage}\0${JSON.stringify(filters)}`;
  let entry = cache.get(key);
  if (entry) {
    cache.delete(key); // most recently used last
    cache.set(key, entry);
    return entry;
  }
  entry = loadPage(git, repositoryId, start, filters, page);
  cache.set(key, entry);
  entry.catch(() => cache!.delete(key));
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry;
}
