// `npm run bench:assets` (issue 19), against a fresh `wharf serve` (embedded
// PostgreSQL) in its own process, curl as the client on the same two cores:
// - upload of BENCH_ASSETS_MB (default 500) MB of random bytes to a release
//   (`/api/uploads/…`) against writing the same bytes to disk (read from the
//   same source file, fsync'd, as the server does); target ≥ 0.5×;
// - download of it (API 302 → signed URL) against reading the same bytes
//   from disk, both from the disk itself: the server's file and the
//   benchmark's copy are dropped from the page cache first (page-cache.ts),
//   as the write side's fsync makes it go to the disk; target ≥ 0.5×;
// - the same two with the file in the page cache, and the same curl
//   downloading the file from a bare sendfile server (sendfile-server.ts):
//   there the baseline is a memory copy (4–6 GB/s through a Node read
//   stream, 17 GB/s through dd, same file) and even the kernel's sendfile
//   gets about half of it over loopback TCP, so that line is reported
//   against the sendfile ceiling, not the target;
// - the server's RSS (VmRSS, sampled every 50 ms) during a 500 MB upload of
//   its own before the timed rounds, after a 1 KB warm-up upload (a process's
//   first upload starts the digest worker thread, about 8 MB once, printed
//   apart): peak minus the RSS just before, target growth ≤ 50 MB. Not
//   sampled during timed uploads: reading /proc/<pid>/status every 50 ms
//   cost the server a third of its upload throughput on this VM;
// - the server's CPU time per GB moved, least of the rounds: unlike MB/s it
//   hardly moves when other work shares the cores.
// Best of BENCH_ASSETS_ROUNDS (default 4) rounds, each alternating which goes
// first. Each timed write replaces the file its kind wrote the round before
// (the disk copy removed, the asset deleted through the API) just before it
// starts, so both write into memory freed a moment ago: on this VM
// (Firecracker) pages the guest freed a few seconds ago go back to the host,
// and taking them again costs 0.8–2.8 s of system CPU per GB. Deleting both at
// the end of a round (as before 2026-11-28) left the round's second write to pay
// that, whichever it was. The reads from the disk come last, on the last
// round's files, for the same reason (dropping pages frees them).
// Prints numbers (not a test); JSON to bench/results/assets-latest.json.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assetPath } from '../server/releases/asset-files.js';
import { REPO_ROOT } from './child-process.js';
import { diskRead, diskWrite, httpDownload } from './asset-transfers.js';
import { createBenchRelease } from './bench-release.js';
import { evictFromPageCache } from './page-cache.js';
import { cpuSecondsOf, readRssBytes } from './proc.js';
import { sampleRss } from './rss-sampler.js';
import { writeRandomFile } from './random-file.js';
import { startSendfileServer } from './sendfile-server.js';
import { startWharf } from './spawn-wharf.js';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_ASSETS_MB ?? 500);
const ROUNDS = Number(process.env.BENCH_ASSETS_ROUNDS ?? 4);
const SIZE = SIZE_MB * MB;

type Transfer = 'upload' | 'diskWrite' | 'download' | 'diskRead' | 'cachedDownload' | 'cachedRead' | 'sendfile';
const LABELS: Record<Transfer, string> = {
  upload: 'upload',
  diskWrite: 'disk write',
  download: 'download from disk',
  diskRead: 'disk read from disk',
  cachedDownload: 'download from page cache',
  cachedRead: 'page-cache read',
  sendfile: 'loopback sendfile',
};
const best = Object.fromEntries(Object.keys(LABELS).map((k) => [k, Infinity])) as Record<Transfer, number>;
const serverCpu = { upload: Infinity, download: Infinity };
const mbps = (ms: number) => SIZE / MB / (ms / 1000);

