// `npm run bench:assets-gc`: what bin/wharf.mjs's `--initial-old-space-size=128`
// is for. One server with the flag and one with V8's default
// (`--initial-old-space-size=0` after it), running side by side and used in
// turns, each taking BENCH_ASSETS_GC_UPLOADS (default 8) uploads of
// BENCH_ASSETS_MB (default 500) MB, each followed by its download and its
// deletion (as bench:assets's rounds). Per upload: MB/s, the full GCs
// (mark-compacts, from `--trace-gc`) the server ran during it, and its CPU
// seconds per GB (the steadier number on a shared machine), and its RSS after.
// Without the floor, after the server's first full GC V8's old-generation
// limit sits just above what the server keeps live, and a body's 64 KiB chunks
// (external memory to V8) then start a full GC about every 30 MB received.
// Prints numbers (not a test); JSON to bench/results/assets-gc-latest.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './child-process.js';
import { httpDownload } from './asset-transfers.js';
import { createBenchRelease } from './bench-release.js';
import { startWharf } from './spawn-wharf.js';
import { cpuSecondsOf, readRssBytes } from './proc.js';
import { writeRandomFile } from './random-file.js';

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_ASSETS_MB ?? 500);
const UPLOADS = Number(process.env.BENCH_ASSETS_GC_UPLOADS ?? 8);

interface Upload {
  mbps: number;
  fullGcs: number;
  serverCpuSecondsPerGb: number;
  rssAfterMb: number;
}

interface Server {
  name: string;
  upload(source: string, i: number): Promise<Upload>;
  stop(): Promise<void>;
}

async function startServer(name: string, defaultHeap: boolean): Promise<Server> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-assets-gc-'));
  const flags = ['--trace-gc', ...(defaultHeap ? ['--initial-old-space-size=0'] : [])];
  const wharf = await startWharf(dataDir, 120_000, flags, 'bin/wharf.mjs', {
    WHARF_MAX_ASSET_BYTES: String(SIZE_MB * MB + MB),
  });
  let fullGcs = 0;
  wharf.child.onLine((line, stream) => {
    if (stream === 'stdout' && line.includes(': Mark-Compact ')) fullGcs++;
  });
  const release = await createBenchRelease(wharf, 'assets-gc');
  return {
    name,
    async upload(source, i) {
      fullGcs = 0;
      const {
        cpuSeconds,
        value: { ms, uploaded },
      } = await cpuSecondsOf(wharf.child.pid, async () => {
        const start = performance.now();
        const uploaded = await release.upload(`upload-${i}.bin`, source);
        return { ms: performance.now() - start, uploaded };
      });
      if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status}`);
      const rssAfterMb = ((await readRssBytes(wharf.child.pid)) ?? 0) / MB;
      const result = {
        mbps: SIZE_MB / (ms / 1000),
        fullGcs,
        serverCpuSecondsPerGb: cpuSeconds / (SIZE_MB / 1024),
        rssAfterMb,
      };
      console.error(
        `${name} upload ${i}: ${result.mbps.toFixed(1)} MB/s, ${fullGcs} full GCs, server CPU ${result.serverCpuSecondsPerGb.toFixed(2)} s/GB, RSS after ${rssAfterMb.toFixed(1)} MB`,
      );
      const downloaded = await httpDownload(await release.signedUrl(uploaded.body.url));
      if (downloaded.bytes !== SIZE_MB * MB) throw new Error(`download: ${downloaded.status}`);
      await release.deleteAsset(uploaded.body.url);
      return result;
    },
    async stop() {
      await wharf.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'wharf-bench-assets-gc-src-'));
  const source = join(root, 'source.bin');
  try {
    await writeRandomFile(source, SIZE_MB * MB);
    // Both at once, used in turns: each pair of uploads sees the same machine.
    const servers = [await startServer('with floor', false), await startServer('V8 default', true)];
    const runs: Upload[][] = [[], []];
    try {
      for (let i = 1; i <= UPLOADS; i++) {
        for (const [k, server] of servers.entries()) runs[k]!.push(await server.upload(source, i));
      }
    } finally {
      for (const server of servers) await server.stop();
    }
    const [withFloor, v8Default] = runs as [Upload[], Upload[]];
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const line = (name: string, ups: Upload[]) =>
      `${name} MB/s ${ups.map((r) => r.mbps.toFixed(0)).join(', ')} (median ${median(ups.map((r) => r.mbps)).toFixed(0)}); full GCs ${ups.map((r) => r.fullGcs).join(', ')}; server CPU/GB median ${median(ups.map((r) => r.serverCpuSecondsPerGb)).toFixed(2)} s; RSS after each ${ups.map((r) => r.rssAfterMb.toFixed(0)).join(', ')} MB`;
    console.log(`${UPLOADS} uploads of ${SIZE_MB} MB to each server, in turns, each followed by its download`);
    console.log(line('--initial-old-space-size=128 (bin/wharf.mjs):', withFloor));
    console.log(line('V8 default:                                  ', v8Default));
    await mkdir(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    await writeFile(
      join(REPO_ROOT, 'bench', 'results', 'assets-gc-latest.json'),
      `${JSON.stringify({ sizeMb: SIZE_MB, withFloor, v8Default }, null, 2)}\n`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
