// PostgreSQL restarted in immediate mode, again and again, under load, with
// `wharf serve` and `wharf worker` running against it (issue 11: a restart
// used to kill them through postgres.js's nextWrite bug). Shared by
// server/db/database-restart.test.ts (a few restarts) and
// bench/pg-restart.ts (ten, with the figures printed).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { freePort } from '../db/free-port.js';
import { startPgCluster } from './pg-cluster.js';
import {
  gitRefs,
  listenerRegistered,
  probeOutage,
  refusedSoon,
  waitForListeners,
  type OutageAnswer,
} from './restart-probes.js';
import { startRestartLoad } from './restart-load.js';
import { startWebhookReceiver } from './webhook-receiver.js';
import { bootstrapToken, startWharf, waitFor200, type WharfProcess } from './wharf-process.js';

const run = promisify(execFile);
const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;

export type { OutageAnswer };

export interface RestartReport {
  restarts: number;
  /** Restarts after which every process was still running (the scenario stops at the first exit). */
  survived: number;
  /** Processes that exited on their own, with how and their last lines. */
  exits: { name: string; code: number | null; signal: string | null; tail: string[] }[];
  /** Per restart: ms from PostgreSQL accepting connections to /readyz answering 200. */
  readyMs: number[];
  /** What the probes sent while PostgreSQL was down got, each checked against what it should have been. */
  outageAnswers: OutageAnswer[];
  /** Answers of the load other than 2xx and 503 (a 500 means an outage error escaped the mapping). */
  unexpected: string[];
  refsCreated: number;
  /** Refs in git with no `create` delivery at the end. */
  lost: string[];
  /** `create` deliveries beyond the first for a ref (at-least-once allows them). */
  duplicates: number;
  /**
   * Per restart: serve is back in cache_listeners (unlogged, so emptied by the
   * crash restart) within 3 s of /readyz, so revocations wait for it again.
   */
  reregistered: boolean[];
  /** A token deleted while serve's listener was away is refused after the reconnect (no stale cache). */
  revokedTokenRefused: boolean;
  /** Log lines at error level, e.g. 'unhandled error'. */
  errorLines: string[];
  /** How often each log message appeared, per process (`serve: database unavailable` → 12). */
  logCounts: Record<string, number>;
}

