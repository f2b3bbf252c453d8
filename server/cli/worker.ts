// `wharf worker`: a webhook dispatcher without the HTTP server, for scaling
// deliveries out. Runs against the same database as the servers (with the
// embedded PostgreSQL it joins the running cluster, as admin commands do);
// any number may run at once. It reads the git repositories under
// WHARF_DATA_DIR (for the ref reconciler), so it runs where they are. Stops on SIGINT/SIGTERM after the attempts in
// flight have ended.
import { join } from 'node:path';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import type { Logger } from '../log.js';
import { Urls } from '../http/urls.js';
import { GitRepositories } from '../repos/git.js';
import { refFollowers } from '../services.js';
import { startWebhookRuntime } from '../webhooks/webhook-runtime.js';
import { runUntilSignal } from './run-until-signal.js';

export async function worker(config: Config, log: Logger): Promise<number> {
  const db = await openDatabase(config, log);
  const git = new GitRepositories(join(config.dataDir, 'repositories'));
  const urls = new Urls(config.publicUrl, config.noreplyHost);
  const runtime = await startWebhookRuntime(config, db.sql, log, git, urls, refFollowers);
  log.info('wharf worker dispatching webhook deliveries', { concurrency: config.webhooks.concurrency });
  return runUntilSignal(log, async () => {
    await runtime.stop();
    await db.close();
  });
}
