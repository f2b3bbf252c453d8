// `npm run bench`: Wharf's REST hot path against a bare node:http server that
// returns the same body, on the same machine, in one run.
//
//   1. start `wharf serve` on a fresh temp data dir (embedded PostgreSQL) and
//      create admin/bench-repo;
//   2. fetch GET /repos/admin/bench-repo once and start bare-server.ts with
//      exactly those body bytes and that content-type, and h3-floor-server.ts
//      (minimal h3 app) with those body bytes and all of those headers;
//   3. for bare, h3 floor, Wharf authenticated GET, Wharf unauthenticated 404,
//      GET …/issues?per_page=30 against a bare server with its body, and
//      GET …/pulls/{n} (bench/pull-target.ts):
//      warm up, then autocannon (64 connections, BENCH_DURATION_S seconds,
//      default 10);
//   4. print req/s, p50/p99 latency, peak RSS, the ratios ours/bare and the
//      ratios through the h3 floor (h3 floor/bare bounds what ours/bare can
//      reach), and write them to bench/results/latest.json.
//
// Missed targets are reported, not failed on. The exit status is non-zero
// only when the benchmark itself went wrong (a server did not start, a run
// saw errors or a status other than the expected one).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDurationS } from './bench-duration.js';
import { commitsSummary, commitsTarget } from './commits-target.js';
import { contentsSummary, prepareContentsTarget } from './contents-target.js';
import { markdownRenderLine, measureMarkdownRender } from './markdown-render-cost.js';
import { measure, type LoadSettings, type Target, type TargetResult } from './load.js';
import { pullSummary, pullTarget } from './pull-target.js';
import { expectStatus, gitState, problemsOf, responseHeaders } from './run-checks.js';
import { issueTargets, issueVerdict, seedIssues } from './issue-list-target.js';
import { disturbances, ratios, summary, table, TARGETS, verdicts } from './report.js';
import { startBare, startH3Floor, type BareServer } from './spawn-bare.js';
import { BENCH_RATE_LIMIT, startWharf, type WharfServer } from './spawn-wharf.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/latest.json', import.meta.url));
const REPO_NAME = 'bench-repo';

const settings: LoadSettings = { connections: 64, durationS: benchDurationS(), warmupS: 2, pipelining: 1 };

let wharf: WharfServer | undefined;
let bare: BareServer | undefined;
let h3Floor: BareServer | undefined;
let bareIssues: BareServer | undefined;
let dataDir: string | undefined;
let cleaning: Promise<void> | undefined;

