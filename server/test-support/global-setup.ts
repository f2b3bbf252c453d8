// One embedded PostgreSQL cluster per test run, with a migrated template
// database; each test file clones its own database from the template
// (test-server.ts), so files run in parallel without seeing each other.
// The cluster and template are @wharf/testing's (testing/src/global-setup.ts):
// one implementation for this suite and for the harness users run, kept in
// /dev/shm without fsync, and shared with the harness's own tests through
// WHARF_TESTING_DATABASE_URL, which the workers inherit.
// Tests run the TypeScript sources, but those that start `bin/wharf.mjs` run
// the compiled dist/: it is brought up to date here, once, before any test.
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../bin/build.mjs';
import { DATABASE_URL_ENV } from '../../testing/src/databases.js';
import { setup as setupHarnessDatabase } from '../../testing/src/global-setup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  await ensureBuilt();
  const teardown = await setupHarnessDatabase();
  project.provide('pgAdminUrl', process.env[DATABASE_URL_ENV]!);
  return teardown;
}
