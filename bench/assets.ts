// `npm run bench:assets` (issue 19), against a fresh `wharf serve` (embedded
// PostgreSQL) in its own process:
// - upload of BENCH_ASSETS_MB (default 500) MB of random bytes to a release
//   (`/api/uploads/…`) against writing the same bytes to disk (read from the
//   same source file, fsync'd, as the server does), and download of it (API
//   302 → signed URL) against reading the file from disk; MB/s each and the
//   ratio (target ≥ 0.5×); best of BENCH_ASSETS_ROUNDS (default 2), each
//   round alternating which goes first; and the same curl downloading the
//   file from a bare sendfile server (sendfile-server.ts), the loopback
//   ceiling any server's download meets;
// - the server's RSS (VmRSS, sampled every 50 ms) during a 500 MB upload of
//   its own, before the timed rounds: peak minus the RSS just before (target
//   growth ≤ 50 MB), after a 1 KB warm-up upload: the first upload of a
//   process starts the digest worker thread (release-assets/upload-digest.ts),
//   about 8 MB once, printed apart. Not sampled during the timed uploads:
//   reading the server's /proc/<pid>/status every 50 ms cost it a third of
//   its upload throughput on this VM (the server's own threads, GC helpers
//   among them, used more CPU while it was read: 610–890 → 365–450 MB/s);
// - the server process's CPU time (user + system) per GB moved, least of the
//   rounds: unlike MB/s it hardly moves when other work shares the cores.
// Each round ends by deleting both its files, the disk copy and the uploaded
// asset (through the API), so every write starts from the same memory state.
// On this VM (Firecracker) pages the guest freed a while ago go back to the
// host, and taking them again costs 0.8–2.8 s of system CPU per GB: a bare
// Node upload into a new file each time ran 253–320 MB/s while the earlier
// files stayed cached (722–845 MB/s overwriting one file), and Wharf's,
// each asset deleted before the next, 608–787 MB/s. Keeping the assets
// (as this bench did until stop 30) while deleting the copies gave the disk
// baseline recycled pages and the upload fresh ones.
// Prints numbers (not a test); JSON to bench/results/assets-latest.json.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './child-process.js';
import { diskRead, diskWrite, httpDownload } from './asset-transfers.js';
import { createBenchRelease } from './bench-release.js';
import { cpuSecondsOf, readRssBytes } from './proc.js';
import { sampleRss } from './rss-sampler.js';
import { writeRandomFile } from './random-file.js';
import { startSendfileServer } from './sendfile-server.js';
import { startWharf } from './spawn-wharf.js';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_ASSETS_MB ?? 500);
const ROUNDS = Number(process.env.BENCH_ASSETS_ROUNDS ?? 2);
const SIZE = SIZE_MB * MB;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

