// `npm run bench:assets` (issue 19), against a fresh `wharf serve` (embedded
// PostgreSQL) in its own process:
// - upload of BENCH_ASSETS_MB (default 500) MB of random bytes to a release
//   (`/api/uploads/…`) against writing the same bytes to disk (read from the
//   same source file, fsync'd, as the server does), and download of it (API
//   302 → signed URL) against reading the file from disk; MB/s each and the
//   ratio (target ≥ 0.5×); best of BENCH_ASSETS_ROUNDS (default 2), each
//   round alternating which goes first;
// - the server's RSS (VmRSS, sampled every 50 ms) during the uploads: peak
//   minus the RSS just before (target growth ≤ 50 MB), after a 1 KB warm-up
//   upload: the first upload of a process starts the digest worker thread
//   (release-assets/upload-digest.ts), about 10 MB once, printed apart;
// - the server process's CPU time (user + system) per GB moved, least of the
//   rounds: unlike MB/s it hardly moves when other work shares the cores.
// Prints numbers (not a test); JSON to bench/results/assets-latest.json.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './child-process.js';
import { diskRead, diskWrite, httpDownload, httpUpload } from './asset-transfers.js';
import { CLOCK_TICKS_PER_SECOND, readCpuTicks, readRssBytes } from './proc.js';
import { sampleRss } from './rss-sampler.js';
import { startWharf } from './spawn-wharf.js';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_ASSETS_MB ?? 500);
const ROUNDS = Number(process.env.BENCH_ASSETS_ROUNDS ?? 2);
const SIZE = SIZE_MB * MB;