/** Times `run` as `transfer` of round `round`, keeping the best; `run` resolves the bytes it moved. */
async function timed(transfer: Transfer, round: number, run: () => Promise<number>): Promise<void> {
  const start = performance.now();
  const bytes = await run();
  const ms = performance.now() - start;
  if (bytes !== SIZE) throw new Error(`${LABELS[transfer]}: ${bytes} of ${SIZE} bytes`);
  best[transfer] = Math.min(best[transfer], ms);
  console.error(`round ${round}: ${LABELS[transfer]} ${mbps(ms).toFixed(1)} MB/s`);
}

interface Asset {
  url: string;
  signedUrl: string;
  path: string;
}

/** GETs the asset's signed URL with curl; resolves the byte count. */
async function download(asset: Asset): Promise<number> {
  const { status, bytes } = await httpDownload(asset.signedUrl);
  if (status !== 200) throw new Error(`download: ${status}`);
  return bytes;
}

/** Runs the steps in order on odd rounds and backwards on even ones. */
async function alternating(round: number, steps: (() => Promise<void>)[]): Promise<void> {
  for (const step of round % 2 ? steps : [...steps].reverse()) await step();
}

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'wharf-bench-assets-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-assets-data-'));
  const source = join(root, 'source.bin');
  await writeRandomFile(source, SIZE);
  const wharf = await startWharf(dataDir, 120_000, [], 'bin/wharf.mjs', { WHARF_MAX_ASSET_BYTES: String(SIZE + MB) });
  const sendfile = await startSendfileServer(source);
  const pid = wharf.child.pid;
  let rssGrowthMb = 0;
  let workerStartMb = 0;
  try {
    const release = await createBenchRelease(wharf, 'assets-bench');
    const describe = async (url: string): Promise<Asset> => {
      const signedUrl = await release.signedUrl(url);
      // The signed URL's path is /api/release-assets/{repository id}/{asset id}.
      const [repositoryId, assetId] = new URL(signedUrl).pathname.split('/').slice(-2).map(Number);
      return { url, signedUrl, path: assetPath(dataDir, repositoryId!, assetId!) };
    };
    const warmUp = join(root, 'warm-up.bin');
    await writeFile(warmUp, randomBytes(1024));
    const rssBeforeWarmUp = (await readRssBytes(pid)) ?? 0;
    if ((await release.upload('warm-up.bin', warmUp)).status !== 201) throw new Error('warm-up upload failed');
    workerStartMb = (((await readRssBytes(pid)) ?? 0) - rssBeforeWarmUp) / MB;
    const rssBefore = (await readRssBytes(pid)) ?? 0;
    const sampler = sampleRss(pid, 50);
    const sampled = await release.upload('rss.bin', source);
    rssGrowthMb = Math.max(0, (await sampler.stop()) - rssBefore) / MB;
    if (sampled.status !== 201 || sampled.body.size !== SIZE)
      throw new Error(`upload: ${sampled.status} ${JSON.stringify(sampled.body).slice(0, 300)}`);
    // Each timed write replaces the file its kind wrote before, freeing it
    // just before: both then write into memory freed a moment ago (see above).
    let last = { copy: join(root, 'copy-0.bin'), asset: await describe(sampled.body.url) };
    await diskWrite(source, last.copy);
    for (let round = 1; round <= ROUNDS; round++) {
      const copy = join(root, `copy-${round}.bin`);
      const previous = last;
      let asset: Asset | undefined;
      await alternating(round, [
        () => timed('diskWrite', round, async () => (await rm(previous.copy), await diskWrite(source, copy), SIZE)),
        async () => {
          await release.deleteAsset(previous.asset.url);
          await timed('upload', round, async () => {
            const { cpuSeconds, value } = await cpuSecondsOf(pid, () => release.upload(`round-${round}.bin`, source));
            if (value.status !== 201)
              throw new Error(`upload: ${value.status} ${JSON.stringify(value.body).slice(0, 300)}`);
            serverCpu.upload = Math.min(serverCpu.upload, cpuSeconds);
            asset = await describe(value.body.url);
            return value.body.size;
          });
        },
      ]);
      const uploaded = asset!;
      last = { copy, asset: uploaded };
      await alternating(round, [
        () => timed('cachedRead', round, () => diskRead(copy)),
        () =>
          timed('cachedDownload', round, async () => {
            const { cpuSeconds, value } = await cpuSecondsOf(pid, () => download(uploaded));
            serverCpu.download = Math.min(serverCpu.download, cpuSeconds);
            return value;
          }),
        () => timed('sendfile', round, async () => (await httpDownload(sendfile.url)).bytes),
      ]);
    }
    // From the disk, after all the uploads: dropping a file's pages frees
    // them, and on this VM freed memory taken again costs the next writes.
    // Twice the rounds: a read from this VM's disk now and then runs at a
    // third of its usual speed (the bare sendfile server's too), and these
    // rounds are short.
    for (let round = 1; round <= 2 * ROUNDS; round++) {
      await alternating(round, [
        async () => (await evictFromPageCache(last.copy), timed('diskRead', round, () => diskRead(last.copy))),
        async () => (await evictFromPageCache(last.asset.path), timed('download', round, () => download(last.asset))),
      ]);
    }
  } finally {
    sendfile.stop();
    await wharf.stop();
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
  const gb = SIZE / 1024 / MB;
  const result = {
    sizeMb: SIZE_MB,
    rounds: ROUNDS,
    uploadMBps: mbps(best.upload),
    diskWriteMBps: mbps(best.diskWrite),
    uploadRatio: best.diskWrite / best.upload,
    downloadMBps: mbps(best.download),
    diskReadMBps: mbps(best.diskRead),
    downloadRatio: best.diskRead / best.download,
    cachedDownloadMBps: mbps(best.cachedDownload),
    cachedReadMBps: mbps(best.cachedRead),
    cachedDownloadRatio: best.cachedRead / best.cachedDownload,
    sendfileMBps: mbps(best.sendfile),
    cachedDownloadOfSendfile: best.sendfile / best.cachedDownload,
    rssGrowthMb,
    firstUploadRssMb: workerStartMb,
    serverCpuSecondsPerGb: { upload: serverCpu.upload / gb, download: serverCpu.download / gb },
  };
  const f = (n: number) => n.toFixed(1);
  console.log(`asset size:        ${SIZE_MB} MB, best of ${ROUNDS} rounds`);
  console.log(
    `upload:            ${f(result.uploadMBps)} MB/s   disk write: ${f(result.diskWriteMBps)} MB/s   ratio ${result.uploadRatio.toFixed(2)}× (target ≥ 0.5×)`,
  );
  console.log(
    `download:          ${f(result.downloadMBps)} MB/s   disk read:  ${f(result.diskReadMBps)} MB/s   ratio ${result.downloadRatio.toFixed(2)}× (target ≥ 0.5×; both from the disk)`,
  );
  console.log(
    `from page cache:   ${f(result.cachedDownloadMBps)} MB/s   read:       ${f(result.cachedReadMBps)} MB/s   ratio ${result.cachedDownloadRatio.toFixed(2)}×; loopback sendfile to the same curl ${f(result.sendfileMBps)} MB/s, the download ${result.cachedDownloadOfSendfile.toFixed(2)}× of it`,
  );
  console.log(
    `server RSS growth: ${f(result.rssGrowthMb)} MB during a ${SIZE_MB} MB upload (target ≤ 50 MB); the process's first upload (1 KB, starts the digest worker): ${f(result.firstUploadRssMb)} MB, once`,
  );
  console.log(
    `server CPU per GB: upload ${result.serverCpuSecondsPerGb.upload.toFixed(2)} s, download (page cache) ${result.serverCpuSecondsPerGb.download.toFixed(2)} s`,
  );
  await mkdir(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
  await writeFile(join(REPO_ROOT, 'bench', 'results', 'assets-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
}

await main();
