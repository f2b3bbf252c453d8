// EXPLAIN ANALYZE of the delivery list's SQL for bench/deliveries-list.ts: the
// store's own query (listDeliveries), captured through postgres.js's `debug`
// hook and re-run under EXPLAIN, so the plan is of the query Wharf sends.
import type { Sql } from '../server/db/database.js';
import { listDeliveries, type DeliveryFilter } from '../server/webhooks/deliveries-store.js';

interface Captured {
  text: string;
  parameters: unknown[];
}

async function capture(sql: Sql, run: (sql: Sql) => Promise<unknown>): Promise<Captured> {
  let captured: Captured | undefined;
  const options = (sql as unknown as { options: { debug: unknown } }).options;
  const before = options.debug;
  options.debug = (_connection: number, text: string, parameters: unknown[]) => {
    if (text.includes('webhook_deliveries')) captured = { text, parameters };
  };
  try {
    await run(sql);
  } finally {
    options.debug = before;
  }
  if (!captured) throw new Error('no query captured');
  return captured;
}

export async function deliveryListPlans(
  sql: Sql,
  hookA: number,
  hookB: number,
  deepId: number,
  since: Date,
): Promise<{ name: string; lines: string[] }[]> {
  const shapes: [string, number, DeliveryFilter][] = [
    ['B: page 1', hookB, {}],
    ['A: deep cursor', hookA, { beforeId: deepId }],
    ['B: status=failure, page 1', hookB, { status: 'failure' }],
    ['B: event=ping, page 1', hookB, { event: 'ping' }],
    ['B: since, page 1', hookB, { since }],
  ];
  const plans = [];
  for (const [name, hookId, filter] of shapes) {
    const query = await capture(sql, (s) => listDeliveries(s, hookId, filter, 30));
    const rows = await sql.unsafe<{ 'QUERY PLAN': string }[]>(
      `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`,
      query.parameters as never[],
    );
    plans.push({ name, lines: rows.map((row) => row['QUERY PLAN']) });
  }
  return plans;
}
