// `npm run bench:git` (issue 14), against a fresh `wharf serve` (embedded
// PostgreSQL) in one run:
// - push of 1,000 commits over HTTP, timed from `git push` until the push
//   delivery reaches a webhook receiver on 127.0.0.1 (median of 5; target ≤ 2 s);
// - clone of a 10,000-file repository over HTTP against `git clone --no-local
//   file://…` of the same bare repository (median of 5 each, alternating which goes first; target: Wharf
//   at ≥ 0.8× the file clone's speed);
// - Wharf's own RSS (git's processes apart) during a 200 MB push (target:
//   growth ≤ 50 MB), and during a clone of it;
// - push to an open pull request's head until its `pull_request` synchronize
//   delivery (p50 and p95 of BENCH_GIT_SYNC_PUSHES, default 20; target p50 ≤ 1 s).
// Prints a table; JSON to bench/results/git-latest.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebhookReceiver } from '../server/test-support/webhook-receiver.js';
import { REPO_ROOT } from './child-process.js';
import { git, writeBigBlobs, writeCommits, writeManyFiles } from './git-fixtures.js';
import { measureSynchronize } from './pull-synchronize.js';
import { CLOCK_TICKS_PER_SECOND, readCpuTicks, readRssBytes } from './proc.js';
import { sampleRss } from './rss-sampler.js';
import { BENCH_RATE_LIMIT, startWharf } from './spawn-wharf.js';
import { median } from './timed-command.js';

const PUSH_COMMITS = Number(process.env.BENCH_GIT_COMMITS ?? 1000);
const CLONE_FILES = Number(process.env.BENCH_GIT_FILES ?? 10_000);
const BIG_MB = Number(process.env.BENCH_GIT_PUSH_MB ?? 200);
const SYNC_PUSHES = Number(process.env.BENCH_GIT_SYNC_PUSHES ?? 20);

