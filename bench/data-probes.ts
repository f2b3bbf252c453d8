// The measurements of `npm run bench:data`: a restart timed to /readyz with
// the git processes it spawns, sequential request latencies (cold: each
// repository asked for the first time; warm: the same one again), and the
// plans PostgreSQL picks for the queries behind the measured endpoints.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sql } from '../server/db/database.js';
import { freePort } from '../server/db/free-port.js';
import { hasExited, spawnNode, stopChild, type Child } from './child-process.js';
import { countLines } from './data-seed.js';
import { BENCH_RATE_LIMIT } from './spawn-wharf.js';

export interface Started {
  child: Child;
  baseUrl: string;
  readyMs: number;
  stop(): Promise<void>;
}

/** Starts `wharf serve` on an existing data dir and times it to the first 200 from /readyz. */
export async function startTimed(
  dataDir: string,
  extraEnv: Record<string, string>,
  timeoutMs = 180_000,
): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extraEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    WHARF_DATA_DIR: dataDir,
    WHARF_LOG_LEVEL: 'warn',
    WHARF_RATE_LIMIT_AUTHENTICATED: String(BENCH_RATE_LIMIT),
    WHARF_RATE_LIMIT_UNAUTHENTICATED: String(BENCH_RATE_LIMIT),
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawnNode(['bin/wharf.mjs', 'serve'], env);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => void (await stopChild(child.process, 30_000));
  for (;;) {
    if (hasExited(child.process)) throw new Error(`wharf exited during start-up:\n${child.stderrTail()}`);
    const ok = await fetch(`${baseUrl}/readyz`).then(
      async (r) => (await r.arrayBuffer(), r.status === 200),
      () => false,
    );
    if (ok) return { child, baseUrl, readyMs: performance.now() - started, stop };
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`wharf not ready after ${timeoutMs} ms:\n${child.stderrTail()}`);
    }
    await sleep(20);
  }
}

/** Waits until no git process was spawned for `quietMs`; returns the count and when the last one was seen (ms after `since`). */
export async function gitSettled(
  logFile: string,
  since: number,
  quietMs = 3_000,
  maxMs = 300_000,
): Promise<{ count: number; lastAtMs: number }> {
  // Watched from now (the server is ready): the quiet period starts here.
  let count = await countLines(logFile);
  let lastAt = performance.now();
  while (performance.now() - lastAt < quietMs && performance.now() - since < maxMs) {
    await sleep(250);
    const now = await countLines(logFile);
    if (now !== count) {
      count = now;
      lastAt = performance.now();
    }
  }
  return { count, lastAtMs: count > 0 ? Math.round(lastAt - since) : 0 };
}

export interface Latency {
  n: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Sequential GETs of `paths` (one request each, in order). */
export async function latencies(baseUrl: string, token: string, paths: string[]): Promise<Latency> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(baseUrl + path, { headers: { authorization: `token ${token}` } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    n: times.length,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1)!),
    statuses,
  };
}

export interface Plan {
  query: string;
  nodes: string[];
  seqScans: string[];
  executionMs: number;
}

/** The plan of `text` (run with EXPLAIN ANALYZE), summarised: its node types and any sequential scan. */
export async function explain(sql: Sql, query: string, text: string, params: (string | number)[]): Promise<Plan> {
  const [row] = await sql.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }[]>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
    params,
  );
  const plan = row!['QUERY PLAN'][0];
  const nodes: string[] = [];
  const seqScans: string[] = [];
  const walk = (node: PlanNode) => {
    const label = node['Relation Name'] ? `${node['Node Type']} on ${node['Relation Name']}` : node['Node Type'];
    nodes.push(label);
    if (node['Node Type'] === 'Seq Scan') seqScans.push(`${node['Relation Name']} (${node['Actual Rows']} rows)`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return { query, nodes, seqScans, executionMs: Math.round(plan['Execution Time'] * 100) / 100 };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}
