// Reading a process's memory and CPU time from Linux's /proc. Only the
// numbers the benchmark reports; every reader returns undefined once the
// process is gone rather than throwing.
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/** Kernel clock ticks per second, the unit of utime/stime in /proc/<pid>/stat. */
export const CLOCK_TICKS_PER_SECOND: number = (() => {
  try {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(value) && value > 0 ? value : 100;
  } catch {
    return 100;
  }
})();

/** Resident set size in bytes (VmRSS), or undefined when the process is gone. */
export async function readRssBytes(pid: number): Promise<number | undefined> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

interface Stat {
  ppid: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
  /** cutime + cstime: its children's, once they have exited and been waited for (Wharf's git processes), in clock ticks. */
  childrenCpuTicks: number;
}

async function readStat(pid: number): Promise<Stat | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may contain spaces and parentheses, so split
  // after its closing parenthesis: the rest starts at field 3 (state).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return { ppid, cpuTicks: utime + stime, childrenCpuTicks: Number(fields[13]) + Number(fields[14]) };
}

/** CPU time (user + system) consumed so far by one process, in clock ticks. */
export async function readCpuTicks(pid: number): Promise<number | undefined> {
  return (await readStat(pid))?.cpuTicks;
}

/** CPU time of one process and of its children that have exited (the git commands a Wharf ran), in clock ticks. */
export async function readCpuTicksWithChildren(pid: number): Promise<number | undefined> {
  const stat = await readStat(pid);
  return stat && stat.cpuTicks + stat.childrenCpuTicks;
}

/** `run`, and the CPU seconds process `pid` spent meanwhile (0 for a process gone). */
export async function cpuSecondsOf<T>(pid: number, run: () => Promise<T>): Promise<{ cpuSeconds: number; value: T }> {
  const before = (await readCpuTicks(pid)) ?? 0;
  const value = await run();
  return { cpuSeconds: (((await readCpuTicks(pid)) ?? 0) - before) / CLOCK_TICKS_PER_SECOND, value };
}

/**
 * CPU ticks of every live descendant of `pid` (not `pid` itself), keyed by
 * pid. For Wharf these are the embedded PostgreSQL postmaster and backends.
 */
export async function descendantCpuTicks(pid: number): Promise<Map<number, number>> {
  const stats = new Map<number, Stat>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const result = new Map<number, number>();
  const ancestors = new Set([pid]);
  // Parents usually have smaller pids, but not always; repeat until stable.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, stat] of stats) {
      if (!ancestors.has(child) && ancestors.has(stat.ppid)) {
        ancestors.add(child);
        result.set(child, stat.cpuTicks);
        grew = true;
      }
    }
  }
  return result;
}

/**
 * User and system CPU time of every process on the machine so far (all CPUs),
 * in clock ticks, from the first line of /proc/stat. Interrupt and softirq
 * time is left out: loopback networking under load spends much of its time
 * there, which would be mistaken for other work.
 */
export async function readMachineBusyTicks(): Promise<number | undefined> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal guest guest_nice
    const [user, nice, system] = line.trim().split(/\s+/).slice(1).map(Number);
    return (user ?? 0) + (nice ?? 0) + (system ?? 0);
  } catch {
    return undefined;
  }
}
