// `npm run bench:graphql`: GraphQL's two shapes that grow with data.
//   - `nodes(ids:)` with 100 ids of mixed kinds (users, organizations,
//     repositories public and private, some reached through a grant);
//   - `repository(owner:, name:) { … owner defaultBranchRef }`;
//   - `repository { issues(first: 50) { … author labels comments } }`, also
//     against a bare node:http server answering its body (graphql-issues-target.ts);
//   - `repository { pullRequest { reviews(first: 50) { … comments } } }`, also
//     against a bare server answering its body (graphql-reviews-target.ts).
// For each: SQL statements per request, counted by an in-process Wharf on the
// same database (postgres.js `debug`, sequential requests; the first request,
// which builds the GraphQL response cache's entry of a cacheable query such as
// the issue page, is shown apart: the others are its hits), and latency and
// throughput of `wharf serve` under autocannon (64 connections,
// BENCH_DURATION_S, default 10 s, after a 2 s warm-up). The caller is an
// ordinary user (a site admin would skip the permission reads). Results go to
// bench/results/graphql.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWharfApp, type WharfApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { connect, type Sql } from '../server/db/database.js';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { createLogger } from '../server/log.js';
import { graphqlIssuesVerdict, seedGraphqlIssues } from './graphql-issues-target.js';
import { graphqlReviewsVerdict, REVIEW_PAGE_CONNECTIONS, seedGraphqlReviews } from './graphql-reviews-target.js';
import { measure, type TargetResult } from './load.js';
import { cpuMicrosPerRequest } from './report.js';
import { startBare, type BareServer } from './spawn-bare.js';
import { BENCH_RATE_LIMIT, startWharf, type WharfServer } from './spawn-wharf.js';
import { benchDurationS } from './bench-duration.js';
import { NODES_QUERY, REPOSITORY_QUERY, seedGraphqlNodes } from './graphql-nodes-target.js';
import { countStatements, type Query } from './graphql-statements.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/graphql.json', import.meta.url));
const durationS = benchDurationS();
const progress = (message: string) => process.stderr.write(`bench:graphql: ${message}\n`);

function load(wharf: WharfServer, token: string, query: Query): Promise<TargetResult> {
  return measure(
    {
      name: query.name,
      url: `${wharf.baseUrl}/api/graphql`,
      method: 'POST',
      body: query.body,
      expectStatus: 200,
      pid: wharf.child.pid,
      headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    },
    { connections: query.connections ?? 64, durationS, warmupS: 2, pipelining: 1 },
  );
}

