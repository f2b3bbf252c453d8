// What a cacheable execution read (response-cache.ts): set in the context by
// mount.ts for a call that may be cached; the cache plugin marks it eligible
// when the operation is a query of cacheable fields only, `Query.repository`
// records each repository it found, and an error spoils it.
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlResponseCache } from './response-cache.js';

export interface RepositoryLookup {
  owner: string;
  name: string;
  followRenames?: boolean | null;
}

export interface RepositoryRead {
  lookup: RepositoryLookup;
  id: number;
  /** The row as found, whole: a hit finds it again and compares (name, visibility, description…). */
  row: string;
  /** The row object itself: while the repository cache keeps it, a hit finds this very object and need not compare. */
  found: RepositoryRow;
  /** "<repository's>/<global>" generations, read after the lookup and before the repository's data. */
  generations: string;
}

/** The row's fingerprint: every column, so any change to the row is a miss. */
export const rowFingerprint = (repo: RepositoryRow) => JSON.stringify(repo);

export class CacheRecorder {
  /** The operation is a query whose fields are all cacheable (cache-plugin.ts). */
  eligible = false;
  /** An error, or anything else that makes this answer not one to keep. */
  spoiled = false;
  readonly repositories: RepositoryRead[] = [];

  constructor(private readonly cache: GraphqlResponseCache) {}

  async recordRepository(lookup: RepositoryLookup, repo: RepositoryRow): Promise<void> {
    const generations = await this.cache.generations.read(repo.id);
    this.repositories.push({ lookup: { ...lookup }, id: repo.id, row: rowFingerprint(repo), found: repo, generations });
  }

  get cacheable(): boolean {
    return this.eligible && !this.spoiled;
  }
}
