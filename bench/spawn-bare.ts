// Starts bare-server.ts as its own process, through the same tsx loader as
// `wharf serve` (bin/run-ts.mjs), so the two processes' baseline RSS matches.
import { spawnNode, stopChild, type Child } from './child-process.js';

export interface BareServer {
  child: Child;
  url: string;
  stop(): Promise<void>;
}

export async function startBare(body: Buffer, contentType: string, timeoutMs = 30_000): Promise<BareServer> {
  const child = spawnNode(['bin/run-ts.mjs', 'bench/bare-server.ts'], {
    ...process.env,
    BENCH_BARE_BODY_B64: body.toString('base64'),
    BENCH_BARE_CONTENT_TYPE: contentType,
  });
  const stop = async () => void (await stopChild(child.process, 5_000));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`bare server not listening after ${timeoutMs} ms`)), timeoutMs);
      child.onLine((line, stream) => {
        const match = stream === 'stdout' ? /^listening (\d+)$/.exec(line) : null;
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.process.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`bare server exited (${signal ?? code}) before listening:\n${child.stderrTail()}`));
      });
    });
    return { child, url: `http://127.0.0.1:${port}/`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
