// resolveReviewThread / unresolveReviewThread: write access or the pull
// request's author (GitHub's viewerCanResolve), resolved_by/at set and
// cleared, one `pull_request_review_thread` event per change (checked against
// GitHub's schema by the outbox reader) and none for a call that changes
// nothing, NOT_FOUND for ids the caller cannot see, FORBIDDEN for others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNodeId } from '../../ids/node-id.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { actions, outboxReader, type QueuedEvent } from '../../test-support/webhook-outbox.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';
import { insertComment, insertReview, insertThread, pullRow } from '../../test-support/graphql/review-rows.js';

let server: TestServer;
let alice: TestUser; // owner
let bob: TestUser; // the pull request's author, no push access
let eve: TestUser; // anyone
let threadId: string;
let threadRowId: number;
let draftThreadId: string;
let commentIds: number[];
let outbox: () => Promise<QueuedEvent[]>;

const MUTATION = `mutation($id: ID!, $cid: String) { resolveReviewThread(input: { threadId: $id, clientMutationId: $cid }) {
  clientMutationId thread { id isResolved isCollapsed resolvedBy { login } viewerCanResolve viewerCanUnresolve } } }`;
const UNDO = `mutation($id: ID!) { unresolveReviewThread(input: { threadId: $id }) { thread { isResolved resolvedBy { login } viewerCanResolve viewerCanUnresolve } } }`;
const run = (query: string, id: string, user: TestUser, cid?: string) =>
  graphqlOk(server, query, { id, cid }, user.token);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  eve = await server.createUser('eve');
  const repoId = await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await rest(server, alice.token, 'POST', '/repos/alice/proj/hooks', {
    config: { url: 'https://example.com/hook' },
    events: ['pull_request_review_thread'],
  });
  await branchWith(server, alice.token, 'alice/proj', 'feature', { 'a.txt': 'one\ntwo\n' });
  await openPullRequest(server, bob.token, 'alice/proj', { title: 'Add a', head: 'feature', base: 'main' });
  const pull = await pullRow(server.sql, 'alice', 'proj', 1);
  const review = await insertReview(server.sql, pull, alice.id, 'COMMENTED');
  const thread = await insertThread(server.sql, pull, { path: 'a.txt', line: 2, position: 2 });
  const first = await insertComment(server.sql, pull, thread, review, alice.id, 'Why two?');
  const answer = await insertReview(server.sql, pull, bob.id, 'COMMENTED');
  commentIds = [first, await insertComment(server.sql, pull, thread, answer, bob.id, 'Because.', first)];
  const draft = await insertReview(server.sql, pull, eve.id, 'PENDING');
  const draftThread = await insertThread(server.sql, pull, { path: 'a.txt', line: 1, position: 1 });
  await insertComment(server.sql, pull, draftThread, draft, eve.id, 'draft');
  threadRowId = thread;
  threadId = encodeNodeId('PullRequestReviewThread', thread);
  draftThreadId = encodeNodeId('PullRequestReviewThread', draftThread);
  outbox = outboxReader(server, { repositoryIds: [repoId] });
  await outbox(); // what the setup wrote
});
afterAll(() => server?.close());

describe('resolveReviewThread / unresolveReviewThread', () => {
  it('lets the pull request’s author resolve, with one event naming the thread’s comments', async () => {
    const body = await run(MUTATION, threadId, bob, 'c1');
    expect(body.errors).toBeUndefined();
    expect(body.data!.resolveReviewThread).toEqual({
      clientMutationId: 'c1',
      thread: {
        id: threadId,
        isResolved: true,
        isCollapsed: true,
        resolvedBy: { login: 'bob' },
        viewerCanResolve: false,
        viewerCanUnresolve: true,
      },
    });
    const events = await outbox();
    expect(actions(events)).toEqual(['pull_request_review_thread.resolved']);
    const { payload } = events[0]!;
    expect(payload.thread.node_id).toBe(threadId);
    expect(payload.thread.comments.map((c: { id: number }) => c.id)).toEqual(commentIds);
    expect(payload.thread.comments[1]).toMatchObject({
      in_reply_to_id: commentIds[0],
      path: 'a.txt',
      line: 2,
      body: 'Because.',
    });
    expect(payload).toMatchObject({
      pull_request: { number: 1 },
      repository: { full_name: 'alice/proj' },
      sender: { login: 'bob' },
    });
    const [row] =
      await server.sql`SELECT resolved_by_id, resolved_at FROM pull_request_review_threads WHERE id = ${threadRowId}`;
    expect(Number(row!.resolved_by_id)).toBe(bob.id);
    expect(row!.resolved_at).toBeInstanceOf(Date);
  });

  it('changes nothing, and writes no event, for a thread already resolved', async () => {
    const body = await run(MUTATION, threadId, alice);
    expect(body.data!.resolveReviewThread.thread).toMatchObject({
      isResolved: true,
      resolvedBy: { login: 'bob' },
      viewerCanUnresolve: true,
    });
    expect(await outbox()).toEqual([]);
  });

  it('refuses those without write access who did not open the pull request', async () => {
    for (const query of [MUTATION, UNDO]) {
      const body = await run(query, threadId, eve);
      expect(body.errors?.[0]).toMatchObject({ type: 'FORBIDDEN' });
      expect(body.errors?.[0]?.message).toMatch(
        /^eve does not have the correct permissions to execute `(Resolve|Unresolve)ReviewThread`$/,
      );
    }
    expect(await outbox()).toEqual([]);
  });

  it('unresolves (write access), with its event', async () => {
    const body = await run(UNDO, threadId, alice);
    expect(body.errors).toBeUndefined();
    expect(body.data!.unresolveReviewThread.thread).toEqual({
      isResolved: false,
      resolvedBy: null,
      viewerCanResolve: true,
      viewerCanUnresolve: false,
    });
    const events = await outbox();
    expect(actions(events)).toEqual(['pull_request_review_thread.unresolved']);
    expect(events[0]!.payload.sender.login).toBe('alice');
    expect((await run(UNDO, threadId, alice)).data!.unresolveReviewThread.thread.isResolved).toBe(false);
    expect(await outbox()).toEqual([]);
  });

  it('answers NOT_FOUND for unknown ids, other kinds and another’s draft thread', async () => {
    for (const id of [
      encodeNodeId('PullRequestReviewThread', 999_999),
      encodeNodeId('PullRequestReview', 1),
      'nonsense',
      draftThreadId,
    ]) {
      const body = await run(MUTATION, id, alice);
      expect(body.errors?.[0]?.type, id).toBe('NOT_FOUND');
    }
    // Its author sees it, but may not resolve it without write access or the pull request's authorship.
    expect((await run(MUTATION, draftThreadId, eve)).errors?.[0]?.type).toBe('FORBIDDEN');
    expect(await outbox()).toEqual([]);
  });
});
