// A hit of the response cache (response-cache.ts), answered before yoga. The
// entry is served only when, now:
//   - the generations of every repository it read are the ones it was built
//     under (one batched statement; a change committed since makes it a miss);
//   - each `repository(owner:, name:)` it looked up finds the same row again,
//     every column equal (the repository cache, kept coherent by the
//     invalidation bus: renames, visibility, description);
//   - the viewer still sees each repository (access can be revoked without
//     any issue changing).
// Otherwise it is a miss: the caller executes the query as without a cache
// (and a revoked repository is then null with its error, as always).
// A hit is charged the query's cost, as GitHub charges the same query.
import type { Principal } from '../../auth/principal.js';
import type { Reply } from '../../http/json-response.js';
import type { Services } from '../../services.js';
import { seesRepositoryNow } from '../../access/request-access.js';
import { findRepository } from '../resolvers/repository.js';
import { rowFingerprint, type RepositoryRead } from './cache-recorder.js';
import type { CachedResponse, GraphqlResponseCache } from './response-cache.js';

async function stillCurrent(cache: GraphqlResponseCache, reads: RepositoryRead[]): Promise<boolean> {
  const generations = await Promise.all(reads.map((read) => cache.generations.read(read.id)));
  return generations.every((generation, i) => generation === reads[i]!.generations);
}

async function stillVisible(services: Services, principal: Principal, read: RepositoryRead): Promise<boolean> {
  const { owner, name, followRenames } = read.lookup;
  const repo = await findRepository(services, owner, name, followRenames);
  if (repo === null || (repo !== read.found && (repo.id !== read.id || rowFingerprint(repo) !== read.row)))
    return false;
  return seesRepositoryNow(services, principal, repo);
}

/** The entry under `key` when it may be served to this caller now (see above); a stale entry is dropped. */
export async function currentEntry(
  services: Services,
  cache: GraphqlResponseCache,
  principal: Principal,
  key: string,
): Promise<CachedResponse | undefined> {
  const entry = cache.get(key);
  if (!entry) return undefined;
  if (!(await stillCurrent(cache, entry.repositories))) {
    cache.delete(key);
    return undefined;
  }
  for (const read of entry.repositories) {
    if (!(await stillVisible(services, principal, read))) {
      cache.delete(key);
      return undefined;
    }
  }
  cache.hits++;
  return entry;
}

/** The reply of a hit, with yoga's headers on top of the pipeline's. */
export function cachedReply(entry: CachedResponse, headers: Record<string, string>): Reply {
  for (const [name, value] of entry.headers) headers[name] = value;
  return { status: entry.status, body: entry.body, headers };
}
