// `wharf serve`: the HTTP server, with the embedded PostgreSQL when
// DATABASE_URL is unset; stops cleanly (database included) on SIGINT/SIGTERM.
import { toNodeHandler } from 'h3';
import { createWharfApp } from '../app.js';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { createHttpServer } from '../http/http-server.js';
import type { Logger } from '../log.js';
import { announceAdminToken, bootstrapAdmin } from './bootstrap-admin.js';
import { runUntilSignal } from './run-until-signal.js';

export async function serve(config: Config, log: Logger): Promise<number> {
  const db = await openDatabase(config, log);
  const adminToken = await bootstrapAdmin(db.sql);
  if (adminToken) announceAdminToken(adminToken);
  const wharf = await createWharfApp(config, db.sql, log);
  const server = createHttpServer(toNodeHandler(wharf.app));
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolveListen());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info('wharf listening', { url: `http://${config.host}:${port}`, publicUrl: config.publicUrl });

  return runUntilSignal(log, async () => {
    server.closeIdleConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await wharf.close();
    await db.close();
  });
}
