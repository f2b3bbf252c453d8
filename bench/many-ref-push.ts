// `npm run bench:push-refs` (issue 32, findings 4 and 5), against a fresh
// `wharf serve` (embedded PostgreSQL):
// - a `git push` over HTTP creating N new branches at an existing commit
//   (BENCH_PUSH_REFS, default "1000,3000"), with a contents write
//   (PUT /repos/{o}/{r}/contents/…) started once receive-pack runs, that is
//   while the push holds the repository's ref lock: CPU of Wharf and its git processes, wall time, and
//   how long the write waited (target: under 5 s of CPU for 1,000);
// - a ref created by the REST API at a commit whose tree repeats a subtree
//   20^5 times (3.2 million paths): CPU and wall time of the request, and
//   CPU in the BENCH_IDLE_S seconds after it (the request's own quick retry;
//   the dispatcher and with it the reconciler's sweep are off, so the
//   events' deliveries do not count).
// "Wharf + git" is the server's own user+system time plus that of the
// children it reaped (git, and the hooks git runs); PostgreSQL's processes
// are reported apart. Prints a table; JSON to bench/results/push-refs-latest.json.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from './child-process.js';
import { git } from './git-fixtures.js';
import { CLOCK_TICKS_PER_SECOND, descendantCpuTicks } from './proc.js';
import { startWharf } from './spawn-wharf.js';

const REF_COUNTS = (process.env.BENCH_PUSH_REFS ?? '1000,3000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 60);
/** True once a receive-pack applying a push (not advertising refs) runs: the push then holds its repository's ref lock. */
async function receivePackRunning(): Promise<boolean> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'latin1').catch(() => '');
    if (
      cmdline.includes('receive-pack') &&
      cmdline.includes('--stateless-rpc') &&
      !cmdline.includes('--advertise-refs')
    )
      return true;
  }
  return false;
}

/** utime + stime + cutime + cstime of `pid`: the process and the children it waited for. */
async function ownAndReapedTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
}

async function postgresTicks(pid: number): Promise<number> {
  let sum = 0;
  for (const ticks of (await descendantCpuTicks(pid)).values()) sum += ticks;
  return sum;
}

