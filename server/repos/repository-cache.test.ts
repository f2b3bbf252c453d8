// The in-process repository cache drops only what a change makes stale: a
// ref change in one repository (which moves its pushed_at) leaves the other
// repositories cached, and a name once answered 404 is found once created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
});
afterAll(() => server.close());

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

describe('repository cache invalidation', () => {
  it('keeps other repositories cached when one is pushed to, and drops the pushed one', async () => {
    for (const name of ['busy', 'quiet']) {
      expect(
        (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, auto_init: true } }))
          .status,
      ).toBe(201);
    }
    const busy = await (await server.api('/repos/alice/busy', { token: alice.token })).json();
    expect((await server.api('/repos/alice/quiet', { token: alice.token })).status).toBe(200);
    const { repos } = server.services;
    expect(await eventually(() => repos.peek('alice', 'quiet') != null && repos.peek('alice', 'busy') != null)).toBe(
      true,
    );
    const head = await (await server.api('/repos/alice/busy/git/ref/heads/main', { token: alice.token })).json();
    const created = await server.api('/repos/alice/busy/git/refs', {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/heads/feature', sha: head.object.sha },
    });
    expect(created.status).toBe(201);
    // The push's invalidation arrives through PostgreSQL's NOTIFY: the pushed repository goes, the other stays.
    expect(await eventually(() => repos.peek('alice', 'busy') === undefined)).toBe(true);
    expect(repos.peek('alice', 'quiet')?.name).toBe('quiet');
    const after = await (await server.api('/repos/alice/busy', { token: alice.token })).json();
    expect(Date.parse(after.pushed_at)).toBeGreaterThanOrEqual(Date.parse(busy.pushed_at));
  });

  it('finds a repository created under a name that was answered 404 before', async () => {
    expect((await server.api('/repos/alice/later', { token: alice.token })).status).toBe(404);
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'later' } })).status,
    ).toBe(201);
    expect(await eventually(() => server.services.repos.peek('alice', 'later') !== null)).toBe(true);
    expect((await server.api('/repos/alice/later', { token: alice.token })).status).toBe(200);
  });
});
