// One PostgreSQL cluster and template for a whole test run, shared by the
// runner's worker processes through WHARF_TESTING_DATABASE_URL (they inherit
// the environment). As vitest's `globalSetup` the default export is enough;
// other runners call setup() before and teardown() after the run. With
// WHARF_TESTING_DATABASE_URL already set (a CI PostgreSQL service), it only
// makes sure that server has the template.
import { DATABASE_URL_ENV, ensureTemplate } from './databases.js';
import { startEmbeddedCluster, type TestCluster } from './embedded-cluster.js';

let cluster: TestCluster | undefined;

export async function setup(): Promise<() => Promise<void>> {
  const given = process.env[DATABASE_URL_ENV];
  if (given) {
    await ensureTemplate(given);
    return teardown;
  }
  cluster = await startEmbeddedCluster();
  process.env[DATABASE_URL_ENV] = cluster.url;
  await ensureTemplate(cluster.url);
  return teardown;
}

export async function teardown(): Promise<void> {
  if (!cluster) return;
  delete process.env[DATABASE_URL_ENV];
  await cluster.stop();
  cluster = undefined;
}

export default setup;
