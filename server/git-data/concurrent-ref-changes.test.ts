// Many ref changes to one repository at once, more than the database pool's
// 10 connections: each waits its turn on the repository's sync lock while
// holding one connection, so the holder of the lock must need no second one.
// Before the sender was read ahead of the transaction, 20 concurrent
// creations hung the server for good (the pool's connections all waiting on
// the lock, its holder waiting on the pool).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchWith, repositoryWithReadme, rest } from '../test-support/graphql/pull-fixture.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let head: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  await repositoryWithReadme(server, alice.token, 'alice', 'busy');
  head = await branchWith(server, alice.token, 'alice/busy', 'b0', { 'f.txt': 'f\n' });
});
afterAll(() => server?.close());

const call = (method: string, path: string, body?: unknown) =>
  server
    .api(path, { method, token: alice.token, body })
    .then(async (r) => ({ status: r.status, body: await r.json() }));

describe('concurrent ref changes to one repository', () => {
  it('creates 30 branches at once: each 201, in git and in the ref mirror', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `c${i}`);
    const answers = await Promise.all(
      names.map((b) => call('POST', '/repos/alice/busy/git/refs', { ref: `refs/heads/${b}`, sha: head })),
    );
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 201));
    const refs = (await rest(server, alice.token, 'GET', '/repos/alice/busy/git/matching-refs/heads/c')) as {
      ref: string;
    }[];
    expect(refs.map((r) => r.ref).sort()).toEqual(names.map((b) => `refs/heads/${b}`).sort());
    const mirrored = await server.sql<{ count: number }[]>`
      SELECT count(*)::int AS count FROM repository_refs WHERE name LIKE 'refs/heads/c%'`;
    expect(mirrored[0]?.count).toBe(30);
  });

  it('writes 15 files to one branch at once through the contents API: each written or refused, none lost', async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        call('PUT', `/repos/alice/busy/contents/file-${i}.txt`, {
          message: `file ${i}`,
          content: Buffer.from(`${i}\n`).toString('base64'),
          branch: 'b0',
        }),
      ),
    );
    // The contents API takes the branch's head as it finds it: a write that lost the race is 409, never a hang or a 500.
    for (const a of answers) expect([201, 409]).toContain(a.status);
    const written = answers.filter((a) => a.status === 201).length;
    expect(written).toBeGreaterThan(0);
    const tree = (await rest(server, alice.token, 'GET', '/repos/alice/busy/git/trees/b0')) as {
      tree: { path: string }[];
    };
    expect(tree.tree.filter((e) => e.path.startsWith('file-')).length).toBe(written);
  });
});
