// What the restart scenario (pg-restart-scenario.ts) checks around each
// restart: the answers during the outage, the token refused afterwards,
// serve registering again for invalidations, the listeners being back, and
// which branches git holds at the end.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface OutageAnswer {
  what: string;
  status: number;
  ok: boolean;
  detail: string;
}

export type Api = (path: string, init?: { method?: string; body?: unknown; token?: string }) => Promise<Response>;

/** While PostgreSQL is down: cached answers 200, anything needing a round trip 503 with GitHub's body and Retry-After. */
export async function probeOutage(base: string, rawApi: Api): Promise<OutageAnswer[]> {
  // A process that died answers nothing: recorded as status 599 rather than thrown.
  const dead = () => new Response(null, { status: 599, statusText: 'no answer' });
  const api: Api = (path, init) => rawApi(path, init).catch(dead);
  const fetch = (url: string) => globalThis.fetch(url).catch(dead);
  const answers: OutageAnswer[] = [];
  const cached = await api('/repos/admin/still');
  answers.push({ what: 'cached GET /repos/admin/still', status: cached.status, ok: cached.status === 200, detail: '' });
  const live = await fetch(`${base}/healthz`);
  answers.push({ what: 'GET /healthz', status: live.status, ok: live.status === 200, detail: '' });
  const ready = await fetch(`${base}/readyz`);
  const readyBody = await ready.text();
  answers.push({
    what: 'GET /readyz',
    status: ready.status,
    ok: ready.status === 503 && readyBody.includes('cannot be reached'),
    detail: readyBody,
  });
  const user = await api('/user');
  const body = await user.text();
  let shaped = false;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; documentation_url?: unknown };
    shaped = typeof parsed.message === 'string' && typeof parsed.documentation_url === 'string';
  } catch {
    /* not JSON: shaped stays false */
  }
  const retryAfter = user.headers.get('retry-after');
  answers.push({
    what: 'uncached GET /user',
    status: user.status,
    ok: user.status === 503 && shaped && retryAfter !== null && Number(retryAfter) > 0,
    detail: `${body} retry-after=${retryAfter}`,
  });
  return answers;
}

/** True once the call answers 401 (within 5 s). */
export async function refusedSoon(call: () => Promise<Response>): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if ((await call()).status === 401) return true;
    await sleep(100);
  }
  return false;
}

/** True once a process has a fresh heartbeat in cache_listeners (within 3 s). */
export async function listenerRegistered(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      const [row] = await sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM cache_listeners WHERE seen_at > now() - interval '15 seconds'`;
      if (row!.n > 0) return true;
      await sleep(100);
    }
    return false;
  } finally {
    await sql.end();
  }
}

/** Waits until `count` connections are listening (serve's and the worker's LISTEN connections). */
export async function waitForListeners(url: string, count: number): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [listening] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen %' AND pid <> pg_backend_pid()`;
      // A moment more: a connection's channels are listened to one after the other.
      if (listening!.n >= count || Date.now() > deadline) {
        await sleep(200);
        return;
      }
      await sleep(50);
    }
  } finally {
    await sql.end();
  }
}

export async function gitRefs(gitDir: string): Promise<string[]> {
  const { stdout } = await run('git', [
    '--git-dir',
    gitDir,
    'for-each-ref',
    '--format=%(refname:short)',
    'refs/heads/load-*',
  ]);
  return stdout.split('\n').filter(Boolean);
}
