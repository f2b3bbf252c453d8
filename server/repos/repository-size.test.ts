// A repository's `size` (REST) and `diskUsage` (GraphQL): KiB on disk, measured
// when its refs change, the same number on every path, and a fork starts with
// its parent's (GitHub's fork shows the network's size).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
});
afterAll(async () => {
  await git?.close();
  await server?.close();
});

const repoBody = async (path: string, token: string) => (await server.api(path, { token })).json();

describe('repository size', () => {
  it('is 0 while empty, then what the pushed objects take on disk, the same in REST and GraphQL', async () => {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'sized' } })).status,
    ).toBe(201);
    expect((await repoBody('/repos/alice/sized', alice.token)).size).toBe(0);

    // 300 KiB of random bytes: git cannot compress them, so the pack is at least that big.
    const work = join(git.home, 'sized');
    await mkdir(work);
    await git.ok(['init'], { cwd: work });
    await writeFile(join(work, 'noise.bin'), randomBytes(300 * 1024));
    await git.ok(['add', '.'], { cwd: work });
    await git.ok(['commit', '-m', 'noise'], { cwd: work });
    await git.ok(['push', cloneUrl(server.url, 'alice/sized.git', alice.token), 'HEAD:refs/heads/main'], { cwd: work });

    const rest = await repoBody('/repos/alice/sized', alice.token);
    expect(rest.size).toBeGreaterThanOrEqual(300);
    expect(rest.size).toBeLessThan(400);
    const { data } = await graphqlOk(
      server,
      '{ repository(owner: "alice", name: "sized") { diskUsage } }',
      {},
      alice.token,
    );
    expect(data?.repository.diskUsage).toBe(rest.size);
    const listed = (await repoBody('/user/repos?per_page=100', alice.token)) as { name: string; size: number }[];
    expect(listed.find((r) => r.name === 'sized')?.size).toBe(rest.size);
  });

  it("starts a fork at its parent's size", async () => {
    const parent = await repoBody('/repos/alice/sized', alice.token);
    const fork = await server.api('/repos/alice/sized/forks', { method: 'POST', token: bob.token, body: {} });
    expect(fork.status).toBe(202);
    expect((await fork.json()).size).toBe(parent.size);
    expect((await repoBody('/repos/bob/sized', bob.token)).size).toBe(parent.size);
  });
});
