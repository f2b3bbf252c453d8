// The set-up of the fork pull request tests: a server without a dispatcher,
// alice's public repository alice/proj (hooked for pull_request and push)
// with a README on main pushed by the real git CLI from her working copy,
// forked by bob and by carol (a sibling), dave unrelated, bob's clone of his
// fork, and the parent's pull_request events.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { apiCall, type CallOptions } from './api-call.js';
import { cloneUrl, gitCli, type GitCli } from './git-cli.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';
import { hookedRepository, outboxReader, type QueuedEvent } from './webhook-outbox.js';

export interface ForkScenario {
  server: TestServer;
  /** Owns the parent. */
  alice: TestUser;
  /** Forks it. */
  bob: TestUser;
  /** Forks it too (a sibling). */
  carol: TestUser;
  /** Unrelated. */
  dave: TestUser;
  git: GitCli;
  parentId: number;
  parentEvents: () => Promise<QueuedEvent[]>;
  /** bob's clone of bob/proj. */
  bobWork: string;
  call: (path: string, options?: CallOptions) => ReturnType<typeof apiCall>;
  /** Opens a pull request in `repo` as the owner of `token`. */
  open: (repo: string, body: Record<string, unknown>, token: string) => ReturnType<typeof apiCall>;
  /** A clone of `repo` as `user` in a fresh directory. */
  cloneAs: (user: TestUser, repo: string, dir: string) => Promise<string>;
  /** Commits `text` to `file` on `branch` (created from HEAD when new) and pushes it; the new head. */
  commitAndPush: (work: string, branch: string, file: string, text: string) => Promise<string>;
  close(): Promise<void>;
}

export async function startForkScenario(): Promise<ForkScenario> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const alice = await server.createUser('alice');
  const bob = await server.createUser('bob');
  const carol = await server.createUser('carol');
  const dave = await server.createUser('dave');
  const git = await gitCli();
  const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);
  async function cloneAs(user: TestUser, repo: string, dir: string): Promise<string> {
    const work = join(git.home, dir);
    await git.ok(['clone', '--quiet', cloneUrl(server.url, `${repo}.git`, user.token), work]);
    return work;
  }
  async function commitAndPush(work: string, branch: string, file: string, text: string): Promise<string> {
    await git.ok(['checkout', '--quiet', '-B', branch], { cwd: work });
    await writeFile(join(work, file), text);
    await git.ok(['add', file], { cwd: work });
    await git.ok(['commit', '--quiet', '-m', `edit ${file}`], { cwd: work });
    await git.ok(['push', '--quiet', 'origin', branch], { cwd: work });
    return git.ok(['rev-parse', 'HEAD'], { cwd: work });
  }
  const parentId = await hookedRepository(server, alice, 'proj', ['pull_request', 'push']);
  const aliceWork = join(git.home, 'alice');
  await git.ok(['init', '--quiet', '-b', 'main', aliceWork]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/proj.git', alice.token)], { cwd: aliceWork });
  await commitAndPush(aliceWork, 'main', 'README', 'hello\n');
  expect((await call('/repos/alice/proj/forks', { method: 'POST', token: bob.token })).status).toBe(202);
  expect((await call('/repos/alice/proj/forks', { method: 'POST', token: carol.token })).status).toBe(202);
  const bobWork = await cloneAs(bob, 'bob/proj', 'bob');
  const parentEvents = outboxReader(server, { repositoryIds: [parentId], events: ['pull_request'] });
  return {
    server,
    alice,
    bob,
    carol,
    dave,
    git,
    parentId,
    parentEvents,
    bobWork,
    call,
    open: (repo, body, token) => call(`/repos/${repo}/pulls`, { method: 'POST', token, body }),
    cloneAs,
    commitAndPush,
    async close() {
      await server.close();
      await git.close();
    },
  };
}