const since = (start: number) => Math.round(performance.now() - start);

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'wharf-bench-git-'));
  Object.assign(process.env, {
    WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
    WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
    WHARF_RATE_LIMIT_GIT_AUTHENTICATED: String(BENCH_RATE_LIMIT),
    WHARF_RATE_LIMIT_GIT_UNAUTHENTICATED: String(BENCH_RATE_LIMIT),
  });
  // Its own temporary directory, as bench:data does (the embedded PostgreSQL takes it over).
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-git-data-'));
  const wharf = await startWharf(dataDir);
  const receiver = await startWebhookReceiver();
  try {
    const api = (path: string, body: unknown) =>
      fetch(`${wharf.baseUrl}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { authorization: `token ${wharf.token}`, 'content-type': 'application/json' },
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));
    const created = async (name: string) => {
      const repo = await api('/user/repos', { name, auto_init: true });
      if (repo.status !== 201) throw new Error(`create ${name}: ${repo.status}`);
      return repo.body as { id: number; clone_url: string; full_name: string };
    };
    const withToken = (url: string) => url.replace('://', `://x-access-token:${wharf.token}@`);

    // 1. Push of 1,000 commits until the delivery arrives.
    const pushed = await created('pushed');
    await api(`/repos/${pushed.full_name}/hooks`, { config: { url: receiver.url }, events: ['push'] });
    const work = join(root, 'work');
    await git(['clone', '--quiet', withToken(pushed.clone_url), work], root);
    const pushMs: number[] = [];
    for (let run = 1; run <= 5; run++) {
      await writeCommits(work, `run${run}`, 'refs/remotes/origin/main', PUSH_COMMITS, `run${run}`);
      const start = performance.now();
      const seen = receiver.received.length;
      await git(['push', '--quiet', 'origin', `run${run}`], work);
      for (;;) {
        const hit = receiver.received
          .slice(seen)
          .find((r) => r.headers['x-github-event'] === 'push' && r.body.includes(`refs/heads/run${run}`));
        if (hit) break;
        await receiver.waitFor(receiver.received.length + 1, 30_000);
      }
      pushMs.push(since(start));
    }

    // 2. Clone of a 10,000-file repository: Wharf over HTTP against a file:// clone of the same bare repository.
    const big = await created('many-files');
    const seed = join(root, 'seed');
    await git(['clone', '--quiet', withToken(big.clone_url), seed], root);
    await writeManyFiles(seed, 'main', CLONE_FILES);
    await git(['push', '--quiet', '--force', 'origin', 'main'], seed);
    const bare = join(dataDir, 'repositories', `${big.id}.git`);
    const cloneMs: { http: number[]; file: number[] } = { http: [], file: [] };
    for (let run = 0; run < 5; run++) {
      const pair = [
        ['http', withToken(big.clone_url)],
        ['file', `file://${bare}`],
      ] as const;
      // Alternating which goes first, so neither always meets a warmer page cache.
      for (const [kind, source] of run % 2 ? [...pair].reverse() : pair) {
        const target = join(root, `clone-${kind}-${run}`);
        const start = performance.now();
        await git(['clone', '--quiet', '--no-local', source, target], root);
        cloneMs[kind].push(since(start));
        await rm(target, { recursive: true, force: true });
      }
    }

    // 3. Wharf's RSS during a 200 MB push.
    const files = Math.max(1, Math.round(BIG_MB / 10));
    await writeBigBlobs(work, 'big', 'refs/remotes/origin/main', files, 10 * 1024 * 1024);
    const pid = wharf.child.process.pid!;
    const rssBefore = (await readRssBytes(pid)) ?? 0;
    const cpuBefore = (await readCpuTicks(pid)) ?? 0;
    const sampler = sampleRss(pid, 50);
    const bigStart = performance.now();
    await git(['push', '--quiet', 'origin', 'big'], work);
    const bigPushMs = since(bigStart);
    const rssPeak = await sampler.stop();
    const wharfCpuS = Math.round(((((await readCpuTicks(pid)) ?? 0) - cpuBefore) / CLOCK_TICKS_PER_SECOND) * 100) / 100;

    // 3b. Push to a pull request's head until its `synchronize` delivery (issue 17).
    const synced = await created('synced');
    const sync = await measureSynchronize(
      { api, receiver, cloneUrl: withToken(synced.clone_url), fullName: synced.full_name, root },
      SYNC_PUSHES,
    );

    // 4. And back: a clone of that branch, 200 MB out through Wharf.
    const cloneRssBefore = (await readRssBytes(pid)) ?? 0;
    const cloneSampler = sampleRss(pid, 50);
    const bigCloneStart = performance.now();
    await git(
      [
        'clone',
        '--quiet',
        '--bare',
        '--single-branch',
        '--branch',
        'big',
        withToken(pushed.clone_url),
        join(root, 'big-clone'),
      ],
      root,
    );
    const bigCloneMs = since(bigCloneStart);
    const cloneRssPeak = await cloneSampler.stop();

    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    const result = {
      at: new Date().toISOString(),
      push: { commits: PUSH_COMMITS, runsMs: pushMs, medianMs: median(pushMs), targetMs: 2000 },
      clone: {
        files: CLONE_FILES,
        httpMs: cloneMs.http,
        fileMs: cloneMs.file,
        medianHttpMs: median(cloneMs.http),
        medianFileMs: median(cloneMs.file),
        speedRatio: Math.round((median(cloneMs.file) / median(cloneMs.http)) * 100) / 100,
        target: 0.8,
      },
      bigPush: {
        megabytes: files * 10,
        ms: bigPushMs,
        wharfRssBeforeMb: mb(rssBefore),
        wharfRssPeakMb: mb(rssPeak),
        growthMb: mb(rssPeak - rssBefore),
        targetGrowthMb: 50,
        wharfCpuS,
      },
      synchronize: sync,
      bigClone: {
        ms: bigCloneMs,
        wharfRssBeforeMb: mb(cloneRssBefore),
        wharfRssPeakMb: mb(cloneRssPeak),
        growthMb: mb(cloneRssPeak - cloneRssBefore),
      },
      note: 'Wharf process only (git and PostgreSQL are other processes); the machine is shared, so times are noisy',
    };
    console.log(
      `push of ${PUSH_COMMITS} commits → delivery: median ${result.push.medianMs} ms (runs ${pushMs.join(', ')}; target ≤ 2000)`,
    );
    console.log(
      `clone of ${CLONE_FILES} files: http ${result.clone.medianHttpMs} ms, file:// ${result.clone.medianFileMs} ms → ${result.clone.speedRatio}× (target ≥ 0.8)`,
    );
    console.log(
      `${files * 10} MB push in ${bigPushMs} ms: Wharf RSS ${result.bigPush.wharfRssBeforeMb} → peak ${result.bigPush.wharfRssPeakMb} MB (growth ${result.bigPush.growthMb} MB; target ≤ 50), Wharf CPU ${wharfCpuS} s`,
    );
    console.log(
      `clone of that push (${files * 10} MB) in ${bigCloneMs} ms: Wharf RSS ${result.bigClone.wharfRssBeforeMb} → peak ${result.bigClone.wharfRssPeakMb} MB (growth ${result.bigClone.growthMb} MB)`,
    );
    console.log(
      `push to a pull request's head → synchronize delivery (${sync.pushes} pushes): p50 ${sync.p50Ms} ms, p95 ${sync.p95Ms} ms (target p50 ≤ ${sync.targetP50Ms}: ${sync.met ? 'met' : 'MISSED'})`,
    );
    await mkdir(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    await writeFile(join(REPO_ROOT, 'bench', 'results', 'git-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await receiver.close();
    await wharf.stop();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
