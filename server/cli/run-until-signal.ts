// The life of a long-running command (`serve`, `worker`): wait for SIGINT or
// SIGTERM, run its shutdown once, and resolve with the exit status (1 when
// the shutdown itself failed, so an unclean stop is visible to supervisors).
import type { Logger } from '../log.js';

export function runUntilSignal(log: Logger, shutdown: () => Promise<void>): Promise<number> {
  return new Promise<number>((resolveExit) => {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.info('shutting down', { signal });
      try {
        await shutdown();
        resolveExit(0);
      } catch (error) {
        log.error('unclean shutdown', { error: String(error) });
        resolveExit(1);
      }
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  });
}