async function writeSource(path: string): Promise<void> {
  const out = createWriteStream(path);
  for (let written = 0; written < SIZE; written += MB) {
    if (!out.write(randomBytes(Math.min(MB, SIZE - written)))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

/** `run`, and the CPU seconds process `pid` spent meanwhile. */
async function cpuOf<T>(pid: number, run: () => Promise<T>): Promise<{ cpuSeconds: number; value: T }> {
  const before = (await readCpuTicks(pid)) ?? 0;
  const value = await run();
  return { cpuSeconds: (((await readCpuTicks(pid)) ?? 0) - before) / CLOCK_TICKS_PER_SECOND, value };
}

const mbps = (ms: number) => SIZE / MB / (ms / 1000);

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'wharf-bench-assets-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-assets-data-'));
  const source = join(root, 'source.bin');
  await writeSource(source);
  const wharf = await startWharf(dataDir, 120_000, [], 'bin/wharf.mjs', { WHARF_MAX_ASSET_BYTES: String(SIZE + MB) });
  const best = { diskWrite: Infinity, upload: Infinity, diskRead: Infinity, download: Infinity };
  const rssGrowth: number[] = [];
  let workerStartMb = 0;
  const serverCpu = { upload: Infinity, download: Infinity };
  try {
    const post = async (path: string, body: unknown) => (await fetch(`${wharf.baseUrl}${path}`, {
      method: 'POST', body: JSON.stringify(body), headers: { authorization: `token ${wharf.token}`, 'content-type': 'application/json' },
    })).json() as Promise<any>;
    const repo = await post('/user/repos', { name: 'assets-bench', auto_init: true });
    const release = await post(`/repos/${repo.full_name}/releases`, { tag_name: 'v1' });
    const warmUp = join(root, 'warm-up.bin');
    await writeFile(warmUp, randomBytes(1024));
    const rssBeforeWarmUp = (await readRssBytes(wharf.child.pid)) ?? 0;
    const warmed = await httpUpload(release.upload_url.replace('{?name,label}', '?name=warm-up.bin'), wharf.token, warmUp);
    if (warmed.status !== 201) throw new Error(`warm-up upload: ${warmed.status}`);
    workerStartMb = (((await readRssBytes(wharf.child.pid)) ?? 0) - rssBeforeWarmUp) / MB;
    for (let round = 1; round <= ROUNDS; round++) {
      const copy = join(root, `copy-${round}.bin`);
      const uploadRun = async () => {
        const before = (await readRssBytes(wharf.child.pid)) ?? 0;
        const sampler = sampleRss(wharf.child.pid, 50);
        const { cpuSeconds, value: { ms, value } } = await cpuOf(wharf.child.pid, () => timed(() => httpUpload(release.upload_url.replace('{?name,label}', `?name=round-${round}.bin`), wharf.token, source)));
        serverCpu.upload = Math.min(serverCpu.upload, cpuSeconds);
        const peak = await sampler.stop();
        if (value.status !== 201 || value.body.size !== SIZE) throw new Error(`upload: ${value.status} ${JSON.stringify(value.body).slice(0, 300)}`);
        rssGrowth.push(Math.max(0, peak - before));
        best.upload = Math.min(best.upload, ms);
        return value.body as { id: number; url: string };
      };
      const writeRun = async () => {
        best.diskWrite = Math.min(best.diskWrite, (await timed(() => diskWrite(source, copy))).ms);
      };
      const asset = round % 2 ? (await writeRun(), await uploadRun()) : await uploadRun().then(async (a) => (await writeRun(), a));
      const downloadRun = async () => {
        const { cpuSeconds, value: { ms, value } } = await cpuOf(wharf.child.pid, () => timed(async () => {
          const redirect = await fetch(asset.url, { redirect: 'manual', headers: { authorization: `token ${wharf.token}`, accept: 'application/octet-stream' } });
          return httpDownload(redirect.headers.get('location')!);
        }));
        serverCpu.download = Math.min(serverCpu.download, cpuSeconds);
        if (value.status !== 200 || value.bytes !== SIZE) throw new Error(`download: ${value.status}, ${value.bytes} bytes`);
        best.download = Math.min(best.download, ms);
      };
      const readRun = async () => {
        const { ms, value } = await timed(() => diskRead(copy));
        if (value !== SIZE) throw new Error(`disk read: ${value} bytes`);
        best.diskRead = Math.min(best.diskRead, ms);
      };
      if (round % 2) await readRun().then(downloadRun);
      else await downloadRun().then(readRun);
      await rm(copy, { force: true });
      console.error(`round ${round} done`);
    }
  } finally {
    await wharf.stop();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
  const result = {
    sizeMb: SIZE_MB, rounds: ROUNDS,
    uploadMBps: mbps(best.upload), diskWriteMBps: mbps(best.diskWrite), uploadRatio: best.diskWrite / best.upload,
    downloadMBps: mbps(best.download), diskReadMBps: mbps(best.diskRead), downloadRatio: best.diskRead / best.download,
    rssGrowthMb: Math.max(...rssGrowth) / MB,
    firstUploadRssMb: workerStartMb,
    serverCpuSecondsPerGb: { upload: serverCpu.upload / (SIZE / 1024 / MB), download: serverCpu.download / (SIZE / 1024 / MB) },
  };
  const f = (n: number) => n.toFixed(1);
  console.log(`asset size:        ${SIZE_MB} MB, best of ${ROUNDS} rounds`);
  console.log(`upload:            ${f(result.uploadMBps)} MB/s   disk write: ${f(result.diskWriteMBps)} MB/s   ratio ${result.uploadRatio.toFixed(2)}× (target ≥ 0.5×)`);
  console.log(`download:          ${f(result.downloadMBps)} MB/s   disk read:  ${f(result.diskReadMBps)} MB/s   ratio ${result.downloadRatio.toFixed(2)}× (target ≥ 0.5×)`);
  console.log(`server RSS growth: ${f(result.rssGrowthMb)} MB during the upload (target ≤ 50 MB); the process's first upload (1 KB, starts the digest worker): ${f(result.firstUploadRssMb)} MB, once`);
  console.log(`server CPU per GB: upload ${result.serverCpuSecondsPerGb.upload.toFixed(2)} s, download ${result.serverCpuSecondsPerGb.download.toFixed(2)} s`);
  await mkdir(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
  await writeFile(join(REPO_ROOT, 'bench', 'results', 'assets-latest.json'), JSON.stringify(result, null, 2) + '\n');
}

await main();
