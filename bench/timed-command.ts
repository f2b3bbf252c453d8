// Runs a command to completion and reports its wall time and peak RSS. The
// peak comes from GNU time (`/usr/bin/time -f %M`, the child's maxrss), which
// Node cannot read for a child; without GNU time only the wall time is known.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

const GNU_TIME = '/usr/bin/time';

export interface Timed {
  wallMs: number;
  /** Peak resident set size in MiB, or null without /usr/bin/time. */
  peakRssMiB: number | null;
  stdout: string;
}

export function timedCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<Timed> {
  const withTime = existsSync(GNU_TIME);
  const [file, ...args] = withTime ? [GNU_TIME, '-f', 'maxrss_kb=%M', ...argv] : argv;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    execFile(file!, args, { env, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (error) return reject(new Error(`${argv.join(' ')} failed: ${stderr}`));
      const rss = /maxrss_kb=(\d+)\s*$/.exec(stderr);
      resolve({ wallMs, peakRssMiB: rss ? Number(rss[1]) / 1024 : null, stdout });
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Summary {
  runs: number;
  medianWallMs: number;
  minWallMs: number;
  maxWallMs: number;
  medianPeakRssMiB: number | null;
}

export function summarize(samples: Timed[]): Summary {
  const walls = samples.map((s) => s.wallMs);
  const rss = samples.map((s) => s.peakRssMiB).filter((v): v is number => v !== null);
  return {
    runs: samples.length,
    medianWallMs: median(walls),
    minWallMs: Math.min(...walls),
    maxWallMs: Math.max(...walls),
    medianPeakRssMiB: rss.length ? median(rss) : null,
  };
}
