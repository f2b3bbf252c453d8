// The load a restart happens under: a few loops, each alternating a cached
// authenticated GET with creating a branch (which writes git, the ref mirror
// and a `create` event in the outbox). Answers are only collected here; what
// they should be is judged by the scenario (2xx normally, 503 during an
// outage, never anything else).
type Api = (path: string, init?: { method?: string; body?: unknown }) => Promise<Response>;

export interface RestartLoad {
  /** Branch names whose creation was answered 201. */
  created: Set<string>;
  /** Answers other than 2xx/503 (or a failed connection), with what was asked. */
  unexpected: string[];
  stop(): Promise<void>;
}

const LOOPS = 3;
const PAUSE_MS = 20;

export function startRestartLoad(api: Api, sha: string): RestartLoad {
  const created = new Set<string>();
  const unexpected: string[] = [];
  let running = true;
  let next = 0;
  const check = async (what: string, call: Promise<Response>): Promise<number> => {
    try {
      const res = await call;
      const body = await res.text();
      if (!(res.status >= 200 && res.status < 300) && res.status !== 503)
        unexpected.push(`${what}: ${res.status} ${body.slice(0, 200)}`);
      return res.status;
    } catch (error) {
      unexpected.push(`${what}: ${String(error)}`);
      return 0;
    }
  };
  const loop = async () => {
    while (running) {
      await check('GET /repos/admin/restart', api('/repos/admin/restart'));
      const name = `load-${next++}`;
      const status = await check(
        `create ${name}`,
        api('/repos/admin/restart/git/refs', { method: 'POST', body: { ref: `refs/heads/${name}`, sha } }),
      );
      if (status === 201) created.add(name);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  const loops = Array.from({ length: LOOPS }, loop);
  return {
    created,
    unexpected,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
