// The fixture of the review tests: a server without a dispatcher, alice's
// public repository alice/rv hooked for the review events and pull_request,
// bob (write collaborator) opening pull requests pushed with the real git CLI,
// dave (read collaborator) and carol (no rights), and the outbox reader
// (each payload checked against GitHub's webhook schema for its action).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiCall, apiOk, type CallOptions } from './api-call.js';
import { cloneUrl, gitCli, type GitCli } from './git-cli.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';
import { hookedRepository, outboxReader, type QueuedEvent } from './webhook-outbox.js';

export const BASE_TEXT = `${Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
// Line 3 changed, two lines added after line 6 (head lines 7 and 8), line 9 changed (head line 11).
export const HEAD_TEXT = `${[
  'line 1',
  'line 2',
  'line three',
  'line 4',
  'line 5',
  'line 6',
  'added a',
  'added b',
  'line 7',
  'line 8',
  'line 9 changed',
  'line 10',
].join('\n')}\n`;

export interface ReviewFixture {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  dave: TestUser;
  carol: TestUser;
  git: GitCli;
  repoId: number;
  /** Pull requests opened by bob: `first` (app.txt changed) and `second` (other.txt added). */
  first: { number: number; head: string; base: string };
  second: { number: number };
  newEvents: () => Promise<QueuedEvent[]>;
  call: (path: string, options?: CallOptions) => ReturnType<typeof apiCall>;
  close: () => Promise<void>;
}

export async function startReviewFixture(): Promise<ReviewFixture> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const [alice, bob, dave, carol] = [
    await server.createUser('alice'),
    await server.createUser('bob'),
    await server.createUser('dave'),
    await server.createUser('carol'),
  ];
  const git = await gitCli();
  const repoId = await hookedRepository(server, alice, 'rv', [
    'pull_request',
    'pull_request_review',
    'pull_request_review_comment',
  ]);
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${bob.id}, 'write'), (${repoId}, ${dave.id}, 'read')`;
  const newEvents = outboxReader(server, { repositoryIds: [repoId] });
  const work = join(git.home, 'work');
  const run = (args: string[]) => git.ok(args, { cwd: work });
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await run(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/rv.git', bob.token)]);
  await writeFile(join(work, 'app.txt'), BASE_TEXT);
  await run(['add', '--all']);
  await run(['commit', '--quiet', '-m', 'base']);
  const base = await run(['rev-parse', 'HEAD']);
  await run(['checkout', '--quiet', '-b', 'feature']);
  await writeFile(join(work, 'app.txt'), HEAD_TEXT);
  await run(['commit', '--quiet', '-am', 'feature']);
  const head = await run(['rev-parse', 'HEAD']);
  await run(['checkout', '--quiet', '-b', 'other', 'main']);
  await writeFile(join(work, 'other.txt'), 'other\n');
  await run(['add', '--all']);
  await run(['commit', '--quiet', '-m', 'other']);
  await run(['push', '--quiet', 'origin', 'main', 'feature', 'other']);
  const open = async (head: string) =>
    (
      await apiOk(server, '/repos/alice/rv/pulls', {
        method: 'POST',
        token: bob.token,
        body: { title: `Review ${head}`, head, base: 'main' },
      })
    ).number as number;
  const first = { number: await open('feature'), head, base };
  const second = { number: await open('other') };
  await newEvents();
  return {
    server,
    alice,
    bob,
    dave,
    carol,
    git,
    repoId,
    first,
    second,
    newEvents,
    call: (path, options = {}) => apiCall(server, path, options),
    close: async () => {
      await server.close();
      await git.close();
    },
  };
}
