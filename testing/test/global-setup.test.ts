// The global setup a runner calls once: it starts a cluster, hands its URL to
// every later startWharf() through the environment (as worker processes
// inherit it), and teardown stops it.
import { connect } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { connect as connectDatabase } from '../../server/db/database.js';
import setup, { teardown } from '../src/global-setup.js';
import { DATABASE_URL_ENV, startWharf } from '../src/index.js';

// The runner that runs this file shares its own cluster through the same variable;
// this test starts from a process without one, as a runner's setup does.
const inherited = process.env[DATABASE_URL_ENV];
delete process.env[DATABASE_URL_ENV];
afterAll(async () => {
  await teardown();
  if (inherited !== undefined) process.env[DATABASE_URL_ENV] = inherited;
});

it('starts one cluster whose URL later startWharf() calls use, and stops it at teardown', async () => {
  expect(process.env[DATABASE_URL_ENV]).toBeUndefined();
  const stop = await setup();
  const url = process.env[DATABASE_URL_ENV];
  expect(url).toMatch(/^postgres:\/\/wharf:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
  const port = Number(new URL(url!).port);

  const gh = await startWharf();
  const user = await gh.createUser('shared');
  expect((await gh.client(user.token).users.getAuthenticated()).data?.login).toBe('shared');
  // Its database is on the shared cluster (no cluster of its own was started).
  const admin = connectDatabase(url!, { max: 1 });
  const clones = await admin`SELECT datname FROM pg_database WHERE datname ~ '^wharf_test_[0-9a-f]{12}$'`;
  await admin.end();
  expect(clones).toHaveLength(1);
  await gh.close();

  await stop();
  expect(process.env[DATABASE_URL_ENV]).toBeUndefined();
  // The cluster is gone: nothing answers on its port any more.
  const answered = await new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    socket.once('connect', () => socket.destroy());
  });
  expect(answered).toBe(false);
});
