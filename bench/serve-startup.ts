// Starts `wharf serve` and measures the time from spawning it to the first
// 200 on /healthz, polled every 10 ms.
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../server/db/free-port.js';
import { hasExited, spawnNode, stopChild } from './child-process.js';

export interface RunningServe {
  startupMs: number;
  stop(): Promise<void>;
}

export async function serveStartup(
  cli: string,
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<RunningServe> {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawnNode([cli, 'serve'], {
    ...process.env,
    WHARF_LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  });
  const stop = async () => void (await stopChild(child.process, 30_000));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { startupMs: Number(process.hrtime.bigint() - started) / 1e6, stop };
    if (hasExited(child.process) || Date.now() > deadline) {
      await stop();
      throw new Error(`wharf serve did not answer 200 on /healthz:\n${child.stderrTail()}`);
    }
    await sleep(10);
  }
}