/** Stops all servers (Wharf waits for its PostgreSQL) and removes the data dir. Idempotent. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.allSettled([bare?.stop(), h3Floor?.stop(), bareIssues?.stop(), wharf?.stop()]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping servers…\n`);
    void cleanup().finally(() => process.exit(130));
  });
}

const progress = (message: string) => process.stderr.write(`bench: ${message}\n`);

async function main(): Promise<number> {
  // Other work on the machine skews every number; record how busy it was.
  const loadBefore = loadavg()[0]!;
  dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-'));
  progress(`starting wharf (embedded PostgreSQL in ${dataDir})…`);
  wharf = await startWharf(dataDir);
  const auth = { authorization: `token ${wharf.token}` };

  const user = JSON.parse(
    (await expectStatus(await fetch(`${wharf.baseUrl}/user`, { headers: auth }), 200, 'GET /user')).toString('utf8'),
  ) as { login: string };
  await expectStatus(
    await fetch(`${wharf.baseUrl}/user/repos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: REPO_NAME }),
    }),
    201,
    'POST /user/repos',
  );
  const repoPath = `/repos/${user.login}/${REPO_NAME}`;
  // Before the repository's body is copied: the file's commit moves its pushed_at.
  const contentsTarget = await prepareContentsTarget(wharf.baseUrl, auth, repoPath, wharf.child.pid!);
  const repoResponse = await fetch(`${wharf.baseUrl}${repoPath}`, { headers: auth });
  const body = await expectStatus(repoResponse, 200, `GET ${repoPath}`);
  const contentType = repoResponse.headers.get('content-type');
  if (!contentType) throw new Error(`GET ${repoPath} has no content-type`);
  const wharfHeaders = responseHeaders(repoResponse);
  await expectStatus(await fetch(`${wharf.baseUrl}/repos/nobody/nothing`), 404, 'GET /repos/nobody/nothing');

  progress(`starting bare node:http server (${body.length}-byte body, ${contentType})…`);
  bare = await startBare(body, contentType);
  const bareResponse = await fetch(bare.url);
  const bareBody = await expectStatus(bareResponse, 200, 'bare server');
  if (!bareBody.equals(body) || bareResponse.headers.get('content-type') !== contentType) {
    throw new Error('bare server does not return the same body and content-type as wharf');
  }

  progress(`starting h3 floor server (same body, wharf's ${wharfHeaders.length} headers)…`);
  h3Floor = await startH3Floor(body, wharfHeaders);
  const h3Response = await fetch(h3Floor.url);
  const h3Body = await expectStatus(h3Response, 200, 'h3 floor server');
  if (!h3Body.equals(body) || JSON.stringify(responseHeaders(h3Response)) !== JSON.stringify(wharfHeaders)) {
    throw new Error(
      `h3 floor server does not return the same body and headers as wharf:\n  wharf: ${JSON.stringify(wharfHeaders)}\n  h3:    ${JSON.stringify(responseHeaders(h3Response))}`,
    );
  }

  progress('opening 30 issues; starting a bare server with the issue list body…');
  const issues = await seedIssues(wharf.baseUrl, auth, repoPath, user.login);
  bareIssues = await startBare(issues.body, issues.contentType);
  const [bareIssuesTarget, wharfIssuesTarget] = issueTargets(
    { url: bareIssues.url, pid: bareIssues.child.pid },
    { baseUrl: wharf.baseUrl, pid: wharf.child.pid },
    issues.path,
    auth,
  );

  progress('pushing 40 commits for the commit list target…');
  const commitsListTarget = await commitsTarget(wharf, user.login);

  progress('opening a pull request for the pull request target…');
  const pullGetTarget = await pullTarget(wharf, user.login);

  const targets: [Target, Target, Target, Target, Target, Target, Target, Target, Target] = [
    { name: 'bare node:http', url: bare.url, headers: {}, expectStatus: 200, pid: bare.child.pid },
    {
      name: 'h3 floor (h3 + srvx, wharf headers)',
      url: h3Floor.url,
      headers: {},
      expectStatus: 200,
      pid: h3Floor.child.pid,
    },
    {
      name: `wharf GET ${repoPath} (token)`,
      url: `${wharf.baseUrl}${repoPath}`,
      headers: auth,
      expectStatus: 200,
      pid: wharf.child.pid,
    },
    {
      name: 'wharf GET /repos/nobody/nothing (no token, 404)',
      url: `${wharf.baseUrl}/repos/nobody/nothing`,
      headers: {},
      expectStatus: 404,
      pid: wharf.child.pid,
    },
    bareIssuesTarget,
    wharfIssuesTarget,
    commitsListTarget,
    contentsTarget,
    pullGetTarget,
  ];
  const results: TargetResult[] = [];
  for (const target of targets) {
    if (cleaning) throw new Error('interrupted');
    progress(
      `${target.name}: warm-up ${settings.warmupS} s, then ${settings.durationS} s with ${settings.connections} connections…`,
    );
    results.push(await measure(target, settings));
  }
  if (cleaning) throw new Error('interrupted');
  progress('rendering a 100 KB Markdown document…');
  const markdown = await measureMarkdownRender(
    wharf.baseUrl,
    auth,
    `${user.login}/${REPO_NAME}`,
    user.login,
    wharf.child.pid!,
  );
  const [
    bareResult,
    h3FloorResult,
    authResult,
    notFoundResult,
    bareIssuesResult,
    issuesResult,
    commitsResult,
    contentsResult,
    pullResult,
  ] = results as [
    TargetResult,
    TargetResult,
    TargetResult,
    TargetResult,
    TargetResult,
    TargetResult,
    TargetResult,
    TargetResult,
    TargetResult,
  ];
  const issueList = issueVerdict(bareIssuesResult, issuesResult);
  const commits = commitsSummary(bareResult, commitsResult);
  const r = ratios(bareResult, h3FloorResult, authResult, notFoundResult);
  const v = verdicts(r, authResult);
  const contents = contentsSummary(bareResult, contentsResult);
  const pull = pullSummary(bareResult, pullResult);
  const problems = [
    ...results.flatMap((result, i) => problemsOf(result, targets[i]!.expectStatus)),
    ...problemsOf(contentsResult, 200),
  ];

  const notes = [
    `autocannon: ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.durationS} s per target after a ${settings.warmupS} s warm-up; load generator in this process on the same ${cpus().length}-CPU machine.`,
    `1-minute load average before the run: ${loadBefore.toFixed(2)} (other processes on the machine compete for the same ${cpus().length} CPUs).`,
    `rate limits raised to ${BENCH_RATE_LIMIT} (authenticated and unauthenticated) so the runs measure the request hot path, not 429s.`,
    `bare server returns the same ${body.length} body bytes and content-type; response headers differ (wharf adds its API headers).`,
    `h3 floor: a one-route h3 app behind node:http like \`wharf serve\`, returning an srvx FastResponse with the same body bytes and wharf's ${wharfHeaders.length} response headers (copied once, static); no auth, cache or database. h3 floor/bare is what the framework stack and header set cost, the ceiling for ours/bare; authenticated GET/h3 floor is wharf's own work.`,
    "peak RSS: the server's own Node process (VmRSS sampled every 200 ms); wharf's embedded PostgreSQL runs in separate processes and is not included.",
    'CPU: percent of one core during the measured run (200% = both cores). "children": wharf\'s embedded PostgreSQL; "bench": this process (autocannon); "other": the rest of the machine. A high "other" means the run was disturbed. "server CPU µs/req": CPU time of the server process per response, steadier across runs than req/s.',
  ];
  const warnings = disturbances(results);
  const issueLine = `issue list (GET ${issues.path}, ${issues.body.length} bytes): ${issueList.actual.toFixed(3)}× its bare server (target ≥ ${issueList.target}×: ${issueList.met ? 'met' : 'MISSED'})`;
  process.stdout.write(
    [
      '',
      table(results),
      '',
      summary(r, v),
      issueLine,
      commits.line,
      contents.line,
      pull.line,
      markdownRenderLine(markdown),
      '',
      ...warnings,
      ...notes.map((n) => `note: ${n}`),
      '',
    ].join('\n'),
  );

  const git = gitState();
  await mkdir(join(RESULTS_FILE, '..'), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? null,
        loadAverage1mBefore: loadBefore,
        git,
        settings,
        rateLimit: BENCH_RATE_LIMIT,
        bodyBytes: body.length,
        contentType,
        h3FloorHeaders: wharfHeaders,
        results: {
          bare: bareResult,
          h3Floor: h3FloorResult,
          authenticatedGet: authResult,
          unauthenticated404: notFoundResult,
          markdownRender: markdown,
          bareIssueList: bareIssuesResult,
          issueList: issuesResult,
          commitsList: commitsResult,
          contentsGet: contentsResult,
          pullGet: pullResult,
        },
        issueList,
        ratios: { ...r, commitsList: commits.ratio, contentsGet: contents.ratio, pullGet: pull.ratio },
        targets: TARGETS,
        verdicts: v,
        problems,
        warnings,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`results written to ${RESULTS_FILE}\n`);

  if (problems.length > 0) {
    process.stderr.write(`bench: the run is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    return 1;
  }
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  progress('stopping servers…');
  await cleanup();
}
process.exit(exitCode);
