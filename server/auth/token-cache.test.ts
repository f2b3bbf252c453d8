// The token cache on its own, with a scripted database: what it keeps, what it
// answers synchronously, and that a revocation arriving while a lookup is in
// flight is never undone by that lookup's (older) answer.
import { describe, expect, it } from 'vitest';
import type { InvalidationBus, InvalidationListener } from '../db/cache-invalidation.js';
import type { Sql } from '../db/database.js';
import { TokenCache } from './token-cache.js';

const ROW = {
  id: 7,
  kind: 'personal',
  scopes: ['repo'],
  expires_at: null,
  user_id: 1,
  login: 'octocat',
  site_admin: false,
};

/** A tagged-template stand-in for postgres.js: each query waits for the test to release it. */
function scriptedSql() {
  const pending: Array<(rows: unknown[]) => void> = [];
  const sql = (() => new Promise((resolve) => pending.push(resolve))) as unknown as Sql;
  return { sql, pending, queries: () => pending.length };
}

function fakeBus() {
  const listeners: InvalidationListener[] = [];
  const bus = {
    subscribe: (listener: InvalidationListener) => void listeners.push(listener),
  } as unknown as InvalidationBus;
  return {
    bus,
    notify: (topic: string) => {
      for (const listener of listeners) listener(topic as never);
    },
  };
}

describe('TokenCache', () => {
  it('answers a cached token synchronously, without a database round trip', async () => {
    const db = scriptedSql();
    const cache = new TokenCache(db.sql, fakeBus().bus);
    const first = cache.lookup('ghp_a');
    expect(first).toBeInstanceOf(Promise);
    db.pending.shift()!([ROW]);
    expect((await first)?.user.login).toBe('octocat');
    const second = cache.lookup('ghp_a');
    expect(second).not.toBeInstanceOf(Promise);
    expect((second as { tokenId: number }).tokenId).toBe(7);
    expect(db.queries()).toBe(0);
  });

  it('does not keep an answer loaded before a revocation notice arrived', async () => {
    const db = scriptedSql();
    const { bus, notify } = fakeBus();
    const cache = new TokenCache(db.sql, bus);
    const inFlight = cache.lookup('ghp_a');
    notify('token:7'); // revoked and committed while the SELECT was running
    db.pending.shift()!([ROW]); // the SELECT had seen the row before the delete
    await inFlight;
    const after = cache.lookup('ghp_a');
    expect(after).toBeInstanceOf(Promise); // asked again, not served from the stale answer
    db.pending.shift()!([]);
    expect(await after).toBeNull();
  });

  it('treats an expired token as unknown even while cached', async () => {
    let now = 1_000_000;
    const db = scriptedSql();
    const cache = new TokenCache(db.sql, fakeBus().bus, () => now);
    const first = cache.lookup('ghp_a');
    db.pending.shift()!([{ ...ROW, expires_at: new Date(now + 1000) }]);
    expect(await first).not.toBeNull();
    now += 1000;
    expect(cache.lookup('ghp_a')).toBeNull();
  });
});
