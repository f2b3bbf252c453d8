// Runs a command to completion and reports its wall time, and its peak RSS
// and CPU time from GNU time (`/usr/bin/time -f '%M %U %S'`: Node cannot read
// a child's maxrss); without GNU time only the wall time is known. CPU time
// moves less than wall time on a machine busy with other work.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

const GNU_TIME = '/usr/bin/time';

export interface Timed {
  wallMs: number;
  /** Peak resident set size in MiB, or null without /usr/bin/time. */
  peakRssMiB: number | null;
  /** User + system CPU time in ms (10 ms resolution), or null without /usr/bin/time. */
  cpuMs: number | null;
  stdout: string;
}

export function timedCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<Timed> {
  const withTime = existsSync(GNU_TIME);
  const [file, ...args] = withTime ? [GNU_TIME, '-f', 'maxrss_kb=%M cpu_s=%U+%S', ...argv] : argv;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    execFile(file!, args, { env, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (error) return reject(new Error(`${argv.join(' ')} failed: ${stderr}`));
      const time = /maxrss_kb=(\d+) cpu_s=([\d.]+)\+([\d.]+)\s*$/.exec(stderr);
      resolve({
        wallMs,
        stdout,
        peakRssMiB: time ? Number(time[1]) / 1024 : null,
        cpuMs: time ? Math.round((Number(time[2]) + Number(time[3])) * 1000) : null,
      });
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
  medianCpuMs: number | null;
}

export function summarize(samples: Timed[]): Summary {
  const walls = samples.map((s) => s.wallMs);
  const known = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const rss = known(samples.map((s) => s.peakRssMiB));
  const cpu = known(samples.map((s) => s.cpuMs));
  return {
    runs: samples.length,
    medianWallMs: median(walls),
    minWallMs: Math.min(...walls),
    maxWallMs: Math.max(...walls),
    medianPeakRssMiB: rss.length ? median(rss) : null,
    medianCpuMs: cpu.length ? median(cpu) : null,
  };
}
