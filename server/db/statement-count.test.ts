// connect's onStatement, which the statement budgets of the cost tests count:
// every statement Wharf sends is reported, in order, and the driver's own
// array-type lookup on each new connection is not (which request opened a
// pooled connection is chance; counting it failed a budget in CI), nor the
// cache listener's heartbeat (a timer's, landing in a budget by chance).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../test-support/test-server.js';
import { createLogger } from '../log.js';
import { startInvalidationBus } from './cache-invalidation.js';
import { connect } from './database.js';

let url: string;
beforeAll(async () => {
  url = await createTestDatabase();
});
afterAll(() => dropTestDatabase(url));

it('reports the statements Wharf sends on fresh connections, and not the driver’s type lookup', async () => {
  const seen: string[] = [];
  const sql = connect(url, { max: 3, onStatement: (query) => void seen.push(query.trim()) });
  try {
    // Three at once open three connections, each of which looks up array types first.
    await Promise.all([1, 2, 3].map((n) => sql`SELECT ${[n, n + 1]}::int[] AS pair`));
    await sql`SELECT 1 AS one`;
  } finally {
    await sql.end();
  }
  expect(seen).toHaveLength(4);
  expect(seen.filter((query) => query.startsWith('SELECT $1::int[] AS pair'))).toHaveLength(3);
  expect(seen[3]).toBe('SELECT 1 AS one');
  expect(seen.some((query) => query.includes('pg_catalog'))).toBe(false);
});

it('does not report the cache listener’s heartbeat, which a timer sends whatever the requests', async () => {
  const seen: string[] = [];
  const sql = connect(url, { max: 2, onStatement: (query) => void seen.push(query.trim()) });
  try {
    const bus = await startInvalidationBus(sql, createLogger('error'));
    await bus.close();
  } finally {
    await sql.end();
  }
  expect(seen.some((query) => query.includes('cache_listeners') && query.startsWith('INSERT'))).toBe(false);
  expect(seen.some((query) => query.startsWith('LISTEN') || query.includes('listen'))).toBe(true);
});
