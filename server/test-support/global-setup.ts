// One embedded PostgreSQL cluster per test run, with a migrated template
// database; each test file clones its own database from the template
// (test-server.ts), so files run in parallel without seeing each other.
// Tests run the TypeScript sources, but those that start `bin/wharf.mjs` run
// the compiled dist/: it is brought up to date here, once, before any test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../bin/build.mjs';
import { connect } from '../db/database.js';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { migrate } from '../db/migrate.js';
import { createLogger } from '../log.js';

export const TEMPLATE_DATABASE = 'wharf_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  await ensureBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'wharf-test-pg-'));
  const log = createLogger('warn');
  const cluster = await startEmbeddedPostgres(dir, log);
  const admin = connect(cluster.url('postgres'), { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = connect(cluster.url(TEMPLATE_DATABASE), { max: 1 });
  await migrate(template);
  await template.end();
  project.provide('pgAdminUrl', cluster.url('postgres'));
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
