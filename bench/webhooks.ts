// `npm run bench:webhooks`: how fast Wharf delivers webhooks, against a bare
// loop on the same machine, in one run.
//
//   (a) a sink (bench/webhook-sink.ts) on 127.0.0.1, and a bare loop POSTing
//       BENCH_WEBHOOK_EVENTS signed bodies of BENCH_WEBHOOK_BODY_BYTES to it;
//   (b) Wharf delivering the same number of events through the outbox to the
//       same sink, history recorded for every attempt: once `wharf serve`
//       alone, once `wharf serve` (WHARF_WEBHOOK_DISPATCH=off) plus two
//       `wharf worker`s. Events are queued with the outbox's own `enqueue`
//       (see bench/webhook-events.ts) as a burst (deliveries/s: until the
//       last history entry is written), then at a steady
//       BENCH_WEBHOOK_RATE/s for BENCH_WEBHOOK_STEADY_S s (p50/p99 from the
//       event's transaction to the sink's receipt).
// Prints a table and the target verdicts, writes bench/results/webhooks-latest.json.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './child-process.js';
import { startBaseline, type BareServer } from './spawn-bare.js';
import { bareSignedLoop } from './webhook-bare-loop.js';
import { historyCount, queueBurst, queueSteady, waitForHistory } from './webhook-events.js';
import { percentile, WEBHOOK_TARGETS, webhookTable, webhookVerdicts, type WharfRun } from './webhook-report.js';
import { HOOK_SECRET, startWharfSetup, type WharfSetup } from './webhook-wharf.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/webhooks-latest.json', import.meta.url));
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const settings = {
  events: num('BENCH_WEBHOOK_EVENTS', 10_000),
  bodyBytes: num('BENCH_WEBHOOK_BODY_BYTES', 4096),
  hooks: num('BENCH_WEBHOOK_HOOKS', 20),
  steadyPerSecond: num('BENCH_WEBHOOK_RATE', 500),
  steadySeconds: num('BENCH_WEBHOOK_STEADY_S', 10),
  bareConcurrency: num('BENCH_WEBHOOK_BARE_CONCURRENCY', 16),
  /** WHARF_WEBHOOK_CONCURRENCY of every dispatcher; unset → Wharf's default. */
  dispatcherConcurrency: process.env.WHARF_WEBHOOK_CONCURRENCY,
};
const progress = (message: string) => process.stderr.write(`bench:webhooks: ${message}\n`);

interface SinkStats {
  received: number;
  duplicates: number;
  latenciesMs: number[];
}
const sinkStats = async (sink: BareServer) => (await (await fetch(`${sink.url}stats`)).json()) as SinkStats;
const resetSink = async (sink: BareServer) => void (await fetch(`${sink.url}reset`, { method: 'POST' })).arrayBuffer();

async function committedTransactions(setup: WharfSetup): Promise<number> {
  // Backends report their counts when idle, at most once a second.
  await sleep(1_500);
  const [row] = await setup.sql<
    { n: number }[]
  >`SELECT xact_commit::float8 AS n FROM pg_stat_database WHERE datname = current_database()`;
  return row!.n;
}

