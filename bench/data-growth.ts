// `npm run bench:data`: what grows with the number of repositories (issue 13).
// For each size (DATA_SIZES, default 100 and 10000): a fresh `wharf serve`,
// the site admin given that many repositories, then a restart timed to
// /readyz while a counting `git` on PATH tallies the git processes it spawns,
// then sequential latencies of GET /repos/{o}/{r} (cold and warm) and of
// /user/repos at page 1 and at the last page, and the plans of the queries
// behind them. Prints a table; JSON to bench/results/data-growth-latest.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectEmbedded, countingGit, seedRepositories } from './data-seed.js';
import { explain, gitSettled, latencies, startTimed, type Latency, type Plan } from './data-probes.js';
import { DATA_QUERIES } from './data-queries.js';
import { startWharf } from './spawn-wharf.js';
import { REPO_ROOT } from './child-process.js';

const sizes = (process.env.DATA_SIZES ?? '100,10000').split(',').map(Number);
const label = process.env.DATA_LABEL ?? 'current';
const PER_PAGE = 30;

interface SizeResult {
  repositories: number;
  seedMs: number;
  /** The faster of two starts (the machine is shared: one start alone is noisy). */
  startToReadyMs: number;
  startsToReadyMs: number[];
  gitProcessesAtStart: number;
  lastGitProcessAfterStartMs: number;
  latencyMs: Record<string, Latency>;
  plans: Plan[];
}

async function measure(size: number): Promise<SizeResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-data-'));
  try {
    const first = await startWharf(dataDir);
    const login = (await (
      await fetch(`${first.baseUrl}/user`, { headers: { authorization: `token ${first.token}` } })
    ).json()) as { login: string; id: number };
    const sql = await connectEmbedded(dataDir);
    const seedStarted = performance.now();
    const ids = await seedRepositories(sql, dataDir, login.id, size);
    const seedMs = Math.round(performance.now() - seedStarted);
    const lastPage = Math.ceil(size / PER_PAGE);
    const midPage = Math.ceil(lastPage / 2);
    const plans: Plan[] = [];
    const params = {
      ownerId: login.id,
      login: login.login,
      repositoryId: ids[Math.floor(ids.length / 2)]!,
      name: `repo-${String(Math.ceil(size / 2)).padStart(5, '0')}`,
      offset: (lastPage - 1) * PER_PAGE,
      total: size,
    };
    for (const q of DATA_QUERIES) plans.push(await explain(sql, q.name, q.text, q.params(params)));
    await sql.end();
    await first.stop();

    const gitDir = join(dataDir, 'counting-git');
    const gitLog = join(dataDir, 'git-runs.log');
    await countingGit(gitDir, gitLog);
    const spawnedAt = performance.now();
    const server = await startTimed(dataDir, { PATH: `${gitDir}:${process.env.PATH}` });
    try {
      const git = await gitSettled(gitLog, spawnedAt);
      const token = first.token;
      const repoPath = (n: number) => `/repos/${login.login}/repo-${String(n).padStart(5, '0')}`;
      const sample = Array.from(
        { length: Math.min(200, size) },
        (_, i) => 1 + Math.floor((i * size) / Math.min(200, size)),
      );
      const repeat = (path: string, n: number) => Array.from({ length: n }, () => path);
      const latencyMs: Record<string, Latency> = {
        'GET /repos/{o}/{r} cold': await latencies(server.baseUrl, token, sample.map(repoPath)),
        'GET /repos/{o}/{r} warm': await latencies(server.baseUrl, token, repeat(repoPath(sample[0]!), 300)),
        'GET /user/repos page 1': await latencies(
          server.baseUrl,
          token,
          repeat(`/user/repos?per_page=${PER_PAGE}`, 50),
        ),
        [`GET /user/repos page ${midPage}`]: await latencies(
          server.baseUrl,
          token,
          repeat(`/user/repos?per_page=${PER_PAGE}&page=${midPage}`, 50),
        ),
        [`GET /user/repos page ${lastPage}`]: await latencies(
          server.baseUrl,
          token,
          repeat(`/user/repos?per_page=${PER_PAGE}&page=${lastPage}`, 50),
        ),
        'GET /user/repos?sort=updated page 1': await latencies(
          server.baseUrl,
          token,
          repeat(`/user/repos?per_page=${PER_PAGE}&sort=updated`, 50),
        ),
        [`GET /user/repos?sort=updated page ${lastPage}`]: await latencies(
          server.baseUrl,
          token,
          repeat(`/user/repos?per_page=${PER_PAGE}&sort=updated&page=${lastPage}`, 50),
        ),
      };
      await server.stop();
      const again = await startTimed(dataDir, {});
      await again.stop();
      const starts = [server.readyMs, again.readyMs].map(Math.round);
      return {
        repositories: size,
        seedMs,
        startToReadyMs: Math.min(...starts),
        startsToReadyMs: starts,
        gitProcessesAtStart: git.count,
        lastGitProcessAfterStartMs: git.lastAtMs,
        latencyMs,
        plans,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results: SizeResult[] = [];
for (const size of sizes) {
  console.error(`measuring with ${size} repositories…`);
  results.push(await measure(size));
}

for (const r of results) {
  console.log(`\n${r.repositories} repositories (seeded in ${r.seedMs} ms)`);
  console.log(
    `  start to /readyz:            ${r.startToReadyMs} ms (best of ${(r.startsToReadyMs ?? []).join(', ')})`,
  );
  console.log(
    `  git processes at start:      ${r.gitProcessesAtStart} (last ${r.lastGitProcessAfterStartMs} ms after spawn)`,
  );
  for (const [name, l] of Object.entries(r.latencyMs))
    console.log(`  ${name.padEnd(42)} p50 ${l.p50} ms  p99 ${l.p99} ms  (${l.n}× ${JSON.stringify(l.statuses)})`);
  for (const p of r.plans)
    console.log(
      `  plan ${p.query.padEnd(36)} ${p.executionMs} ms  ${p.seqScans.length ? `SEQ SCAN ${p.seqScans.join(', ')}` : 'no seq scan'}`,
    );
}
if (results.length >= 2) {
  const [small, large] = [results[0]!, results.at(-1)!];
  console.log(
    `\nstart-up ${large.repositories}/${small.repositories}: ${(large.startToReadyMs / small.startToReadyMs).toFixed(2)}×; git processes ${small.gitProcessesAtStart} → ${large.gitProcessesAtStart}`,
  );
}
const out = join(REPO_ROOT, 'bench', 'results');
await mkdir(out, { recursive: true });
const json = JSON.stringify({ label, at: new Date().toISOString(), perPage: PER_PAGE, results }, null, 2);
await writeFile(join(out, 'data-growth-latest.json'), `${json}\n`);
if (process.env.DATA_SAVE_AS) await writeFile(join(out, `data-growth-${process.env.DATA_SAVE_AS}.json`), `${json}\n`);
