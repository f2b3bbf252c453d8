// `npm run bench:pipeline`: Wharf's own share of an authenticated
// GET /repos/{owner}/{repo}, without HTTP and without a load generator beside
// it. A Wharf app in this process (on the database of a `wharf serve` it
// starts, as `wharf admin` joins it) and a one-route h3 app answer the same
// request objects through `app.fetch`, 100,000 times each, sequentially; the
// CPU time per request of each, and the difference (routing, authentication,
// rate limit, validation, handler, headers), are printed. Steadier than
// autocannon on a shared machine: one process, one core, no sockets.
import { H3 } from 'h3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FastResponse } from 'srvx';
import { createWharfApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { connect } from '../server/db/database.js';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { createLogger } from '../server/log.js';
import { BENCH_RATE_LIMIT, startWharf } from './spawn-wharf.js';

const REQUESTS = 100_000;

interface Fetcher { fetch(request: Request): Response | Promise<Response> }

/** CPU µs per request after a warm-up; reads each body so nothing is left pending. */
async function cpuPerRequest(app: Fetcher, request: () => Request): Promise<number> {
  for (let i = 0; i < REQUESTS / 5; i++) await app.fetch(request());
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) await app.fetch(request());
  const used = process.cpuUsage(before);
  return (used.user + used.system) / REQUESTS;
}

const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-pipeline-'));
const wharf = await startWharf(dataDir);
const log = createLogger('warn');
const cluster = await startEmbeddedPostgres(dataDir, log);
const sql = connect(cluster.url('wharf'));
try {
  const config = loadConfig({
    DATABASE_URL: cluster.url('wharf'), WHARF_DATA_DIR: dataDir, WHARF_LOG_LEVEL: 'warn', WHARF_WEBHOOK_DISPATCH: 'off',
    WHARF_RATE_LIMIT_AUTHENTICATED: String(BENCH_RATE_LIMIT),
  });
  const local = await createWharfApp(config, sql, log);
  try {
    const headers = { authorization: `token ${wharf.token}` };
    const created = await fetch(`${wharf.baseUrl}/user/repos`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'bench-repo' }),
    });
    if (created.status !== 201) throw new Error(`POST /user/repos: ${created.status}`);
    const url = 'http://127.0.0.1/repos/admin/bench-repo';
    const first = await local.app.fetch(new Request(url, { headers }));
    if (first.status !== 200) throw new Error(`GET ${url}: ${first.status}`);
    const body = Buffer.from(await first.arrayBuffer());
    const floor = new H3().get('/repos/admin/bench-repo', () => new FastResponse(body, { status: 200, headers: [...first.headers] }));
    const request = () => new Request(url, { headers });
    const rounds: { floor: number; wharf: number }[] = [];
    for (let i = 0; i < 3; i++) rounds.push({ floor: await cpuPerRequest(floor, request), wharf: await cpuPerRequest(local.app, request) });
    for (const [i, r] of rounds.entries()) {
      process.stdout.write(`round ${i + 1}: h3 one-route app ${r.floor.toFixed(2)} µs/req, wharf ${r.wharf.toFixed(2)} µs/req, wharf's own ${(r.wharf - r.floor).toFixed(2)} µs/req\n`);
    }
  } finally {
    await local.close();
  }
} finally {
  await sql.end({ timeout: 5 });
  await wharf.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
