// Wharf for bench/webhooks.ts: `wharf serve` on a fresh data directory
// (embedded PostgreSQL), alone or with `wharf worker`s (then serve does not
// dispatch), a repository with `hooks` hooks (secret, json) pointing at the
// sink, and a connection of the bench's own to Wharf's PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Sql } from '../server/db/database.js';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { createLogger } from '../server/log.js';
import { spawnNode, stopChild, type Child } from './child-process.js';
import { CLOCK_TICKS_PER_SECOND, descendantCpuTicks, readCpuTicks } from './proc.js';
import { startWharf, type WharfServer } from './spawn-wharf.js';

export const HOOK_SECRET = 'bench-secret';

export interface WharfSetup {
  wharf: WharfServer;
  workers: Child[];
  sql: Sql;
  repositoryId: number;
  hookIds: number[];
  /** CPU seconds so far: Wharf's Node processes, and its PostgreSQL. */
  cpuSeconds(): Promise<{ wharf: number; postgres: number }>;
  stop(): Promise<void>;
}

async function api(wharf: WharfServer, path: string, body: unknown): Promise<{ id: number }> {
  const response = await fetch(`${wharf.baseUrl}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `token ${wharf.token}`, 'content-type': 'application/json' },
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { id: number };
}

export async function startWharfSetup(options: {
  workers: number;
  hooks: number;
  sinkUrl: string;
  env: NodeJS.ProcessEnv;
}): Promise<WharfSetup> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-hooks-'));
  const env = {
    WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
    ...options.env,
    WHARF_WEBHOOK_DISPATCH: options.workers > 0 ? 'off' : 'on',
  };
  const wharf = await startWharf(dataDir, 120_000, [], undefined, env);
  const workers = Array.from({ length: options.workers }, () =>
    spawnNode(['bin/wharf.mjs', 'worker'], {
      ...process.env,
      ...env,
      WHARF_DATA_DIR: dataDir,
      WHARF_LOG_LEVEL: 'warn',
    }),
  );
  const cluster = await startEmbeddedPostgres(dataDir, createLogger('error'));
  const sql = connect(cluster.url('wharf'), { max: 4 });
  const user = (await (
    await fetch(`${wharf.baseUrl}/user`, { headers: { authorization: `token ${wharf.token}` } })
  ).json()) as { login: string };
  const repo = await api(wharf, '/user/repos', { name: 'bench-hooks' });
  const hookIds: number[] = [];
  for (let i = 0; i < options.hooks; i++) {
    const hook = await api(wharf, `/repos/${user.login}/bench-hooks/hooks`, {
      config: { url: options.sinkUrl, content_type: 'json', secret: HOOK_SECRET },
      events: ['push'],
    });
    hookIds.push(hook.id);
  }
  const nodePids = [wharf.child.pid, ...workers.map((w) => w.pid)];
  return {
    wharf,
    workers,
    sql,
    repositoryId: repo.id,
    hookIds,
    async cpuSeconds() {
      let node = 0;
      for (const pid of nodePids) node += (await readCpuTicks(pid)) ?? 0;
      let pg = 0;
      for (const ticks of (await descendantCpuTicks(wharf.child.pid)).values()) pg += ticks;
      return { wharf: node / CLOCK_TICKS_PER_SECOND, postgres: pg / CLOCK_TICKS_PER_SECOND };
    },
    async stop() {
      await sql.end({ timeout: 5 });
      await Promise.allSettled(workers.map((w) => stopChild(w.process, 30_000)));
      await wharf.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
