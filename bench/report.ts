// Turns the measured runs into the printed table, the ours/bare ratios (plus
// the h3 floor's, which show what bounds ours/bare), the target verdicts (reported, never enforced: a benchmark reports numbers) and
// the JSON written to bench/results/.
import type { TargetResult } from './load.js';

/** From issue 13 (stretch 0.50×): on the 2-core machine, 64 connections. */
export const TARGETS = { minAuthenticatedRatio: 0.45, maxAuthenticatedP99Ms: 15 };

export interface Ratios {
  authenticatedGet: number;
  unauthenticated404: number;
  /** h3 floor / bare: what h3 + srvx + Wharf's header set cost by themselves. */
  h3FloorVsBare: number;
  /** Authenticated GET / h3 floor: Wharf's own work on top of the framework. */
  authenticatedGetVsH3Floor: number;
}

export interface Verdicts {
  authenticatedRatio: { target: number; actual: number; met: boolean };
  authenticatedP99Ms: { target: number; actual: number; met: boolean };
}

export function ratios(
  bare: TargetResult,
  h3Floor: TargetResult,
  authenticated: TargetResult,
  notFound: TargetResult,
): Ratios {
  return {
    authenticatedGet: authenticated.requestsPerSecond / bare.requestsPerSecond,
    unauthenticated404: notFound.requestsPerSecond / bare.requestsPerSecond,
    h3FloorVsBare: h3Floor.requestsPerSecond / bare.requestsPerSecond,
    authenticatedGetVsH3Floor: authenticated.requestsPerSecond / h3Floor.requestsPerSecond,
  };
}

export function verdicts(r: Ratios, authenticated: TargetResult): Verdicts {
  return {
    authenticatedRatio: {
      target: TARGETS.minAuthenticatedRatio,
      actual: r.authenticatedGet,
      met: r.authenticatedGet >= TARGETS.minAuthenticatedRatio,
    },
    authenticatedP99Ms: {
      target: TARGETS.maxAuthenticatedP99Ms,
      actual: authenticated.latencyMs.p99,
      met: authenticated.latencyMs.p99 <= TARGETS.maxAuthenticatedP99Ms,
    },
  };
}

function statuses(result: TargetResult): string {
  return (
    Object.entries(result.statusCounts)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ') || '-'
  );
}

/**
 * Server CPU time per response, in µs: steadier than req/s on a shared
 * 2-core machine, where the load generator and the server trade places.
 */
export function cpuMicrosPerRequest(r: TargetResult): number {
  return ((r.serverCpuPercent / 100) * 1e6) / r.requestsPerSecond;
}

function percent(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(0)}%` : '-';
}

export function table(results: TargetResult[]): string {
  const header = [
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'statuses',
    'errors/timeouts',
    'peak RSS MB',
    'CPU server',
    'server CPU µs/req',
    'CPU children',
    'CPU bench',
    'CPU other',
  ];
  const rows = results.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(1),
    String(r.latencyMs.p50),
    String(r.latencyMs.p99),
    statuses(r),
    `${r.errors}/${r.timeouts}`,
    r.peakRssMB.toFixed(1),
    percent(r.serverCpuPercent),
    Number.isFinite(cpuMicrosPerRequest(r)) ? cpuMicrosPerRequest(r).toFixed(0) : '-',
    percent(r.childrenCpuPercent),
    percent(r.loadGeneratorCpuPercent),
    percent(r.otherCpuPercent),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  // Text columns left-aligned, numbers right-aligned.
  const leftAligned = new Set([0, 4]);
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (leftAligned.has(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format)].join('\n');
}

export function summary(r: Ratios, v: Verdicts): string {
  const mark = (met: boolean) => (met ? 'MET' : 'MISSED');
  return [
    `ratio ours/bare (req/s): authenticated GET ${r.authenticatedGet.toFixed(3)}, unauthenticated 404 ${r.unauthenticated404.toFixed(3)}`,
    `ratio via the h3 floor (req/s): h3 floor/bare ${r.h3FloorVsBare.toFixed(3)}, authenticated GET/h3 floor ${r.authenticatedGetVsH3Floor.toFixed(3)}`,
    `target authenticated GET ≥ ${v.authenticatedRatio.target.toFixed(2)} × bare: ${mark(v.authenticatedRatio.met)} (${v.authenticatedRatio.actual.toFixed(3)})`,
    `target authenticated GET p99 ≤ ${v.authenticatedP99Ms.target} ms: ${mark(v.authenticatedP99Ms.met)} (${v.authenticatedP99Ms.actual} ms)`,
  ].join('\n');
}

/** Warnings for runs during which the rest of the machine was busy. */
export function disturbances(results: TargetResult[], thresholdPercent = 20): string[] {
  return results
    .filter((r) => r.otherCpuPercent > thresholdPercent)
    .map(
      (r) =>
        `warning: other processes used ${r.otherCpuPercent.toFixed(0)}% CPU during "${r.name}"; its numbers are disturbed, re-run on a quiet machine.`,
    );
}
