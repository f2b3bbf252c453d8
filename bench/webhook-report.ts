// The figures of bench/webhooks.ts: one row per way of sending, the ratios to
// the bare loop, the target verdicts (reported, never enforced) and a table.

/** From issue 13, on the 2-core machine. */
export const WEBHOOK_TARGETS = {
  minDeliveriesPerSecond: 2_000,
  stretchDeliveriesPerSecond: 3_000,
  minRatio: 0.3,
  maxP99Ms: 250,
};

export interface WharfRun {
  name: string;
  /** History entries written per second while draining a burst of `events`. */
  deliveriesPerSecond: number;
  events: number;
  /** Requests the sink saw during the burst beyond one per delivery (at-least-once resends). */
  duplicates: number;
  /** CPU per delivery during the burst, µs: Wharf's Node processes, its PostgreSQL. */
  wharfCpuMicrosPerDelivery: number;
  postgresCpuMicrosPerDelivery: number;
  /** Committed transactions per delivery in Wharf's database during the burst (the bench's own included). */
  transactionsPerDelivery: number;
  steady: { perSecond: number; seconds: number; events: number; p50Ms: number; p99Ms: number; maxMs: number };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function webhookTable(bare: { perSecond: number }, runs: WharfRun[]): string {
  const header = [
    'sender',
    'deliveries/s',
    'ratio to bare',
    `p50 ms @${runs[0]?.steady.perSecond ?? 0}/s`,
    'p99 ms',
    'max ms',
    'Node CPU µs/delivery',
    'PG CPU µs/delivery',
    'xacts/delivery',
    'duplicates',
  ];
  const rows = [
    ['bare signed POST loop (fetch)', bare.perSecond.toFixed(0), '1.000', '-', '-', '-', '-', '-', '-', '-'],
    ...runs.map((r) => [
      r.name,
      r.deliveriesPerSecond.toFixed(0),
      (r.deliveriesPerSecond / bare.perSecond).toFixed(3),
      String(r.steady.p50Ms),
      String(r.steady.p99Ms),
      String(r.steady.maxMs),
      r.wharfCpuMicrosPerDelivery.toFixed(0),
      r.postgresCpuMicrosPerDelivery.toFixed(0),
      r.transactionsPerDelivery.toFixed(2),
      String(r.duplicates),
    ]),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format)].join('\n');
}

export function webhookVerdicts(bare: { perSecond: number }, runs: WharfRun[]): string[] {
  const mark = (met: boolean) => (met ? 'MET' : 'MISSED');
  const t = WEBHOOK_TARGETS;
  return runs.flatMap((r) => {
    const ratio = r.deliveriesPerSecond / bare.perSecond;
    return [
      `${r.name}: ≥ ${t.minDeliveriesPerSecond} deliveries/s with full history: ${mark(r.deliveriesPerSecond >= t.minDeliveriesPerSecond)} (${r.deliveriesPerSecond.toFixed(0)}; stretch ${t.stretchDeliveriesPerSecond}: ${mark(r.deliveriesPerSecond >= t.stretchDeliveriesPerSecond)})`,
      `${r.name}: ratio ≥ ${t.minRatio}: ${mark(ratio >= t.minRatio)} (${ratio.toFixed(3)})`,
      `${r.name}: p99 ≤ ${t.maxP99Ms} ms at ${r.steady.perSecond}/s: ${mark(r.steady.p99Ms <= t.maxP99Ms)} (${r.steady.p99Ms} ms)`,
    ];
  });
}
