// A cache of issue-list pages (GET …/issues, issue #16), a layer around the
// list and its views: a page's body object is kept with the generations of
// its repository and of everything global (issue_list_generations, bumped by
// triggers in the transaction of every change a page could show; migration
// 018). A request reads the two generations (one statement) and is answered
// from the cache when they are the ones the page was built under; the
// runner's per-object serialization then skips JSON.stringify and the ETag
// hash as well. The generations are read before the page is built, so a
// change that commits meanwhile makes the entry outdated, never a stale page
// current.
//
// The body does not depend on the viewer: whoever passed the repository's
// read check sees every issue of it. A body whose views come to depend on
// the viewer must add the viewer's visibility to the key.
import type { Sql } from '../db/database.js';
import type { PageRequest } from '../paging/pagination.js';
import { GenerationReader } from './issue-list-generations.js';

export interface CachedPage<B> {
  body: B;
  total: number;
}

interface Entry {
  generations: string;
  page: CachedPage<unknown>;
}

/** Pages kept per server; a page of 100 issues is some 300 KB with its serialization. */
const MAX_ENTRIES = 200;

export class IssueListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations: GenerationReader;

  constructor(sql: Sql) {
    this.generations = new GenerationReader(sql);
  }

  /** The page for `query` of the repository: the cached one while current, else `build()`'s, kept. */
  async page<B>(
    repositoryId: number,
    query: object,
    page: PageRequest,
    build: () => Promise<CachedPage<B>>,
  ): Promise<CachedPage<B>> {
    const key = pageKey(repositoryId, query, page);
    const generations = await this.generations.read(repositoryId);
    const entry = this.entries.get(key);
    if (entry && entry.generations === generations) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.page as CachedPage<B>;
    }
    const built = await build();
    this.entries.delete(key);
    this.entries.set(key, { generations, page: built });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return built;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The repository, the page, and every other query parameter in name order (the filters). */
export function pageKey(repositoryId: number, query: object, page: PageRequest): string {
  const filters = Object.entries(query)
    .filter(([name, value]) => name !== 'page' && name !== 'per_page' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${repositoryId} ${page.perPage} ${page.offset} ${JSON.stringify(filters)}`;
}

/** One cache per server (per Services object): tests run many servers in one process. */
const caches = new WeakMap<object, IssueListCache>();

export function issueListCache(services: { sql: Sql }): IssueListCache {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new IssueListCache(services.sql)));
  return cache;
}
