// The set-up of the pull request tests: a server without a dispatcher,
// alice's public repository alice/proj hooked for pull_request and issues,
// carol (no rights), and alice's working copy pushed with the real git CLI:
// main (one empty commit), feature (a.txt), other (b.txt) and develop (main).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiCall, type CallOptions } from './api-call.js';
import { cloneUrl, gitCli, type GitCli } from './git-cli.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';
import { hookedRepository, outboxReader, type QueuedEvent } from './webhook-outbox.js';

export interface PullScenario {
  server: TestServer;
  /** The owner. */
  alice: TestUser;
  /** No rights (public repository). */
  carol: TestUser;
  git: GitCli;
  repoId: number;
  newEvents: () => Promise<QueuedEvent[]>;
  call: (path: string, options?: CallOptions) => ReturnType<typeof apiCall>;
  /** Commits a file on `branch` (created from `from` when new) and pushes it; the new head. */
  commitAndPush: (branch: string, file: string, text: string, from?: string) => Promise<string>;
  close(): Promise<void>;
}

export async function startPullScenario(): Promise<PullScenario> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const alice = await server.createUser('alice');
  const carol = await server.createUser('carol');
  const git = await gitCli();
  const repoId = await hookedRepository(server, alice, 'proj', ['pull_request', 'issues']);
  const newEvents = outboxReader(server, { repositoryIds: [repoId] });
  const work = join(git.home, 'work');
  async function commitAndPush(branch: string, file: string, text: string, from?: string) {
    if (from) await git.ok(['checkout', '--quiet', '-B', branch, from], { cwd: work });
    else await git.ok(['checkout', '--quiet', branch], { cwd: work });
    await git.ok(['-c', 'core.autocrlf=false', 'commit', '--quiet', '--allow-empty', '-m', `${file} on ${branch}`], {
      cwd: work,
    });
    await writeFile(join(work, file), text);
    await git.ok(['add', file], { cwd: work });
    await git.ok(['commit', '--quiet', '-m', `edit ${file}`], { cwd: work });
    await git.ok(['push', '--quiet', 'origin', branch], { cwd: work });
    return git.ok(['rev-parse', 'HEAD'], { cwd: work });
  }
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/proj.git', alice.token)], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'root'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });
  await commitAndPush('feature', 'a.txt', 'one\ntwo\n', 'main');
  await commitAndPush('other', 'b.txt', 'x\n', 'main');
  await git.ok(['push', '--quiet', 'origin', 'main:develop'], { cwd: work });
  await newEvents();
  return {
    server,
    alice,
    carol,
    git,
    repoId,
    newEvents,
    call: (path, options = {}) => apiCall(server, path, options),
    commitAndPush,
    async close() {
      await server.close();
      await git.close();
    },
  };
}
