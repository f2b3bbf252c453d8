// The `wharf` command line: serve, migrate, admin.
// Each command imports what it runs when it runs, so `wharf admin …` starts
// without the HTTP server, GraphQL or the request validators (see
// server/cli/cli-imports.test.ts); only the small modules below load always.
import { loadConfig, ConfigError } from './config.js';
import { createLogger } from './log.js';
import { ADMIN_USAGE } from './cli/admin-usage.js';

const USAGE = `usage: wharf <command>
  serve          run the HTTP server (embedded PostgreSQL unless DATABASE_URL is set)
  worker         dispatch webhook deliveries only (scale-out; \`serve\` dispatches too)
  migrate        apply database migrations and exit
  admin …        administration; see \`wharf admin help\`

${ADMIN_USAGE}

Configuration is by environment variables; see docs/configuration.md.`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`wharf: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  // Admin commands keep the console quiet: their stdout is machine-readable.
  const log = createLogger(
    command === 'serve' || command === 'worker' ? config.logLevel : config.logLevel === 'debug' ? 'debug' : 'warn',
  );
  if (command === 'serve') return (await import('./cli/serve.js')).serve(config, log);
  if (command === 'worker') return (await import('./cli/worker.js')).worker(config, log);
  if (command !== 'migrate' && command !== 'admin') {
    process.stderr.write(`wharf: unknown command ${command}\n${USAGE}\n`);
    return 2;
  }
  if (command === 'admin' && (rest.length === 0 || rest[0] === 'help')) {
    process.stdout.write(`${ADMIN_USAGE}\n`);
    return rest.length === 0 ? 2 : 0;
  }
  const [{ openDatabase }, { AccountError }, { runAdmin, UsageError }, { announceAdminToken, bootstrapAdmin }] =
    await Promise.all([
      import('./db/database.js'),
      import('./repos/accounts-store.js'),
      import('./cli/admin.js'),
      import('./cli/bootstrap-admin.js'),
    ]);
  const db = await openDatabase(config, log);
  try {
    const adminToken = await bootstrapAdmin(db.sql);
    if (adminToken) announceAdminToken(adminToken);
    if (command === 'migrate') return 0;
    await runAdmin(db.sql, rest, (line) => process.stdout.write(`${line}\n`), config);
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof AccountError ||
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      process.stderr.write(`wharf admin: ${(error as Error).message}\n`);
      return error instanceof UsageError || (error as { code?: string }).code ? 2 : 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}
