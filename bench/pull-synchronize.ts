// The push → `pull_request` `synchronize` part of `npm run bench:git` (issue
// 17): a hook subscribed to pull_request only, pointing at a receiver on
// 127.0.0.1, an open pull request topic → main, then N pushes of one commit
// each to topic; each is timed from the start of `git push` until the
// receiver has the synchronize delivery whose `after` is the pushed commit.
// Pushes run one after another (each waits for its delivery).
import { join } from 'node:path';
import type { WebhookReceiver } from '../server/test-support/webhook-receiver.js';
import { git, writeCommits } from './git-fixtures.js';

/** From issue 17: the synchronize delivery within a second of the push (p50). */
export const SYNC_TARGET_P50_MS = 1000;

export interface SyncResult {
  pushes: number;
  runsMs: number[];
  p50Ms: number;
  p95Ms: number;
  targetP50Ms: number;
  met: boolean;
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Setup {
  api: (path: string, body: unknown) => Promise<{ status: number; body: Record<string, any> }>;
  receiver: WebhookReceiver;
  cloneUrl: string;
  fullName: string;
  root: string;
}

export async function measureSynchronize(
  { api, receiver, cloneUrl, fullName, root }: Setup,
  pushes: number,
): Promise<SyncResult> {
  const hook = await api(`/repos/${fullName}/hooks`, {
    config: { url: receiver.url, content_type: 'json' },
    events: ['pull_request'],
  });
  if (hook.status !== 201) throw new Error(`create hook: ${hook.status} ${JSON.stringify(hook.body)}`);
  const work = join(root, 'sync-work');
  await git(['clone', '--quiet', cloneUrl, work], root);
  await writeCommits(work, 'topic', 'refs/remotes/origin/main', 1, 'topic');
  await git(['push', '--quiet', 'origin', 'topic'], work);
  const pull = await api(`/repos/${fullName}/pulls`, { title: 'Synchronize bench', head: 'topic', base: 'main' });
  if (pull.status !== 201) throw new Error(`create pull request: ${pull.status} ${JSON.stringify(pull.body)}`);
  const runsMs: number[] = [];
  for (let run = 1; run <= pushes; run++) {
    const tip = await git(['rev-parse', 'refs/heads/topic'], work);
    await writeCommits(work, 'topic', tip, 1, `sync${run}`);
    const after = await git(['rev-parse', 'refs/heads/topic'], work);
    const seen = receiver.received.length;
    const start = performance.now();
    await git(['push', '--quiet', 'origin', 'topic'], work);
    for (;;) {
      const hit = receiver.received.slice(seen).find((r) => {
        if (r.headers['x-github-event'] !== 'pull_request') return false;
        const body = JSON.parse(r.body.toString('utf8')) as { action?: string; after?: string };
        return body.action === 'synchronize' && body.after === after;
      });
      if (hit) break;
      await receiver.waitFor(receiver.received.length + 1, 30_000);
    }
    runsMs.push(Math.round(performance.now() - start));
  }
  const p50Ms = percentile(runsMs, 50);
  return {
    pushes,
    runsMs,
    p50Ms,
    p95Ms: percentile(runsMs, 95),
    targetP50Ms: SYNC_TARGET_P50_MS,
    met: p50Ms <= SYNC_TARGET_P50_MS,
  };
}
