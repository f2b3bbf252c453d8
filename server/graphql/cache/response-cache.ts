// A cache of whole GraphQL responses for read-only queries (issue 16: the
// 50-issue page), served before yoga, so a hit costs neither parsing nor
// execution nor serialization.
//
// Our own small layer rather than @envelop/response-cache: that plugin runs
// inside yoga (after parsing and validation, which alone cost more than the
// page's CPU budget) and its validity is a TTL or an in-process invalidation
// by entity ids seen in mutations. Neither expresses "current while these
// database generations are unchanged" for changes made by REST, by triggers
// or by another process; issue_list_generations (migration 018) does.
//
// - Key: the viewer (viewerKey), the Accept the answer is for, and the body
//   text as sent (document, operationName and variables; any other spelling
//   is only another entry).
// - Cacheable: a query whose every field is opt-in (cacheable-fields.ts) that
//   ran without errors; what each `Query.repository` looked up is recorded
//   with the generations read just after the lookup and before any of the
//   repository's data (cache-recorder.ts).
// - A hit (serve-cached.ts) reads the generations again, looks each
//   repository up again, checks the viewer still sees it, and charges the
//   query's cost as if it had run.
import type { AppPermissions, Principal } from '../../auth/principal.js';
import type { Sql } from '../../db/database.js';
import { GenerationReader } from '../../issues/issue-list-generations.js';
import type { QueryCost } from '../query-cost.js';
import type { RepositoryRead } from './cache-recorder.js';

export interface CachedResponse {
  status: number;
  body: Buffer;
  /** Yoga's response headers (content-type) but content-length. */
  headers: [string, string][];
  /** What the query was charged: a hit is charged the same. */
  cost: QueryCost;
  repositories: RepositoryRead[];
}

/** Entries kept per server (the 50-issue page is some 15 KB), and their bytes (bodies and keys) at most. */
export const MAX_ENTRIES = 500;
export const MAX_BYTES = 32 * 1024 * 1024;
/** A body larger than this is not kept: it would push out many pages. */
export const MAX_BODY_BYTES = 1024 * 1024;
const MAX_REQUEST_CHARS = 16 * 1024;

const sizeOf = (key: string, entry: CachedResponse) => entry.body.length + 2 * key.length;

export class GraphqlResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;
  readonly generations: GenerationReader;
  /** Counters for tests and the bench: answers served from the cache, and entries stored. */
  hits = 0;
  stores = 0;

  constructor(sql: Sql) {
    this.generations = new GenerationReader(sql);
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    if (entry.body.length > MAX_BODY_BYTES) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(key, entry);
    this.stores++;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) this.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(key, entry);
  }

  /** Bytes held by the entries' bodies and keys. */
  get byteSize(): number {
    return this.bytes;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Who the answer is for, as far as it can change what is seen: the user, its
 * site-admin flag and the token's scopes; an installation token by itself
 * and its permissions now (they decide which kinds of data it reads, and an
 * installation's may be lowered while the token lives; its repositories are
 * checked again on every hit). Undefined: not cached.
 */
export function viewerKey(principal: Principal): string | undefined {
  if (principal.kind !== 'token') return undefined;
  let key = viewerKeys.get(principal);
  if (key === undefined) {
    const { user, scopes } = principal;
    key = principal.installation
      ? installationKey(principal.tokenId, principal.installation.permissions)
      : `user ${user.id} ${user.siteAdmin ? 'admin' : ''} ${[...scopes].sort().join(',')}`;
    viewerKeys.set(principal, key);
  }
  return key;
}

const installationKey = (tokenId: number, permissions: AppPermissions) =>
  `token ${tokenId} ${Object.entries(permissions)
    .map(([name, level]) => `${name}:${level}`)
    .sort()
    .join(',')}`;

/** The token cache hands out one principal object per token while nothing changes: its key is made once. */
const viewerKeys = new WeakMap<Principal, string>();

/** The entry key of a POST with a JSON body; undefined when that call is not one to cache. */
export function responseKey(principal: Principal, accept: string, bodyText: string): string | undefined {
  const viewer = viewerKey(principal);
  if (viewer === undefined || bodyText.length > MAX_REQUEST_CHARS) return undefined;
  return `${viewer}\n${accept}\n${bodyText}`;
}

/** One cache per server (per Services object): tests run many servers in one process. */
const caches = new WeakMap<object, GraphqlResponseCache>();

export function graphqlResponseCache(services: { sql: Sql }): GraphqlResponseCache {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new GraphqlResponseCache(services.sql)));
  return cache;
}
