// The response cache's memory bounds: entries and bytes, least recently used
// out first, and the viewer key (what must not be shared between callers).
import { describe, expect, it } from 'vitest';
import type { AppPermissions, Principal, TokenPrincipal } from '../../auth/principal.js';
import type { Sql } from '../../db/database.js';
import {
  GraphqlResponseCache,
  MAX_BODY_BYTES,
  MAX_BYTES,
  MAX_ENTRIES,
  responseKey,
  viewerKey,
  type CachedResponse,
} from './response-cache.js';

const entry = (bytes: number): CachedResponse => ({
  status: 200,
  body: Buffer.alloc(bytes),
  headers: [],
  cost: { cost: 1, nodeCount: 1, requests: 1, dryRun: false },
  repositories: [],
});

const token = (over: Partial<TokenPrincipal> = {}): TokenPrincipal =>
  ({
    kind: 'token',
    tokenId: 1,
    tokenKind: 'personal',
    scopes: ['repo', 'user'],
    user: { id: 7, login: 'u', siteAdmin: false },
    expiresAt: null,
    installation: null,
    ...over,
  }) as TokenPrincipal;

describe('GraphqlResponseCache bounds', () => {
  it('keeps at most MAX_ENTRIES, dropping the least recently used', () => {
    const cache = new GraphqlResponseCache({} as Sql);
    for (let i = 0; i < MAX_ENTRIES; i++) cache.set(`k${i}`, entry(10));
    expect(cache.get('k0')).toBeDefined(); // now the most recent
    cache.set('new', entry(10));
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.get('k0')).toBeDefined();
    expect(cache.get('k1')).toBeUndefined();
  });

  it('keeps at most MAX_BYTES, and no body over MAX_BODY_BYTES', () => {
    const cache = new GraphqlResponseCache({} as Sql);
    cache.set('huge', entry(MAX_BODY_BYTES + 1));
    expect(cache.size).toBe(0);
    for (let i = 0; i < 40; i++) cache.set(`k${i}`, entry(MAX_BODY_BYTES));
    expect(cache.byteSize).toBeLessThanOrEqual(MAX_BYTES);
    expect(cache.size).toBe(Math.floor(MAX_BYTES / (MAX_BODY_BYTES + 6)));
    cache.set('k39', entry(10)); // replaced: its old size is given back
    expect(cache.byteSize).toBeLessThan(MAX_BYTES - MAX_BODY_BYTES);
  });
});

const grant = (permissions: AppPermissions) => ({ id: 1, permissions }) as TokenPrincipal['installation'];

describe('viewerKey', () => {
  it('tells apart users, site admins, scopes and installation tokens; other callers are not cached', () => {
    const keys = [
      token(),
      token({ user: { id: 8, login: 'v', siteAdmin: false } }),
      token({ user: { id: 7, login: 'u', siteAdmin: true } }),
      token({ scopes: ['user'] }),
      token({ tokenId: 2, installation: grant({ issues: 'read' }) }),
      token({ tokenId: 3, installation: grant({ issues: 'read' }) }),
      // The same token once its installation's permissions were lowered: what it may read changed.
      token({ tokenId: 3, installation: grant({ metadata: 'read' }) }),
    ].map(viewerKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(viewerKey(token({ scopes: ['user', 'repo'] }))).toBe(viewerKey(token()));
    expect(viewerKey({ kind: 'anonymous' } as Principal)).toBeUndefined();
    expect(responseKey(token(), 'application/json', 'x'.repeat(20_000))).toBeUndefined();
    expect(responseKey(token(), 'application/json', '{}')).not.toBe(
      responseKey(token(), 'application/graphql-response+json', '{}'),
    );
  });
});