const loadBefore = loadavg()[0]!;
const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-graphql-'));
let wharf: WharfServer | undefined;
/** The bare server being measured, if any (stopped in `finally` when a failure leaves it running). */
let bare: BareServer | undefined;
let local: WharfApp | undefined;
let sql: Sql | undefined;
let exitCode = 1;
try {
  progress(`starting wharf (embedded PostgreSQL in ${dataDir})…`);
  // BENCH_PROFILE_DIR: the server runs under `node --cpu-prof` and writes its profile there on exit.
  const profileDir = process.env.BENCH_PROFILE_DIR;
  wharf = await startWharf(dataDir, undefined, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  // Join the server's cluster (as `wharf admin` does) with a Wharf of our own whose statements are counted.
  const log = createLogger('warn');
  const cluster = await startEmbeddedPostgres(dataDir, log);
  const statements: string[] = [];
  sql = connect(cluster.url('wharf'), { onStatement: (query) => void statements.push(query) });
  const config = loadConfig({
    DATABASE_URL: cluster.url('wharf'),
    WHARF_DATA_DIR: dataDir,
    WHARF_LOG_LEVEL: 'warn',
    WHARF_WEBHOOK_DISPATCH: 'off',
    WHARF_RATE_LIMIT_AUTHENTICATED: String(BENCH_RATE_LIMIT),
  });
  local = await createWharfApp(config, sql, log);
  const viewer = await local.services.accounts.create('bench-viewer', 'User');
  const { token } = await local.services.tokens.create(viewer.id, 'personal', ['repo', 'user']);
  progress('seeding 30 users, 5 organizations, 65 repositories…');
  const ids = await seedGraphqlNodes(local, sql, viewer.id);
  const created = await fetch(`${wharf.baseUrl}/user/repos`, {
    method: 'POST',
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench-graphql', auto_init: true, description: 'GraphQL benchmark' }),
  });
  if (created.status !== 201) throw new Error(`POST /user/repos: ${created.status}`);
  progress('opening 50 issues by two authors…');
  const other = await local.services.accounts.create('bench-author', 'User');
  const otherToken = (await local.services.tokens.create(other.id, 'personal', ['repo', 'user'])).token;
  const issuePage = await seedGraphqlIssues(wharf.baseUrl, [token, otherToken], 'bench-viewer', 'bench-graphql');
  progress('opening a pull request with 50 reviews of 2 comments each…');
  const reviewPage = await seedGraphqlReviews(
    wharf.baseUrl,
    sql,
    token,
    [viewer.id, other.id],
    'bench-viewer',
    'bench-graphql',
  );

  const queries: Query[] = [
    {
      name: `nodes(ids:) with ${ids.length} mixed ids`,
      body: JSON.stringify({ query: NODES_QUERY, variables: { ids } }),
    },
    {
      name: 'repository(owner:, name:)',
      body: JSON.stringify({ query: REPOSITORY_QUERY, variables: { owner: 'bench-viewer', name: 'bench-graphql' } }),
    },
    // defaultBranchRef runs `git show-ref` per request: this shows what the subprocess costs.
    {
      name: 'repository(owner:, name:) without defaultBranchRef',
      body: JSON.stringify({
        query: REPOSITORY_QUERY.replace(' defaultBranchRef { id name prefix }', ''),
        variables: { owner: 'bench-viewer', name: 'bench-graphql' },
      }),
    },
    { name: 'repository { issues(first: 50) } with authors, labels', body: issuePage.request },
    // Not cacheable (graphql-reviews-target.ts): each request executes, some 40 ms of CPU under load.
    {
      name: 'pullRequest { reviews(first: 50) } with comments, authors',
      body: reviewPage.request,
      connections: REVIEW_PAGE_CONNECTIONS,
    },
  ];
  const results = [];
  // BENCH_GRAPHQL_ONLY=<text>: only the queries whose name contains it (`issues`, `reviews`: with their bare server and verdict).
  const only = process.env.BENCH_GRAPHQL_ONLY;
  for (const query of queries.filter((q) => !only || q.name.includes(only))) {
    const sqlPerRequest = await countStatements(local, statements, token, query);
    progress(
      `${query.name}: ${sqlPerRequest.median} SQL statements per request; warm-up 2 s, then ${durationS} s with ${query.connections ?? 64} connections…`,
    );
    const measured = await load(wharf, token, query);
    if (measured.unexpectedStatus > 0 || measured.errors > 0)
      throw new Error(
        `${query.name}: ${measured.unexpectedStatus} unexpected statuses, ${measured.errors} errors under load`,
      );
    results.push({
      ...measured,
      connections: query.connections ?? 64,
      sqlPerRequest,
      serverCpuMicrosPerRequest: cpuMicrosPerRequest(measured),
    });
  }
  // Each page that ran against a bare server answering its body, one after the other (never two loads at once).
  const pages = [
    {
      query: 'issues(first: 50)',
      label: 'issue page',
      page: issuePage,
      verdict: graphqlIssuesVerdict,
      key: 'graphqlIssues' as const,
      connections: 64,
    },
    {
      query: 'reviews(first: 50)',
      label: 'review page',
      page: reviewPage,
      verdict: graphqlReviewsVerdict,
      key: 'graphqlReviews' as const,
      connections: REVIEW_PAGE_CONNECTIONS,
    },
  ];
  const verdicts: Record<string, { line: string; ratio: number; met: boolean }> = {};
  const bareResults: Record<string, TargetResult> = {};
  for (const { query, label, page, verdict, key, connections } of pages) {
    const ran = results.find((r) => r.name.includes(query));
    if (!ran) continue;
    progress(
      `bare node:http with the GraphQL ${label} body: warm-up 2 s, then ${durationS} s with ${connections} connections…`,
    );
    bare = await startBare(page.body, page.contentType);
    bareResults[key] = await measure(
      {
        name: `bare node:http (GraphQL ${label} body)`,
        url: bare.url,
        headers: {},
        expectStatus: 200,
        pid: bare.child.pid,
      },
      { connections, durationS, warmupS: 2, pipelining: 1 },
    );
    await bare.stop();
    bare = undefined;
    verdicts[key] = verdict(bareResults[key]!, ran, ran.sqlPerRequest.median);
  }
  const lines = results.map(
    (r) =>
      `${r.name.padEnd(50)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(r.latencyMs.p50).padStart(4)} ms  p99 ${String(r.latencyMs.p99).padStart(5)} ms  ` +
      `server CPU ${r.serverCpuMicrosPerRequest.toFixed(0)} µs/req  SQL statements/request ${r.sqlPerRequest.median} (min ${r.sqlPerRequest.min}, max ${r.sqlPerRequest.max}; first request ${r.sqlPerRequest.first})  CPU other ${r.otherCpuPercent.toFixed(0)}%`,
  );
  for (const bareResult of Object.values(bareResults))
    lines.push(`${bareResult.name.padEnd(50)} ${bareResult.requestsPerSecond.toFixed(0).padStart(6)} req/s`);
  lines.push('', ...Object.values(verdicts).map((v) => v.line));
  process.stdout.write(
    [
      '',
      ...lines,
      '',
      `note: 1-minute load average before the run: ${loadBefore.toFixed(2)} on ${cpus().length} CPUs; caller: an ordinary user with a personal token (repo, user).`,
      '',
    ].join('\n'),
  );
  await mkdir(join(RESULTS_FILE, '..'), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        loadAverage1mBefore: loadBefore,
        durationS,
        connections: 64,
        results,
        bareIssuePage: bareResults.graphqlIssues,
        bareReviewPage: bareResults.graphqlReviews,
        ...verdicts,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`results written to ${RESULTS_FILE}\n`);
  exitCode = 0;
} catch (error) {
  process.stderr.write(`bench:graphql: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await local?.close();
  await sql?.end({ timeout: 5 });
  await wharf?.stop();
  await bare?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