async function measureWharf(sink: BareServer, name: string, workers: number): Promise<WharfRun> {
  progress(`${name}: starting (fresh data directory, ${settings.hooks} hooks)…`);
  const env = settings.dispatcherConcurrency ? { WHARF_WEBHOOK_CONCURRENCY: settings.dispatcherConcurrency } : {};
  const setup = await startWharfSetup({ workers, hooks: settings.hooks, sinkUrl: `${sink.url}hook`, env });
  try {
    const source = {
      sql: setup.sql,
      repositoryId: setup.repositoryId,
      hookIds: setup.hookIds,
      bodyBytes: settings.bodyBytes,
    };
    let expected = settings.hooks; // the creation pings
    const warmup = Math.min(1_000, settings.events);
    await queueBurst(source, warmup);
    expected += warmup;
    await waitForHistory(setup.sql, setup.hookIds, expected, 120_000);

    progress(`${name}: burst of ${settings.events} events…`);
    await resetSink(sink);
    const xactsBefore = await committedTransactions(setup);
    const cpuBefore = await setup.cpuSeconds();
    const started = Date.now();
    await queueBurst(source, settings.events);
    expected += settings.events;
    const ended = await waitForHistory(setup.sql, setup.hookIds, expected, 600_000, {
      url: sink.url,
      received: settings.events,
    });
    const cpuAfter = await setup.cpuSeconds();
    const burst = await sinkStats(sink);
    const xacts = (await committedTransactions(setup)) - xactsBefore;
    const deliveriesPerSecond = settings.events / ((ended - started) / 1000);

    progress(`${name}: steady ${settings.steadyPerSecond}/s for ${settings.steadySeconds} s…`);
    await resetSink(sink);
    const steadyEvents = await queueSteady(source, settings.steadyPerSecond, settings.steadySeconds);
    expected += steadyEvents;
    await waitForHistory(setup.sql, setup.hookIds, expected, 120_000, { url: sink.url, received: steadyEvents });
    const steady = await sinkStats(sink);
    const sorted = steady.latenciesMs.sort((a, b) => a - b);
    if ((await historyCount(setup.sql, setup.hookIds)) !== expected)
      throw new Error(`${name}: more history entries than attempts expected`);
    return {
      name,
      deliveriesPerSecond,
      events: settings.events,
      duplicates: burst.duplicates + steady.duplicates,
      wharfCpuMicrosPerDelivery: ((cpuAfter.wharf - cpuBefore.wharf) * 1e6) / settings.events,
      postgresCpuMicrosPerDelivery: ((cpuAfter.postgres - cpuBefore.postgres) * 1e6) / settings.events,
      transactionsPerDelivery: xacts / settings.events,
      steady: {
        perSecond: settings.steadyPerSecond,
        seconds: settings.steadySeconds,
        events: steadyEvents,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? NaN,
      },
    };
  } finally {
    await setup.stop();
  }
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const sink = await startBaseline('webhook sink', 'bench/webhook-sink.ts', {}, 30_000);
  try {
    progress(
      `bare loop: ${settings.events} signed ${settings.bodyBytes}-byte POSTs, ${settings.bareConcurrency} at a time…`,
    );
    await bareSignedLoop(
      `${sink.url}hook`,
      Math.min(2_000, settings.events),
      settings.bareConcurrency,
      settings.bodyBytes,
      HOOK_SECRET,
    ); // warm-up
    const bare = await bareSignedLoop(
      `${sink.url}hook`,
      settings.events,
      settings.bareConcurrency,
      settings.bodyBytes,
      HOOK_SECRET,
    );
    if (bare.failed > 0) throw new Error(`bare loop: ${bare.failed} non-200 answers`);
    const runs = [await measureWharf(sink, 'wharf serve', 0), await measureWharf(sink, 'wharf serve + 2 workers', 2)];
    const notes = [
      `${cpus().length} CPUs; 1-minute load average before the run ${loadBefore.toFixed(2)}, after ${loadavg()[0]!.toFixed(2)} (other work on the machine lowers every figure).`,
      `events: ${settings.hooks} hooks with a secret on one repository; bodies ${settings.bodyBytes} bytes; queued with the outbox's enqueue from the bench process, 100 per transaction for the burst.`,
      'deliveries/s: burst events / time from the first enqueue until the last history entry was written.',
      `dispatcher concurrency: ${settings.dispatcherConcurrency ?? 'default'} per process; bare loop: ${settings.bareConcurrency} keep-alive fetch loops (Wharf opens a connection per delivery, by design: the SSRF guard checks each connect).`,
    ];
    process.stdout.write(
      [
        '',
        webhookTable(bare, runs),
        '',
        ...webhookVerdicts(bare, runs),
        '',
        ...notes.map((n) => `note: ${n}`),
        '',
      ].join('\n'),
    );
    await mkdir(join(RESULTS_FILE, '..'), { recursive: true });
    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          cpus: cpus().length,
          loadAverage1mBefore: loadBefore,
          commit: gitCommit(),
          settings,
          bare,
          runs,
          ratios: Object.fromEntries(runs.map((r) => [r.name, r.deliveriesPerSecond / bare.perSecond])),
          targets: WEBHOOK_TARGETS,
          notes,
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(`results written to ${RESULTS_FILE}\n`);
  } finally {
    await sink.stop();
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  process.stderr.write(`bench:webhooks: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
