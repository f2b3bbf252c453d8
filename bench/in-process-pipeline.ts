// `npm run bench:pipeline`: Wharf's own share of an authenticated
// GET /repos/{owner}/{repo}, without HTTP and without a load generator beside
// it. A Wharf app in this process (on the database of a `wharf serve` it
// starts, as `wharf admin` joins it) and a one-route h3 app answer the same
// request objects through `app.fetch`, 100,000 times each, sequentially; the
// CPU time per request of each, and the difference (routing, authentication,
// rate limit, validation, handler, headers), are printed. Steadier than
// autocannon on a shared machine: one process, one core, no sockets.
// PIPELINE_TARGET=contents|commits|issues measures the other targets of
// `npm run bench` instead (a 10 KB file's contents, ?per_page=30 of 40
// commits, ?per_page=30 of 30 issues), PIPELINE_REQUESTS the count.
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
import { commitsTarget } from './commits-target.js';
import { prepareContentsTarget } from './contents-target.js';
import { seedIssues } from './issue-list-target.js';
import { BENCH_RATE_LIMIT, startWharf, type WharfServer } from './spawn-wharf.js';

/** The path of PIPELINE_TARGET's GET, after writing what it reads through the spawned server. */
async function targetPath(wharf: WharfServer, auth: Record<string, string>): Promise<string> {
  const repoPath = '/repos/admin/bench-repo';
  switch (TARGET) {
    case 'repo':
      return repoPath;
    case 'contents':
      return new URL((await prepareContentsTarget(wharf.baseUrl, auth, repoPath, wharf.child.pid!)).url).pathname;
    case 'commits': {
      const url = new URL((await commitsTarget(wharf, 'admin')).url);
      return url.pathname + url.search;
    }
    case 'issues':
      return (await seedIssues(wharf.baseUrl, auth, repoPath, 'admin')).path;
    default:
      throw new Error(`PIPELINE_TARGET must be repo, contents, commits or issues, not ${TARGET}`);
  }
}

const REQUESTS = Number(process.env.PIPELINE_REQUESTS || 100_000);
const TARGET = process.env.PIPELINE_TARGET ?? 'repo';

interface Fetcher {
  fetch(request: Request): Response | Promise<Response>;
}

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
    DATABASE_URL: cluster.url('wharf'),
    WHARF_DATA_DIR: dataDir,
    WHARF_LOG_LEVEL: 'warn',
    WHARF_WEBHOOK_DISPATCH: 'off',
    WHARF_RATE_LIMIT_AUTHENTICATED: String(BENCH_RATE_LIMIT),
  });
  const local = await createWharfApp(config, sql, log);
  try {
    const headers = { authorization: `token ${wharf.token}` };
    const created = await fetch(`${wharf.baseUrl}/user/repos`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench-repo' }),
    });
    if (created.status !== 201) throw new Error(`POST /user/repos: ${created.status}`);
    const path = await targetPath(wharf, headers);
    process.stdout.write(`GET ${path}\n`);
    const url = `http://127.0.0.1${path}`;
    const first = await local.app.fetch(new Request(url, { headers }));
    if (first.status !== 200) throw new Error(`GET ${url}: ${first.status}`);
    const body = Buffer.from(await first.arrayBuffer());
    const floor = new H3().get(
      new URL(url).pathname,
      () => new FastResponse(body, { status: 200, headers: [...first.headers] }),
    );
    const request = () => new Request(url, { headers });
    const rounds: { floor: number; wharf: number }[] = [];
    for (let i = 0; i < 3; i++)
      rounds.push({ floor: await cpuPerRequest(floor, request), wharf: await cpuPerRequest(local.app, request) });
    for (const [i, r] of rounds.entries()) {
      process.stdout.write(
        `round ${i + 1}: h3 one-route app ${r.floor.toFixed(2)} µs/req, wharf ${r.wharf.toFixed(2)} µs/req, wharf's own ${(r.wharf - r.floor).toFixed(2)} µs/req\n`,
      );
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
