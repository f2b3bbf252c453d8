// `npm run bench:deliveries`: the delivery list (`GET …/hooks/{id}/deliveries`)
// against a large history. `wharf serve` on a fresh data directory; hook A
// gets BENCH_DELIVERY_ROWS (default 1,000,000) history entries and hook B as
// many, inserted with generate_series (0.1 % failures, 1 % pings, spread over
// 30 days) in three blocks: half of A's, all of B's, the other half of A's.
// So B's page 1 lies below A's newer half, and A's deep cursor (the oldest of
// its newer half) above all of B's: what a walk in id order would pass. Each
// query shape is timed over HTTP (median of BENCH_DELIVERY_REPEAT requests)
// and its SQL is EXPLAIN ANALYZEd. Writes bench/results/deliveries-latest.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '../server/db/database.js';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { createLogger } from '../server/log.js';
import { startWharf } from './spawn-wharf.js';
import { percentile } from './webhook-report.js';
import { deliveryListPlans } from './deliveries-plans.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/deliveries-latest.json', import.meta.url));
const rows = Number(process.env.BENCH_DELIVERY_ROWS ?? 1_000_000);
const repeat = Number(process.env.BENCH_DELIVERY_REPEAT ?? 21);
const progress = (message: string) => process.stderr.write(`bench:deliveries: ${message}\n`);

const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-deliveries-'));
const wharf = await startWharf(dataDir);
const sql = connect((await startEmbeddedPostgres(dataDir, createLogger('error'))).url('wharf'), { max: 2 });
try {
  const auth = { authorization: `token ${wharf.token}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${wharf.baseUrl}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })
    ).json()) as { id: number; full_name: string };
  const repo = await post('/user/repos', { name: 'deep-history' });
  // Inactive: no creation ping, nothing dispatched; the history is what is measured.
  const hooks = [
    await post(`/repos/${repo.full_name}/hooks`, { active: false, config: { url: 'https://example.com/hook' } }),
    await post(`/repos/${repo.full_name}/hooks`, { active: false, config: { url: 'https://example.com/other' } }),
  ];
  const hookA = hooks[0]!;
  const hookB = hooks[1]!;
  for (const [hook, count] of [
    [hookA, rows / 2],
    [hookB, rows],
    [hookA, rows / 2],
  ] as const) {
    progress(`inserting ${count} history entries for hook ${hook.id}…`);
    await sql`
      INSERT INTO webhook_deliveries (hook_id, guid, event, action, redelivery, url, repository_id, delivered_at, duration,
        status, status_code, request_headers, request_payload, response_headers, response_payload)
      SELECT ${hook.id}, gen_random_uuid(), CASE WHEN n % 100 = 0 THEN 'ping' ELSE 'push' END, NULL, false, 'https://example.com/hook', ${repo.id},
        now() - interval '30 days' + (n * (interval '30 days' / ${count})), 0.05,
        CASE WHEN n % 1000 = 0 THEN 'Internal Server Error' ELSE 'OK' END, CASE WHEN n % 1000 = 0 THEN 500 ELSE 200 END,
        '{"Content-Type":"application/json"}', '{"ref":"refs/heads/main","n":' || n || '}', '{}', 'ok'
      FROM generate_series(1, ${count}) n`;
  }
  await sql`VACUUM ANALYZE webhook_deliveries`;
  const [deep] = await sql<
    { id: number }[]
  >`SELECT id FROM webhook_deliveries WHERE hook_id = ${hookA.id} ORDER BY id OFFSET ${rows / 2} LIMIT 1`;
  const since = new Date(Date.now() - 3_600_000).toISOString();
  const cases: [string, number, string][] = [
    ['B: page 1', hookB.id, ''],
    [`A: deep cursor (${rows / 2} entries deep)`, hookA.id, `cursor=v1_${deep!.id}`],
    ['B: status=failure, page 1', hookB.id, 'status=failure'],
    ['A: status=failure, deep cursor', hookA.id, `status=failure&cursor=v1_${deep!.id}`],
    ['B: event=ping, page 1', hookB.id, 'event=ping'],
    ['B: since=1 h ago, page 1', hookB.id, `since=${since}`],
  ];
  const results = [];
  for (const [name, hookId, query] of cases) {
    const url = `${wharf.baseUrl}/repos/${repo.full_name}/hooks/${hookId}/deliveries?per_page=30${query ? `&${query}` : ''}`;
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers: auth });
      const body = (await response.json()) as unknown[];
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
      count = body.length;
    }
    times.sort((a, b) => a - b);
    results.push({
      name,
      query,
      items: count,
      medianMs: Number(percentile(times, 50).toFixed(2)),
      maxMs: Number(times.at(-1)!.toFixed(2)),
    });
    progress(`${name}: median ${percentile(times, 50).toFixed(1)} ms (${count} items)`);
  }
  const plans = await deliveryListPlans(sql, hookA.id, hookB.id, deep!.id, new Date(since));
  const width = Math.max(...results.map((r) => r.name.length));
  process.stdout.write(
    `\n${rows} history entries per hook (2 hooks, in blocks A/2, B, A/2), per_page=30, median of ${repeat} requests over HTTP:\n`,
  );
  for (const r of results)
    process.stdout.write(
      `  ${r.name.padEnd(width)}  ${String(r.medianMs).padStart(9)} ms  (max ${r.maxMs} ms, ${r.items} items)\n`,
    );
  process.stdout.write('\nEXPLAIN ANALYZE:\n');
  for (const plan of plans) process.stdout.write(`-- ${plan.name}\n${plan.lines.join('\n')}\n\n`);
  await mkdir(join(RESULTS_FILE, '..'), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify({ date: new Date().toISOString(), rowsPerHook: rows, hooks: 2, results, plans }, null, 2)}\n`,
  );
  process.stdout.write(`results written to ${RESULTS_FILE}\n`);
} finally {
  await sql.end({ timeout: 5 });
  await wharf.stop();
  await rm(dataDir, { recursive: true, force: true });
}
