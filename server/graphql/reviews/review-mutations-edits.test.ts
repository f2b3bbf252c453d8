// updatePullRequestReview, dismissPullRequestReview and
// deletePullRequestReview with REST's rules and events: the author alone
// edits (`pull_request_review` edited with the former body; a pending
// review's edit sends nothing), dismissing needs write access and an
// approval or a request for changes (dismissed), only a pending review is
// deleted (with its comments and the threads they opened), and the payload
// shows it as it was. Payloads are checked against GitHub's webhook schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { actions } from '../../test-support/webhook-outbox.js';
import {
  ADD_REVIEW,
  bobsPull,
  DELETE_REVIEW,
  DISMISS_REVIEW,
  mutate,
  refused,
  reviewWorld,
  UPDATE_REVIEW,
  type ReviewWorld,
} from '../../test-support/graphql/review-mutation-fixture.js';

let world: ReviewWorld;

beforeAll(async () => {
  world = await reviewWorld();
});
afterAll(() => world?.server.close());

describe('updatePullRequestReview', () => {
  it('lets the author edit, with `edited` naming the former body; others are refused', async () => {
    const pull = await bobsPull(world, 'edit');
    const review = (
      await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'COMMENT', body: 'Hmm' }, world.carol)
    ).pullRequestReview;
    await world.events();
    const edited = await mutate(
      world,
      UPDATE_REVIEW,
      { pullRequestReviewId: review.id, body: 'Hmm, fine' },
      world.carol,
    );
    expect(edited.pullRequestReview).toMatchObject({ id: review.id, state: 'COMMENTED', body: 'Hmm, fine' });
    const events = await world.events();
    expect(actions(events)).toEqual(['pull_request_review.edited']);
    expect(events[0]!.payload).toMatchObject({
      changes: { body: { from: 'Hmm' } },
      review: { body: 'Hmm, fine' },
      sender: { login: 'carol' },
    });
    // Write access does not make someone else's review one's own.
    const other = await refused(
      world,
      UPDATE_REVIEW,
      { pullRequestReviewId: review.id, body: 'mine now' },
      world.alice,
    );
    expect(other).toMatchObject({
      type: 'FORBIDDEN',
      message: 'alice does not have the correct permissions to execute `UpdatePullRequestReview`',
    });
    expect(await world.events()).toEqual([]);
  });

  it('edits a pending review silently; another’s pending review does not exist for the caller', async () => {
    const pull = await bobsPull(world, 'editpending');
    const review = (await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, body: 'draft' }, world.dave))
      .pullRequestReview;
    expect(
      (await mutate(world, UPDATE_REVIEW, { pullRequestReviewId: review.id, body: 'draft 2' }, world.dave))
        .pullRequestReview.body,
    ).toBe('draft 2');
    expect((await refused(world, UPDATE_REVIEW, { pullRequestReviewId: review.id, body: 'x' }, world.alice)).type).toBe(
      'NOT_FOUND',
    );
    expect(await world.events()).toEqual([]);
  });
});

describe('dismissPullRequestReview', () => {
  it('dismisses an approval (write access) with `dismissed`; refuses readers and comments', async () => {
    const pull = await bobsPull(world, 'dismiss');
    const approval = (await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'APPROVE' }, world.dave))
      .pullRequestReview;
    const comment = (
      await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'COMMENT', body: 'note' }, world.dave)
    ).pullRequestReview;
    await world.events();
    const reader = await refused(world, DISMISS_REVIEW, { pullRequestReviewId: approval.id, message: 'no' }, world.bob);
    expect(reader).toMatchObject({
      type: 'FORBIDDEN',
      message: 'bob does not have the correct permissions to execute `DismissPullRequestReview`',
    });
    const commented = await refused(
      world,
      DISMISS_REVIEW,
      { pullRequestReviewId: comment.id, message: 'no' },
      world.carol,
    );
    expect(commented).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'Can not dismiss a commented pull request review',
    });
    expect(await world.events()).toEqual([]);
    const dismissed = await mutate(
      world,
      DISMISS_REVIEW,
      { pullRequestReviewId: approval.id, message: 'Stale' },
      world.carol,
    );
    expect(dismissed.pullRequestReview).toMatchObject({
      id: approval.id,
      state: 'DISMISSED',
      author: { login: 'dave' },
    });
    const events = await world.events();
    expect(actions(events)).toEqual(['pull_request_review.dismissed']);
    expect(events[0]!.payload).toMatchObject({
      review: { id: approval.databaseId, state: 'dismissed' },
      sender: { login: 'carol' },
    });
    const [row] = await world.server
      .sql`SELECT dismissal_message, dismissed_state FROM pull_request_reviews WHERE id = ${approval.databaseId}`;
    expect(row).toEqual({ dismissal_message: 'Stale', dismissed_state: 'APPROVED' });
  });
});

describe('deletePullRequestReview', () => {
  it('deletes the caller’s pending review with its threads, answering it as it was', async () => {
    const pull = await bobsPull(world, 'delete');
    const review = (
      await mutate(
        world,
        ADD_REVIEW,
        {
          pullRequestId: pull.id,
          body: 'draft',
          threads: [{ path: 'delete.txt', line: 2, body: 'a note' }],
        },
        world.carol,
      )
    ).pullRequestReview;
    const deleted = await mutate(world, DELETE_REVIEW, { pullRequestReviewId: review.id }, world.carol);
    expect(deleted.pullRequestReview).toEqual({
      id: review.id,
      databaseId: review.databaseId,
      state: 'PENDING',
      body: 'draft',
    });
    const after = await graphqlOk(
      world.server,
      `{ repository(owner: "alice", name: "proj") { pullRequest(number: ${pull.number}) {
      reviews(first: 5) { totalCount } reviewThreads(first: 5) { totalCount } } } }`,
      {},
      world.carol.token,
    );
    expect(after.data!.repository.pullRequest).toEqual({
      reviews: { totalCount: 0 },
      reviewThreads: { totalCount: 0 },
    });
    expect((await refused(world, DELETE_REVIEW, { pullRequestReviewId: review.id }, world.carol)).type).toBe(
      'NOT_FOUND',
    );
    expect(await world.events()).toEqual([]);
  });

  it('refuses a submitted review', async () => {
    const pull = await bobsPull(world, 'nodelete');
    const review = (await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'APPROVE' }, world.carol))
      .pullRequestReview;
    await world.events();
    const kept = await refused(world, DELETE_REVIEW, { pullRequestReviewId: review.id }, world.carol);
    expect(kept).toMatchObject({ type: 'UNPROCESSABLE', message: 'Can not delete a non-pending pull request review' });
    expect(await world.events()).toEqual([]);
  });
});