const seconds = (ticks: number) => Math.round((ticks / CLOCK_TICKS_PER_SECOND) * 100) / 100;

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'wharf-bench-refs-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-refs-data-'));
  // No dispatcher: the events are written (a hook subscribes to them) but not sent, so sending them costs nothing here.
  const wharf = await startWharf(dataDir, 120_000, [], 'bin/wharf.mjs', {
    WHARF_RATE_LIMIT_GIT_AUTHENTICATED: '100000000',
    WHARF_WEBHOOK_DISPATCH: 'off',
  });
  const pid = wharf.child.process.pid!;
  const cpu = async () => ({
    wharf: await ownAndReapedTicks(pid),
    postgres: await postgresTicks(pid),
    client: await ownAndReapedTicks(process.pid),
  });
  const measure = async <T>(run: () => Promise<T>) => {
    const before = await cpu();
    const start = performance.now();
    const value = await run();
    const wallS = Math.round(performance.now() - start) / 1000;
    const after = await cpu();
    return {
      value,
      wallS,
      wharfGitCpuS: seconds(after.wharf - before.wharf),
      postgresCpuS: seconds(after.postgres - before.postgres),
      clientCpuS: seconds(after.client - before.client),
    };
  };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${wharf.baseUrl}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { authorization: `token ${wharf.token}`, 'content-type': 'application/json' },
    });
    const json = (await res.json()) as Record<string, any>;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  try {
    const repo = await api('POST', '/user/repos', { name: 'many-refs', auto_init: true });
    await api('POST', `/repos/${repo.full_name}/hooks`, { config: { url: 'http://127.0.0.1:9/hook' }, events: ['*'] });
    const work = join(root, 'work');
    await git(
      ['clone', '--quiet', (repo.clone_url as string).replace('://', `://x-access-token:${wharf.token}@`), work],
      root,
    );
    const head = await git(['rev-parse', 'HEAD'], work);

    const pushes = [];
    for (const count of REF_COUNTS) {
      await git(['update-ref', '--stdin'], work, [
        Array.from({ length: count }, (_, i) => `create refs/heads/n${count}-${i} ${head}\n`).join(''),
      ]);
      const measured = await measure(async () => {
        const push = git(['push', '--quiet', 'origin', `refs/heads/n${count}-*:refs/heads/n${count}-*`], work);
        let settled = false;
        void push.finally(() => {
          settled = true;
        });
        while (!settled && !(await receivePackRunning())) await sleep(10);
        const writeStart = performance.now();
        // fetch gives up on headers after 300 s: a write that waited that long is reported as "300 s or more".
        const written = await api('PUT', `/repos/${repo.full_name}/contents/during-${count}.txt`, {
          message: `during ${count}`,
          content: Buffer.from(`${count}\n`).toString('base64'),
        }).then(
          () => true,
          (error: unknown) => {
            console.error(`the contents write failed: ${String(error)}`);
            return false;
          },
        );
        const writeS = `${written ? '' : '≥ '}${Math.round(performance.now() - writeStart) / 1000}`;
        await push;
        return writeS;
      });
      const created = (await git(['ls-remote', 'origin', `refs/heads/n${count}-*`], work))
        .split('\n')
        .filter(Boolean).length;
      if (created !== count) throw new Error(`push of ${count} branches created ${created}`);
      const result = {
        refs: count,
        wallS: measured.wallS,
        wharfGitCpuS: measured.wharfGitCpuS,
        postgresCpuS: measured.postgresCpuS,
        clientCpuS: measured.clientCpuS,
        contentsWriteS: measured.value,
      };
      console.log(
        `push of ${count} new branches: ${result.wharfGitCpuS} s CPU (Wharf + git), ${result.postgresCpuS} s PostgreSQL, ${result.clientCpuS} s the git client and this script, ${result.wallS} s wall; a contents write during it took ${result.contentsWriteS} s`,
      );
      pushes.push(result);
    }

    // The 20^5 tree, made with the git data API.
    const base = `/repos/${repo.full_name}`;
    let entry = {
      mode: '100644',
      type: 'blob',
      sha: (await api('POST', `${base}/git/blobs`, { content: 'leaf\n' })).sha as string,
    };
    for (let level = 0; level < 5; level++) {
      const tree = Array.from({ length: 20 }, (_, i) => ({ path: `d${String(i).padStart(2, '0')}`, ...entry }));
      entry = { mode: '040000', type: 'tree', sha: (await api('POST', `${base}/git/trees`, { tree })).sha as string };
    }
    const commit = (
      await api('POST', `${base}/git/commits`, { message: 'Three million paths', tree: entry.sha, parents: [head] })
    ).sha as string;
    const created = await measure(() => api('POST', `${base}/git/refs`, { ref: 'refs/heads/fractal', sha: commit }));
    const idle = await measure(() => sleep(IDLE_S * 1000));
    const fractal = {
      requestWallS: created.wallS,
      requestCpuS: created.wharfGitCpuS,
      idleS: IDLE_S,
      idleCpuS: idle.wharfGitCpuS,
    };
    console.log(
      `ref at a 20^5-path tree: ${fractal.requestCpuS} s CPU, ${fractal.requestWallS} s wall; then ${fractal.idleCpuS} s CPU in ${IDLE_S} s idle`,
    );

    const result = {
      at: new Date().toISOString(),
      pushes,
      fractal,
      note: 'CPU of Wharf and the git processes it ran; the machine is shared, so times are noisy',
    };
    await mkdir(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    await writeFile(
      join(REPO_ROOT, 'bench', 'results', 'push-refs-latest.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    await wharf.stop();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
