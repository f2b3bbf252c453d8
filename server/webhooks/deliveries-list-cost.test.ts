// The delivery list costs a page, not the history: the rows PostgreSQL reads
// for a page do not grow with the entries of other hooks, with the depth of
// the cursor, or with the successes between failures (status=failure). Read
// from EXPLAIN (ANALYZE, BUFFERS) of the store's own query.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../db/database.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { listDeliveries, type DeliveryFilter } from './deliveries-store.js';

const BLOCK = 30_000;
let server: TestServer;
let a: number;
let b: number;
let deepId: number;

beforeAll(async () => {
  server = await startTestServer();
  const alice = await server.createUser('alice');
  const res = await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'r' } });
  const repoId = ((await res.json()) as { id: number }).id;
  const hooks = await server.sql<{ id: number }[]>`
    INSERT INTO hooks (repository_id, events, url, active) VALUES (${repoId}, '{push}', 'https://example.com/a', false), (${repoId}, '{push}', 'https://example.com/b', false)
    RETURNING id`;
  [a, b] = hooks.map((h) => h.id) as [number, number];
  // In blocks: A's, then B's, then A's again. PostgreSQL expects each hook's
  // entries to be spread evenly, so it may walk the primary key backwards
  // for a page, passing every entry of the other hook in between.
  for (const hookId of [a, b, a]) {
    await server.sql`INSERT INTO webhook_deliveries (hook_id, guid, event, redelivery, url, delivered_at, duration, status, status_code, request_headers, request_payload, response_headers)
      SELECT ${hookId}, gen_random_uuid(), 'push', false, 'u', now(), 0.01, 'OK', CASE WHEN n % 499 = 0 THEN 500 ELSE 200 END, '{}', '{}', '{}'
      FROM generate_series(1, ${BLOCK}) n`;
  }
  await server.sql`VACUUM ANALYZE webhook_deliveries`;
  // A's oldest entry in its newer block: below it lie all of B's.
  const [deep] = await server.sql<
    { id: number }[]
  >`SELECT id FROM webhook_deliveries WHERE hook_id = ${a} ORDER BY id OFFSET ${BLOCK} LIMIT 1`;
  deepId = deep!.id;
}, 60_000);
afterAll(() => server.close());

/** Buffers (8 KiB pages) the list query touches for one page of 30. */
async function pagesRead(hookId: number, filter: DeliveryFilter): Promise<number> {
  let query: { text: string; parameters: unknown[] } | undefined;
  const capture = postgres(server.databaseUrl, {
    max: 1,
    debug: (_c, text, parameters) => {
      // The connection's own start-up queries come first.
      if (text.includes('webhook_deliveries')) query = { text, parameters };
    },
  }) as unknown as Sql;
  try {
    await listDeliveries(capture, hookId, filter, 30);
  } finally {
    await capture.end();
  }
  const plan = await server.sql.unsafe<{ 'QUERY PLAN': string }[]>(
    `EXPLAIN (ANALYZE, BUFFERS) ${query!.text}`,
    query!.parameters as never[],
  );
  let total = 0;
  // The top node's line carries the totals of the whole plan.
  if (process.env.SHOW_PLAN) console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  const top = plan.map((row) => row['QUERY PLAN']).find((line) => /Buffers:/.test(line)) ?? '';
  for (const match of top.matchAll(/(?:hit|read)=(\d+)/g)) total += Number(match[1]);
  return total;
}

describe('the delivery list', () => {
  // A page of 30 is about 31 index descents and heap reads of ~3 pages each.
  const PAGE_COST = 200;
  it('reads about a page for page 1 whatever other hooks have', async () => {
    expect(await pagesRead(b, {})).toBeLessThan(PAGE_COST);
  });
  it('reads about a page at a deep cursor', async () => {
    expect(await pagesRead(a, { beforeId: deepId })).toBeLessThan(PAGE_COST);
  });
  it('reads about a page for a page of failures among many successes', async () => {
    expect(await pagesRead(a, { status: 'failure' })).toBeLessThan(PAGE_COST);
  });
});
