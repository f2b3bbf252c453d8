// Peak resident memory of one process over a measured run. /proc's VmHWM would
// give the lifetime peak, which would carry the authenticated run's peak into
// the 404 run; sampling VmRSS gives a per-run peak instead.
import { readRssBytes } from './proc.js';

export interface RssSampler {
  /** Stops sampling; resolves the largest VmRSS seen, in bytes (0 if none). */
  stop(): Promise<number>;
}

export function sampleRss(pid: number, intervalMs = 200): RssSampler {
  let peak = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const sample = () => {
    // Chain reads so a slow read under load never overlaps the next one.
    inFlight = inFlight.then(async () => {
      const rss = await readRssBytes(pid);
      if (rss !== undefined && rss > peak) peak = rss;
    });
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      sample();
      await inFlight;
      return peak;
    },
  };
}