export interface ScenarioOptions {
  restarts: number;
  outageMs?: number;
  loadMs?: number;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runRestartScenario(options: ScenarioOptions): Promise<RestartReport> {
  const { restarts, outageMs = 1_000, loadMs = 800, log = () => {} } = options;
  const cluster = await startPgCluster();
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-restart-data-'));
  const receiver = await startWebhookReceiver();
  const processes: WharfProcess[] = [];
  try {
    const admin = postgres(cluster.url('postgres'), { max: 1, onnotice: () => {} });
    await admin`CREATE DATABASE wharf`;
    await admin.end();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: cluster.url('wharf'),
      WHARF_DATA_DIR: dataDir,
      WHARF_LOG_LEVEL: 'warn',
      WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
      // A short timeout makes a short lease: a job whose record was lost to a restart is sent again soon.
      WHARF_WEBHOOK_TIMEOUT: '2s',
      WHARF_WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s',
      // Leases of 10 000 requests: cached answers need no new lease during an outage.
      WHARF_RATE_LIMIT_AUTHENTICATED: '1000000',
    };
    const serve = startWharf('serve', 'serve', env);
    processes.push(serve);
    const token = await bootstrapToken(serve);
    await waitFor200(`${base}/readyz`);
    processes.push(startWharf('worker', 'worker', env));

    const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
      fetch(base + path, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${init.token ?? token}`,
          accept: 'application/vnd.github+json',
          'content-type': 'application/json',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    const repo = (await (
      await api('/user/repos', { method: 'POST', body: { name: 'restart', auto_init: true } })
    ).json()) as { id: number; default_branch: string };
    const head = (await (await api(`/repos/admin/restart/git/ref/heads/${repo.default_branch}`)).json()) as {
      object: { sha: string };
    };
    // Read by the outage probe only: nothing invalidates its cache entry, unlike `restart`, whose refs the load changes.
    if ((await api('/user/repos', { method: 'POST', body: { name: 'still' } })).status !== 201)
      throw new Error('could not create admin/still');
    const hook = await api('/repos/admin/restart/hooks', {
      method: 'POST',
      body: { config: { url: receiver.url, content_type: 'json' }, events: ['create'] },
    });
    if (hook.status !== 201) throw new Error(`hook: ${hook.status} ${await hook.text()}`);
    const { stdout } = await run(process.execPath, [CLI, 'admin', 'create-token', 'admin', '--scopes', 'repo'], {
      env: { ...process.env, ...env },
    });
    const doomed = stdout.trim();
    if ((await api('/repos/admin/restart', { token: doomed })).status !== 200) throw new Error('second token refused');

    const load = startRestartLoad(api, head.object.sha);
    const readyMs: number[] = [];
    const outageAnswers: OutageAnswer[] = [];
    let revokedTokenRefused = false;
    let survived = 0;
    const reregistered: boolean[] = [];
    const anyExit = () => processes.some((p) => p.exit);
    for (let i = 0; i < restarts && !anyExit(); i++) {
      await sleep(loadMs);
      // Every process listens again (serve's invalidation channel dropped its caches when it did): prime the probe's cache entry.
      await waitForListeners(cluster.url('wharf'), 2);
      await api('/repos/admin/still');
      // Again after a moment: serve resets its caches in its LISTEN callback, which runs a little after
      // pg_stat_activity shows the LISTEN; on a busy machine that was once after the first priming (CI, stop 30).
      await sleep(500);
      await api('/repos/admin/still');
      await cluster.stopImmediate();
      const downAt = Date.now();
      outageAnswers.push(...(await probeOutage(base, api)));
      await sleep(Math.max(0, outageMs - (Date.now() - downAt)));
      await cluster.start();
      const backAt = Date.now();
      if (anyExit()) break;
      if (i === 0) {
        // Revoked while serve's listener is (or was just) away, without the NOTIFY a revocation
        // sends: only the reset on re-listening can drop the cached principal.
        const sql = postgres(cluster.url('wharf'), { max: 1, onnotice: () => {} });
        await sql`DELETE FROM tokens WHERE id = (SELECT max(id) FROM tokens)`;
        await sql.end();
      }
      await waitFor200(`${base}/readyz`, 60_000).catch(() => {});
      if (anyExit()) break;
      readyMs.push(Date.now() - backAt);
      survived++;
      if (i === 0) revokedTokenRefused = await refusedSoon(() => api('/repos/admin/restart', { token: doomed }));
      reregistered.push(await listenerRegistered(cluster.url('wharf')));
      log(
        `restart ${i + 1}/${restarts}: ready ${readyMs[i]} ms after PostgreSQL was back; ${load.created.size} refs so far`,
      );
    }
    await sleep(loadMs);
    await load.stop();

    const refs = await gitRefs(join(dataDir, 'repositories', `${repo.id}.git`));
    const createdDeliveries = async () =>
      receiver.received
        .filter((r) => r.headers['x-github-event'] === 'create')
        .map((r) => (JSON.parse(r.body.toString('utf8')) as { ref: string }).ref);
    const deadline = Date.now() + 60_000;
    let delivered = await createdDeliveries();
    while (refs.some((ref) => !delivered.includes(ref)) && Date.now() < deadline) {
      await sleep(250);
      delivered = await createdDeliveries();
    }
    const exits = processes.filter((p) => p.exit).map((p) => ({ name: p.name, ...p.exit! }));
    const errorLines = processes.flatMap((p) => p.grep(/"level":"error"/).map((line) => `${p.name}: ${line}`));
    const logCounts: Record<string, number> = {};
    for (const p of processes) {
      for (const line of p.grep(/^\{/)) {
        const key = `${p.name}: ${(JSON.parse(line) as { msg?: string }).msg}`;
        logCounts[key] = (logCounts[key] ?? 0) + 1;
      }
    }
    return {
      restarts,
      survived,
      exits,
      readyMs,
      reregistered,
      outageAnswers,
      unexpected: load.unexpected,
      refsCreated: refs.length,
      lost: refs.filter((ref) => !delivered.includes(ref)),
      duplicates: delivered.length - new Set(delivered).size,
      revokedTokenRefused,
      errorLines,
      logCounts,
    };
  } finally {
    for (const p of processes) await p.stop();
    await receiver.close();
    await cluster.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}
