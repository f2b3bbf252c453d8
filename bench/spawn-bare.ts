// Starts the baselines, bare-server.ts and h3-floor-server.ts, each as its own
// process, compiled to dist/ like `wharf serve` (bin/build.mjs), so the
// processes run the same kind of code and their baseline RSS matches.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../bin/build.mjs';
import { spawnNode, stopChild, type Child } from './child-process.js';

export interface BareServer {
  child: Child;
  url: string;
  stop(): Promise<void>;
}

export async function startBare(body: Buffer, contentType: string, timeoutMs = 30_000): Promise<BareServer> {
  // One environment variable holds at most 128 KiB (Linux's MAX_ARG_STRLEN):
  // a larger body (the issue list's) goes through a file.
  if (body.length > 64 * 1024) {
    const file = join(await mkdtemp(join(tmpdir(), 'wharf-bare-')), 'body');
    await writeFile(file, body);
    return startBaseline(
      'bare server',
      'bench/bare-server.ts',
      { BENCH_BARE_BODY_FILE: file, BENCH_BARE_CONTENT_TYPE: contentType },
      timeoutMs,
    );
  }
  return startBaseline(
    'bare server',
    'bench/bare-server.ts',
    {
      BENCH_BARE_BODY_B64: body.toString('base64'),
      BENCH_BARE_CONTENT_TYPE: contentType,
    },
    timeoutMs,
  );
}

/** `headers`: Wharf's response headers as [name, value] pairs. */
export function startH3Floor(body: Buffer, headers: [string, string][], timeoutMs = 30_000): Promise<BareServer> {
  return startBaseline(
    'h3 floor server',
    'bench/h3-floor-server.ts',
    {
      BENCH_BARE_BODY_B64: body.toString('base64'),
      BENCH_H3_HEADERS_JSON: JSON.stringify(headers),
    },
    timeoutMs,
  );
}

export async function startBaseline(
  label: string,
  script: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<BareServer> {
  await ensureBuilt();
  const child = spawnNode([`dist/${script.replace(/\.ts$/, '.js')}`], { ...process.env, ...env });
  const stop = async () => void (await stopChild(child.process, 5_000));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${label} not listening after ${timeoutMs} ms`)), timeoutMs);
      child.onLine((line, stream) => {
        const match = stream === 'stdout' ? /^listening (\d+)$/.exec(line) : null;
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.process.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${label} exited (${signal ?? code}) before listening:\n${child.stderrTail()}`));
      });
    });
    return { child, url: `http://127.0.0.1:${port}/`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
