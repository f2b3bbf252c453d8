// The background side of webhooks in one process: a dispatcher and the
// history pruner. `wharf serve` starts it unless WHARF_WEBHOOK_DISPATCH=off;
// `wharf worker` runs nothing else.
import type { Config } from '../config.js';
import type { Sql } from '../db/database.js';
import type { Logger } from '../log.js';
import { Dispatcher } from './dispatcher.js';
import type { RefFollowers } from './ref-followers.js';
import { startRefReconciler } from './ref-reconciler.js';
import type { GitRepositories } from '../repos/git.js';
import type { Urls } from '../http/urls.js';

/** How often finished jobs and history past the retention are deleted. */
const PRUNE_EVERY_MS = 60 * 60_000;

export interface WebhookRuntime {
  stop(): Promise<void>;
}

/** Deletes history entries and finished jobs older than the retention; any process may run it at any time. */
export async function pruneWebhookHistory(
  sql: Sql,
  retentionMs: number,
): Promise<{ deliveries: number; jobs: number }> {
  const deliveries =
    await sql`DELETE FROM webhook_deliveries WHERE delivered_at < now() - ${retentionMs} * interval '1 millisecond'`;
  const jobs =
    await sql`DELETE FROM webhook_jobs WHERE state <> 'pending' AND created_at < now() - ${retentionMs} * interval '1 millisecond'`;
  return { deliveries: deliveries.count, jobs: jobs.count };
}

export async function startWebhookRuntime(
  config: Config,
  sql: Sql,
  log: Logger,
  git: GitRepositories,
  urls: Urls,
  followers: RefFollowers,
): Promise<WebhookRuntime> {
  const settings = config.webhooks;
  const dispatcher = new Dispatcher({ sql, log, vendor: config.vendor, settings, allowList: settings.allowList });
  await dispatcher.start();
  const prune = () =>
    pruneWebhookHistory(sql, settings.retentionMs)
      .then((counts) => {
        if (counts.deliveries || counts.jobs) log.info('pruned webhook history', counts);
      })
      .catch((error: unknown) => log.warn('webhook history pruning failed', { error: String(error) }));
  void prune();
  // Ref changes whose events were not written (a crash between git and the
  // database) are found by their markers, then by diffing git against the mirror.
  const reconciler = startRefReconciler({ sql, git, urls, log, followers });
  const pruning = setInterval(prune, PRUNE_EVERY_MS);
  pruning.unref();
  log.debug('webhook dispatcher started', { owner: dispatcher.owner, concurrency: settings.concurrency });
  return {
    async stop() {
      clearInterval(pruning);
      reconciler.stop();
      await Promise.all([dispatcher.stop(), reconciler.settled()]);
    },
  };
}
