// Drives one target with autocannon: a short unmeasured warm-up (JIT, caches,
// connection pools), then the measured run, while sampling the server
// process's RSS and reading CPU time before and after: the server's, its
// children's (Wharf's embedded PostgreSQL), this load generator's, and what
// the rest of the machine used meanwhile, which tells a run disturbed by
// other work from a clean one.
import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLOCK_TICKS_PER_SECOND, descendantCpuTicks, readCpuTicks, readMachineBusyTicks } from './proc.js';
import { sampleRss } from './rss-sampler.js';

export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Default GET without a body. */
  method?: 'GET' | 'POST';
  body?: string;
  /** The only status a correct server gives this request. */
  expectStatus: number;
  /** The server process whose RSS and CPU are reported. */
  pid: number;
}

export interface LoadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
  pipelining: number;
}

export interface TargetResult {
  name: string;
  url: string;
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  statusCounts: Record<string, number>;
  unexpectedStatus: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  peakRssMB: number;
  /** Percent of one core used by the server process during the run. */
  serverCpuPercent: number;
  /** Same for all its descendants (PostgreSQL for Wharf), NaN if none; approximate. */
  childrenCpuPercent: number;
  /** Same for this process, which runs autocannon. */
  loadGeneratorCpuPercent: number;
  /** Same for every other process on the machine; approximate. */
  otherCpuPercent: number;
}

function run(target: Target, settings: LoadSettings, durationS: number): Promise<autocannon.Result> {
  return Promise.resolve(
    autocannon({
      url: target.url,
      headers: target.headers,
      method: target.method ?? 'GET',
      body: target.body,
      connections: settings.connections,
      pipelining: settings.pipelining,
      duration: durationS,
    }),
  );
}

function sumTicks(ticks: Map<number, number>, before?: Map<number, number>): number {
  let sum = 0;
  // Processes that appeared mid-run count from zero; ones that exited are lost.
  for (const [pid, value] of ticks) sum += value - (before?.get(pid) ?? 0);
  return sum;
}

export async function measure(target: Target, settings: LoadSettings): Promise<TargetResult> {
  await run(target, settings, settings.warmupS);
  // Let the warm-up's sockets close before measuring.
  await sleep(500);

  const cpuBefore = await readCpuTicks(target.pid);
  const childrenBefore = await descendantCpuTicks(target.pid);
  const machineBefore = await readMachineBusyTicks();
  const selfBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const sampler = sampleRss(target.pid);

  const result = await run(target, settings, settings.durationS);

  const peakRss = await sampler.stop();
  const elapsedS = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const self = process.cpuUsage(selfBefore);
  const machineAfter = await readMachineBusyTicks();
  const cpuAfter = await readCpuTicks(target.pid);
  const childrenAfter = await descendantCpuTicks(target.pid);
  const percent = (ticks: number) => (100 * ticks) / CLOCK_TICKS_PER_SECOND / elapsedS;

  const serverCpuPercent = cpuBefore !== undefined && cpuAfter !== undefined ? percent(cpuAfter - cpuBefore) : NaN;
  const childrenCpuPercent = childrenAfter.size > 0 ? percent(sumTicks(childrenAfter, childrenBefore)) : NaN;
  const loadGeneratorCpuPercent = (100 * (self.user + self.system)) / 1e6 / elapsedS;
  const machineCpuPercent =
    machineBefore !== undefined && machineAfter !== undefined ? percent(machineAfter - machineBefore) : NaN;
  const otherCpuPercent = Math.max(
    0,
    machineCpuPercent -
      serverCpuPercent -
      (Number.isNaN(childrenCpuPercent) ? 0 : childrenCpuPercent) -
      loadGeneratorCpuPercent,
  );

  const statusCounts: Record<string, number> = {};
  let unexpectedStatus = 0;
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    statusCounts[status] = count;
    if (Number(status) !== target.expectStatus) unexpectedStatus += count;
  }

  return {
    name: target.name,
    url: target.url,
    requestsPerSecond: result.requests.mean,
    totalRequests: result.requests.total,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, mean: result.latency.mean, max: result.latency.max },
    statusCounts,
    unexpectedStatus,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    peakRssMB: peakRss / (1024 * 1024),
    serverCpuPercent,
    childrenCpuPercent,
    loadGeneratorCpuPercent,
    otherCpuPercent,
  };
}