const mbps = (ms: number) => SIZE / MB / (ms / 1000);

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'wharf-bench-assets-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-assets-data-'));
  const source = join(root, 'source.bin');
  await writeRandomFile(source, SIZE);
  const wharf = await startWharf(dataDir, 120_000, [], 'bin/wharf.mjs', { WHARF_MAX_ASSET_BYTES: String(SIZE + MB) });
  const best = { diskWrite: Infinity, upload: Infinity, diskRead: Infinity, download: Infinity, sendfile: Infinity };
  const sendfile = await startSendfileServer(source);
  let rssGrowthMb = 0;
  let workerStartMb = 0;
  const serverCpu = { upload: Infinity, download: Infinity };
  try {
    const release = await createBenchRelease(wharf, 'assets-bench');
    const warmUp = join(root, 'warm-up.bin');
    await writeFile(warmUp, randomBytes(1024));
    const rssBeforeWarmUp = (await readRssBytes(wharf.child.pid)) ?? 0;
    const warmed = await release.upload('warm-up.bin', warmUp);
    if (warmed.status !== 201) throw new Error(`warm-up upload: ${warmed.status}`);
    workerStartMb = (((await readRssBytes(wharf.child.pid)) ?? 0) - rssBeforeWarmUp) / MB;
    const rssBefore = (await readRssBytes(wharf.child.pid)) ?? 0;
    const sampler = sampleRss(wharf.child.pid, 50);
    const sampled = await release.upload('rss.bin', source);
    rssGrowthMb = Math.max(0, (await sampler.stop()) - rssBefore) / MB;
    if (sampled.status !== 201 || sampled.body.size !== SIZE) throw new Error(`upload: ${sampled.status} ${JSON.stringify(sampled.body).slice(0, 300)}`);
    await release.deleteAsset(sampled.body.url);
    for (let round = 1; round <= ROUNDS; round++) {
      const copy = join(root, `copy-${round}.bin`);
      const uploadRun = async () => {
        const { cpuSeconds, value: { ms, value } } = await cpuSecondsOf(wharf.child.pid, () => timed(() => release.upload(`round-${round}.bin`, source)));
        serverCpu.upload = Math.min(serverCpu.upload, cpuSeconds);
        if (value.status !== 201 || value.body.size !== SIZE) throw new Error(`upload: ${value.status} ${JSON.stringify(value.body).slice(0, 300)}`);
        best.upload = Math.min(best.upload, ms);
        console.error(`round ${round}: upload ${mbps(ms).toFixed(1)} MB/s`);
        return value.body as { id: number; url: string };
      };
      const writeRun = async () => {
        const { ms } = await timed(() => diskWrite(source, copy));
        best.diskWrite = Math.min(best.diskWrite, ms);
        console.error(`round ${round}: disk write ${mbps(ms).toFixed(1)} MB/s`);
      };
      const asset = round % 2 ? (await writeRun(), await uploadRun()) : await uploadRun().then(async (a) => (await writeRun(), a));
      const downloadRun = async () => {
        const { cpuSeconds, value: { ms, value } } = await cpuSecondsOf(wharf.child.pid, () => timed(async () => {
          return httpDownload(await release.signedUrl(asset.url));
        }));
        serverCpu.download = Math.min(serverCpu.download, cpuSeconds);
        if (value.status !== 200 || value.bytes !== SIZE) throw new Error(`download: ${value.status}, ${value.bytes} bytes`);
        best.download = Math.min(best.download, ms);
        console.error(`round ${round}: download ${mbps(ms).toFixed(1)} MB/s`);
      };
      const readRun = async () => {
        const { ms, value } = await timed(() => diskRead(copy));
        if (value !== SIZE) throw new Error(`disk read: ${value} bytes`);
        best.diskRead = Math.min(best.diskRead, ms);
        console.error(`round ${round}: disk read ${mbps(ms).toFixed(1)} MB/s`);
      };
      const sendfileRun = async () => {
        const { ms, value } = await timed(() => httpDownload(sendfile.url));
        if (value.status !== 200 || value.bytes !== SIZE) throw new Error(`sendfile download: ${value.status}, ${value.bytes} bytes`);
        best.sendfile = Math.min(best.sendfile, ms);
        console.error(`round ${round}: loopback sendfile ${mbps(ms).toFixed(1)} MB/s`);
      };
      if (round % 2) await readRun().then(downloadRun).then(sendfileRun);
      else await sendfileRun().then(downloadRun).then(readRun);
      await rm(copy, { force: true });
      await release.deleteAsset(asset.url);
    }
  } finally {
    sendfile.stop();
    await wharf.stop();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
  const result = {
    sizeMb: SIZE_MB, rounds: ROUNDS,
    uploadMBps: mbps(best.upload), diskWriteMBps: mbps(best.diskWrite), uploadRatio: best.diskWrite / best.upload,
    downloadMBps: mbps(best.download), diskReadMBps: mbps(best.diskRead), downloadRatio: best.diskRead / best.download,
    sendfileMBps: mbps(best.sendfile), downloadOfSendfile: best.sendfile / best.download,
    rssGrowthMb,
    firstUploadRssMb: workerStartMb,
    serverCpuSecondsPerGb: { upload: serverCpu.upload / (SIZE / 1024 / MB), download: serverCpu.download / (SIZE / 1024 / MB) },
  };
  const f = (n: number) => n.toFixed(1);
  console.log(`asset size:        ${SIZE_MB} MB, best of ${ROUNDS} rounds`);
  console.log(`upload:            ${f(result.uploadMBps)} MB/s   disk write: ${f(result.diskWriteMBps)} MB/s   ratio ${result.uploadRatio.toFixed(2)}× (target ≥ 0.5×)`);
  console.log(`download:          ${f(result.downloadMBps)} MB/s   disk read:  ${f(result.diskReadMBps)} MB/s   ratio ${result.downloadRatio.toFixed(2)}× (target ≥ 0.5×)`);
  console.log(`                   loopback sendfile to the same curl: ${f(result.sendfileMBps)} MB/s, the download ${result.downloadOfSendfile.toFixed(2)}× of it`);
  console.log(`server RSS growth: ${f(result.rssGrowthMb)} MB during a ${SIZE_MB} MB upload (target ≤ 50 MB); the process's first upload (1 KB, starts the digest worker): ${f(result.firstUploadRssMb)} MB, once`);
  console.log(`server CPU per GB: upload ${result.serverCpuSecondsPerGb.upload.toFixed(2)} s, download ${result.serverCpuSecondsPerGb.download.toFixed(2)} s`);
  await mkdir(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
  await writeFile(join(REPO_ROOT, 'bench', 'results', 'assets-latest.json'), JSON.stringify(result, null, 2) + '\n');
}

await main();
