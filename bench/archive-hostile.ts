// `npm run bench:archives` (issue 32, finding 6): what one download of a
// signed archive URL costs the server, against a fresh `wharf serve` (embedded
// PostgreSQL) in its own process. CPU is the server's own plus that of the git
// processes it ran and waited for (cutime/cstime in /proc/<pid>/stat;
// PostgreSQL's backends are not counted), per download, for:
// - the hostile tree: 20 entries at each of 4 levels naming the tree below,
//   160,000 files from one blob and four trees (made through the git data API);
// - an ordinary tree under the caps: 20 × 3 levels, 8,000 files.
// Each URL is downloaded BENCH_ARCHIVE_ROUNDS times (default 3): the first
// download makes the archive, the others show whether it is made again.
// BENCH_ENTRY runs another checkout's bin/wharf.mjs (its dist/ built), e.g.
// the code before the fix: `git worktree add /tmp/arch-before c9b0f60`.
// Prints numbers (not a test); JSON to bench/results/archive-hostile-latest.json.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRepeatedTree, type JsonCall } from '../server/test-support/repeated-tree.js';
import { REPO_ROOT } from './child-process.js';
import { CLOCK_TICKS_PER_SECOND, readCpuTicksWithChildren } from './proc.js';
import { startWharf, type WharfServer } from './spawn-wharf.js';

const ROUNDS = Number(process.env.BENCH_ARCHIVE_ROUNDS ?? 3);
const ENTRY = process.env.BENCH_ENTRY ?? 'bin/wharf.mjs';

interface Download {
  status: number;
  bytes: number;
  cpuSeconds: number;
  seconds: number;
}

async function measuredDownload(wharf: WharfServer, url: string): Promise<Download> {
  const pid = wharf.child.process.pid!;
  const before = (await readCpuTicksWithChildren(pid)) ?? 0;
  const start = performance.now();
  const res = await fetch(url);
  const bytes = (await res.arrayBuffer()).byteLength;
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = (((await readCpuTicksWithChildren(pid)) ?? 0) - before) / CLOCK_TICKS_PER_SECOND;
  return { status: res.status, bytes, cpuSeconds, seconds };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-archives-'));
  const wharf = await startWharf(dataDir, 120_000, [], ENTRY);
  const results: Record<string, Download[]> = {};
  try {
    const call: JsonCall = async (path, method, body, expected) => {
      const res = await fetch(wharf.baseUrl + path, {
        method,
        body: JSON.stringify(body),
        headers: {
          authorization: `token ${wharf.token}`,
          'content-type': 'application/json',
          accept: 'application/vnd.github+json',
        },
      });
      if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ sha: string }>;
    };
    const owner = ((await call('/user', 'GET', undefined, 200)) as unknown as { login: string }).login;
    const trees = { hostile: { width: 20, depth: 4 }, ordinary: { width: 20, depth: 3 } };
    for (const [name, shape] of Object.entries(trees)) {
      await call('/user/repos', 'POST', { name, auto_init: true }, 201);
      const { files } = await buildRepeatedTree(call, `${owner}/${name}`, { ...shape, content: 'x\n', branch: 'main' });
      const redirect = await fetch(`${wharf.baseUrl}/repos/${owner}/${name}/tarball/main`, {
        headers: { authorization: `token ${wharf.token}` },
        redirect: 'manual',
      });
      const url = redirect.headers.get('location');
      if (redirect.status !== 302 || !url) throw new Error(`tarball link: ${redirect.status}`);
      results[name] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const download = await measuredDownload(wharf, url);
        results[name]!.push(download);
        console.error(
          `${name} (${files} files) download ${round}: ${download.status}, ${download.bytes} bytes, ${download.cpuSeconds.toFixed(2)} s CPU, ${download.seconds.toFixed(2)} s`,
        );
      }
    }
  } finally {
    await wharf.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const report = { entry: ENTRY, rounds: ROUNDS, results };
  console.log(JSON.stringify(report, null, 2));
  await writeFile(join(REPO_ROOT, 'bench/results/archive-hostile-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
}

await main();
