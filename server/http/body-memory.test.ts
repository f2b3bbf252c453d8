// The memory target of issue 11: 20 concurrent 100 MB bodies grow the
// server's RSS by at most 30 MB. The server runs as its own process
// (`wharf serve`) so its RSS and CPU are read from /proc without the test's
// own allocations mixed in.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnNode, stopChild, type Child } from '../../bench/child-process.js';
import { CLOCK_TICKS_PER_SECOND, readCpuTicks, readRssBytes } from '../../bench/proc.js';
import { freePort } from '../db/free-port.js';
import { upload, type UploadResult } from '../test-support/hostile-client.js';
import { createTestDatabase, dropTestDatabase } from '../test-support/test-server.js';

const MB = 1024 * 1024;
const UPLOADS = 20;
const UPLOAD_BYTES = 100 * MB;

let child: Child;
let port: number;
let databaseUrl: string;
let dataDir: string;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'wharf-body-memory-'));
  port = await freePort();
  child = spawnNode(['bin/wharf.mjs', 'serve'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    WHARF_DATA_DIR: dataDir,
    WHARF_LOG_LEVEL: 'warn',
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/login`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`wharf serve did not start:\n${child.stderrTail()}`);
    await sleep(100);
  }
}, 60_000);

afterAll(async () => {
  if (child) await stopChild(child.process, 10_000);
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Measured {
  results: UploadResult[];
  rssGrowth: number;
  cpuSeconds: number;
  wallMs: number;
}

async function measure(framing: 'length' | 'chunked'): Promise<Measured> {
  // Warm up the route so lazily compiled code and pools are not counted.
  for (let i = 0; i < 3; i++)
    await upload({
      port,
      path: '/login/oauth/access_token',
      bytes: 100,
      framing,
      headers: { 'content-type': 'application/json' },
    });
  await sleep(200);
  const before = (await readRssBytes(child.pid))!;
  const cpuBefore = (await readCpuTicks(child.pid))!;
  let peak = before;
  const sampler = setInterval(() => {
    void readRssBytes(child.pid).then((rss) => {
      if (rss && rss > peak) peak = rss;
    });
  }, 20);
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: UPLOADS }, () =>
      upload({
        port,
        path: '/login/oauth/access_token',
        bytes: UPLOAD_BYTES,
        framing,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  const wallMs = Date.now() - started;
  await sleep(100);
  clearInterval(sampler);
  const after = (await readRssBytes(child.pid))!;
  peak = Math.max(peak, after);
  const cpuSeconds = ((await readCpuTicks(child.pid))! - cpuBefore) / CLOCK_TICKS_PER_SECOND;
  const measured = { results, rssGrowth: peak - before, cpuSeconds, wallMs };
  console.log(
    `${UPLOADS}×100 MB (${framing}): peak RSS +${(measured.rssGrowth / MB).toFixed(1)} MB, server CPU ${cpuSeconds.toFixed(2)} s, wall ${wallMs} ms, ` +
      `statuses ${[...new Set(results.map((r) => r.status))].join(',')}, max sent before answer ${(Math.max(...results.map((r) => r.sentBeforeResponse)) / MB).toFixed(1)} MB, ` +
      `slowest answer ${Math.max(...results.map((r) => r.answeredMs ?? Infinity))} ms`,
  );
  return measured;
}

describe('20 concurrent 100 MB bodies', () => {
  it('with Content-Length: refused before reading, RSS grows by at most 30 MB', async () => {
    const { results, rssGrowth } = await measure('length');
    expect(results.map((r) => r.status)).toEqual(Array(UPLOADS).fill(413));
    expect(rssGrowth).toBeLessThanOrEqual(30 * MB);
  }, 120_000);

  it('chunked: cut off at the cap, RSS grows by at most 30 MB', async () => {
    const { results, rssGrowth } = await measure('chunked');
    expect(results.map((r) => r.status)).toEqual(Array(UPLOADS).fill(413));
    expect(rssGrowth).toBeLessThanOrEqual(30 * MB);
  }, 120_000);
});
