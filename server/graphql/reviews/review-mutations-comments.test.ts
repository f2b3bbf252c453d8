// updatePullRequestReviewComment and deletePullRequestReviewComment with
// REST's rules: the author or a writer changes a comment (FORBIDDEN for
// anyone else), a submitted comment's change writes
// `pull_request_review_comment` edited (with the former body) or deleted, a
// pending one's nothing; the last comment of a thread takes the thread with
// it. Installation tokens need `pull_requests: write`. Payloads checked
// against GitHub's webhook schemas by the outbox reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationTokenFor } from '../../test-support/apps.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { actions } from '../../test-support/webhook-outbox.js';
import {
  ADD_REVIEW,
  ADD_THREAD,
  bobsPull,
  DELETE_COMMENT,
  mutate,
  refused,
  reviewWorld,
  UPDATE_COMMENT,
  type ReviewWorld,
} from '../../test-support/graphql/review-mutation-fixture.js';

let world: ReviewWorld;

beforeAll(async () => {
  world = await reviewWorld();
});
afterAll(() => world?.server.close());

/** A submitted single comment of `user` on line 1 of the pull request; its id. */
async function commentOn(pullId: string, branch: string, body: string, user = world.dave): Promise<string> {
  const thread = (
    await mutate(world, ADD_THREAD, { pullRequestId: pullId, path: `${branch}.txt`, line: 1, body }, user)
  ).thread;
  await world.events();
  return thread.comments.nodes[0].id;
}

describe('updatePullRequestReviewComment', () => {
  it('lets the author and a writer edit, with `edited`; refuses anyone else', async () => {
    const pull = await bobsPull(world, 'edit');
    const id = await commentOn(pull.id, 'edit', 'Tpyo');
    const edited = await mutate(world, UPDATE_COMMENT, { pullRequestReviewCommentId: id, body: 'Typo' }, world.dave);
    expect(edited.pullRequestReviewComment).toEqual({ id, body: 'Typo', author: { login: 'dave' } });
    let events = await world.events();
    expect(actions(events)).toEqual(['pull_request_review_comment.edited']);
    expect(events[0]!.payload).toMatchObject({
      changes: { body: { from: 'Tpyo' } },
      comment: { body: 'Typo' },
      sender: { login: 'dave' },
    });
    const other = await refused(world, UPDATE_COMMENT, { pullRequestReviewCommentId: id, body: 'mine' }, world.bob);
    expect(other).toMatchObject({
      type: 'FORBIDDEN',
      message: 'bob does not have the correct permissions to execute `UpdatePullRequestReviewComment`',
    });
    expect(await world.events()).toEqual([]);
    expect(
      (await mutate(world, UPDATE_COMMENT, { pullRequestReviewCommentId: id, body: 'Typo.' }, world.carol))
        .pullRequestReviewComment.body,
    ).toBe('Typo.');
    events = await world.events();
    expect(events.map((e) => e.payload.sender.login)).toEqual(['carol']);
    // The same body again changes nothing and says nothing.
    await mutate(world, UPDATE_COMMENT, { pullRequestReviewCommentId: id, body: 'Typo.' }, world.carol);
    expect(await world.events()).toEqual([]);
  });

  it('edits a pending comment silently; it is not found by others', async () => {
    const pull = await bobsPull(world, 'pending');
    const review = (
      await mutate(
        world,
        ADD_REVIEW,
        { pullRequestId: pull.id, threads: [{ path: 'pending.txt', line: 2, body: 'draft' }] },
        world.dave,
      )
    ).pullRequestReview;
    const [{ id }] = (
      await graphqlOk(
        world.server,
        'query($id: ID!) { node(id: $id) { ... on PullRequestReview { comments(first: 1) { nodes { id } } } } }',
        { id: review.id },
        world.dave.token,
      )
    ).data!.node.comments.nodes;
    expect(
      (await mutate(world, UPDATE_COMMENT, { pullRequestReviewCommentId: id, body: 'draft 2' }, world.dave))
        .pullRequestReviewComment.body,
    ).toBe('draft 2');
    expect(
      (await refused(world, UPDATE_COMMENT, { pullRequestReviewCommentId: id, body: 'x' }, world.alice)).type,
    ).toBe('NOT_FOUND');
    expect(await world.events()).toEqual([]);
  });
});

describe('deletePullRequestReviewComment', () => {
  it('deletes (author or writer) with `deleted`, the thread going with its last comment', async () => {
    const pull = await bobsPull(world, 'delete');
    const id = await commentOn(pull.id, 'delete', 'Gone soon');
    expect((await refused(world, DELETE_COMMENT, { id }, world.bob)).type).toBe('FORBIDDEN');
    const deleted = await mutate(world, DELETE_COMMENT, { id }, world.carol);
    expect(deleted.pullRequestReviewComment).toEqual({ id, body: 'Gone soon' });
    expect(deleted.pullRequestReview.comments.totalCount).toBe(0);
    const events = await world.events();
    expect(actions(events)).toEqual(['pull_request_review_comment.deleted']);
    expect(events[0]!.payload.comment).toMatchObject({ body: 'Gone soon', user: { login: 'dave' } });
    const threads = await graphqlOk(
      world.server,
      `{ repository(owner: "alice", name: "proj") { pullRequest(number: ${pull.number}) { reviewThreads(first: 5) { totalCount } } } }`,
      {},
      world.alice.token,
    );
    expect(threads.data!.repository.pullRequest.reviewThreads.totalCount).toBe(0);
    expect((await refused(world, DELETE_COMMENT, { id }, world.carol)).type).toBe('NOT_FOUND');
  });
});

describe('installation tokens', () => {
  const installationToken = (name: string, permissions: Record<string, 'read' | 'write'>) =>
    installationTokenFor(world.server, world.alice.id, name, permissions);

  it('need pull_requests: write to review', async () => {
    const pull = await bobsPull(world, 'bots');
    const issuesOnly = await installationToken('Issues Bot', { issues: 'write', contents: 'read' });
    const body = await graphqlOk(
      world.server,
      ADD_REVIEW,
      { input: { pullRequestId: pull.id, event: 'COMMENT', body: 'beep' } },
      issuesOnly,
    );
    expect(body.errors?.[0]).toMatchObject({ type: 'FORBIDDEN', message: 'Resource not accessible by integration' });
    const pulls = await installationToken('Pulls Bot', { pull_requests: 'write', contents: 'read' });
    const ok = await graphqlOk(
      world.server,
      ADD_REVIEW,
      { input: { pullRequestId: pull.id, event: 'COMMENT', body: 'beep' } },
      pulls,
    );
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.addPullRequestReview.pullRequestReview).toMatchObject({
      state: 'COMMENTED',
      author: { login: 'pulls-bot[bot]' },
    });
    const events = await world.events();
    expect(actions(events)).toEqual(['pull_request_review.submitted']);
    expect(events[0]!.payload.installation).toEqual(expect.objectContaining({ id: expect.any(Number) }));
  });
});
