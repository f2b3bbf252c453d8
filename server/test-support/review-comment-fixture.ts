// The fixture of the review comment tests: a server (no dispatcher), alice's
// public repository alice/rc with a hook for pull_request_review_comment, bob
// (write), dave (read) and carol (no rights), and pull requests pushed with
// the real git CLI. The base's a.txt has lines l1..l10; `feature` changes
// line 3, deletes line 5 and adds a line after 8 (one hunk), changes the
// first line of a 30-line far.txt (a hunk of lines 1-4) in a first commit
// and adds new.txt in a second; untouched.txt is not in the diff.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { apiCall, apiOk, type CallOptions } from './api-call.js';
import { cloneUrl, gitCli, type GitCli } from './git-cli.js';
import { startTestServer, type TestServer, type TestUser } from './test-server.js';
import { hookedRepository, outboxReader, type QueuedEvent } from './webhook-outbox.js';

const lines = (n: number, prefix = 'l') => `${Array.from({ length: n }, (_, k) => `${prefix}${k + 1}`).join('\n')}\n`;
export const BASE_A = lines(10);
export const HEAD_A = 'l1\nl2\nL3\nl4\nl6\nl7\nl8\nadded\nl9\nl10\n';

export interface ReviewCommentFixture {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  dave: TestUser;
  carol: TestUser;
  git: GitCli;
  repoId: number;
  base: string;
  first: string;
  head: string;
  number: number;
  newEvents: () => Promise<QueuedEvent[]>;
  call: (path: string, options?: CallOptions) => ReturnType<typeof apiCall>;
  /** Opens another pull request from a new branch off main changing `file`; its number. */
  openAnother: (branch: string, file: string) => Promise<number>;
  close: () => Promise<void>;
}

export async function reviewCommentFixture(
  name = 'rc',
  serverOptions: Parameters<typeof startTestServer>[1] = {},
): Promise<ReviewCommentFixture> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, serverOptions);
  const [alice, bob, dave, carol] = [
    await server.createUser('alice'),
    await server.createUser('bob'),
    await server.createUser('dave'),
    await server.createUser('carol'),
  ];
  const git = await gitCli();
  const repoId = await hookedRepository(server, alice, name, ['pull_request_review_comment']);
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${bob.id}, 'write'), (${repoId}, ${dave.id}, 'read')`;
  const work = join(git.home, 'work');
  const commit = async (files: Record<string, string>, message: string) => {
    for (const [file, text] of Object.entries(files)) await writeFile(join(work, file), text);
    await git.ok(['add', '--all'], { cwd: work });
    await git.ok(['commit', '--quiet', '-m', message], { cwd: work });
    return git.ok(['rev-parse', 'HEAD'], { cwd: work });
  };
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, `alice/${name}.git`, bob.token)], { cwd: work });
  const base = await commit({ 'a.txt': BASE_A, 'far.txt': lines(30, 'f'), 'untouched.txt': 'same\n' }, 'base');
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });
  await git.ok(['checkout', '--quiet', '-b', 'feature'], { cwd: work });
  const first = await commit(
    { 'a.txt': HEAD_A, 'far.txt': lines(30, 'f').replace('f1\n', 'F1\n') },
    'change a and far',
  );
  const head = await commit({ 'new.txt': 'n1\nn2\n' }, 'add new');
  await git.ok(['push', '--quiet', 'origin', 'feature'], { cwd: work });
  const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);
  const open = async (branch: string) =>
    (
      await apiOk(server, `/repos/alice/${name}/pulls`, {
        method: 'POST',
        token: bob.token,
        body: { title: `Change ${branch}`, head: branch, base: 'main' },
      })
    ).number as number;
  const number = await open('feature');
  const openAnother = async (branch: string, file: string) => {
    await git.ok(['checkout', '--quiet', '-b', branch, 'main'], { cwd: work });
    await commit({ [file]: 'x1\nx2\n' }, `add ${file}`);
    await git.ok(['push', '--quiet', 'origin', branch], { cwd: work });
    return open(branch);
  };
  const newEvents = outboxReader(server, { repositoryIds: [repoId] });
  expect(await newEvents()).toEqual([]);
  return {
    server,
    alice,
    bob,
    dave,
    carol,
    git,
    repoId,
    base,
    first,
    head,
    number,
    newEvents,
    call,
    openAnother,
    close: async () => {
      await server.close();
      await git.close();
    },
  };
}

/** The PENDING review of `userId` (made if need be) with a new file comment on `path` (the reviews capability makes these; SQL here). Its comment id. */
export async function pendingComment(
  f: ReviewCommentFixture,
  userId: number,
  path: string,
  body: string,
): Promise<number> {
  const { sql } = f.server;
  const [issue] = await sql<
    { id: number }[]
  >`SELECT id FROM issues WHERE repository_id = ${f.repoId} AND number = ${f.number}`;
  // One pending review per person and pull request: a second comment joins it.
  const [review] = (
    await sql<
      { id: number }[]
    >`SELECT id FROM pull_request_reviews WHERE issue_id = ${issue!.id} AND user_id = ${userId} AND state = 'PENDING'`
  ).concat(
    await sql<{ id: number }[]>`
      INSERT INTO pull_request_reviews (issue_id, repository_id, user_id, state, commit_id)
      SELECT ${issue!.id}, ${f.repoId}, ${userId}, 'PENDING', ${f.head}
      WHERE NOT EXISTS (SELECT 1 FROM pull_request_reviews WHERE issue_id = ${issue!.id} AND user_id = ${userId} AND state = 'PENDING')
      RETURNING id`,
  );
  const [thread] = await sql<{ id: number }[]>`
    INSERT INTO pull_request_review_threads (issue_id, repository_id, path, subject_type, original_commit_id, commit_id, diff_hunk)
    VALUES (${issue!.id}, ${f.repoId}, ${path}, 'file', ${f.head}, ${f.head}, '') RETURNING id`;
  const [comment] = await sql<{ id: number }[]>`
    INSERT INTO pull_request_review_comments (thread_id, review_id, issue_id, repository_id, user_id, body)
    VALUES (${thread!.id}, ${review!.id}, ${issue!.id}, ${f.repoId}, ${userId}, ${body}) RETURNING id`;
  return Number(comment!.id);
}
