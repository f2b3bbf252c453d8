// addPullRequestReviewThread and addPullRequestReviewThreadReply with real
// git: a thread into the caller's pending review (no event until it is
// submitted) or on its own (a submitted COMMENTED review: `pull_request_review`
// submitted, then `pull_request_review_comment` created, as REST's single
// comment), a range and a file thread, replies answering the thread's first
// comment, refusals (a place not in the diff, another's pending review, a
// locked conversation for a reader). Payloads checked against GitHub's
// webhook schemas by the outbox reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import { rest } from '../../test-support/graphql/pull-fixture.js';
import { actions } from '../../test-support/webhook-outbox.js';
import {
  ADD_REPLY,
  ADD_REVIEW,
  ADD_THREAD,
  bobsPull,
  mutate,
  refused,
  reviewWorld,
  SUBMIT_REVIEW,
  type ReviewWorld,
} from '../../test-support/graphql/review-mutation-fixture.js';

let world: ReviewWorld;

beforeAll(async () => {
  world = await reviewWorld();
});
afterAll(() => world?.server.close());

describe('addPullRequestReviewThread', () => {
  it('adds threads to the caller’s pending review, sent as created when it is submitted', async () => {
    const pull = await bobsPull(world, 'pending');
    const review = (await mutate(world, ADD_REVIEW, { pullRequestId: pull.id }, world.carol)).pullRequestReview;
    const range = await mutate(
      world,
      ADD_THREAD,
      {
        pullRequestReviewId: review.id,
        path: 'pending.txt',
        line: 3,
        startLine: 2,
        body: 'These two',
      },
      world.carol,
    );
    expect(range.thread).toMatchObject({
      path: 'pending.txt',
      line: 3,
      startLine: 2,
      diffSide: 'RIGHT',
      subjectType: 'LINE',
      isResolved: false,
    });
    expect(range.thread.comments.nodes).toEqual([
      {
        id: expect.any(String),
        body: 'These two',
        state: 'PENDING',
        replyTo: null,
        pullRequestReview: { id: review.id, state: 'PENDING' },
      },
    ]);
    const file = await mutate(
      world,
      ADD_THREAD,
      { pullRequestReviewId: review.id, path: 'pending.txt', subjectType: 'FILE', body: 'The file' },
      world.carol,
    );
    expect(file.thread).toMatchObject({ subjectType: 'FILE', line: null });
    expect(await world.events()).toEqual([]);
    // Not someone else's pending review.
    expect(
      (
        await refused(
          world,
          ADD_THREAD,
          { pullRequestReviewId: review.id, path: 'pending.txt', line: 1, body: 'x' },
          world.dave,
        )
      ).type,
    ).toBe('NOT_FOUND');
    await mutate(world, SUBMIT_REVIEW, { pullRequestReviewId: review.id, event: 'COMMENT' }, world.carol);
    const events = await world.events();
    expect(actions(events)).toEqual([
      'pull_request_review.submitted',
      'pull_request_review_comment.created',
      'pull_request_review_comment.created',
    ]);
    expect(events[2]!.payload.comment).toMatchObject({ body: 'The file', subject_type: 'file', path: 'pending.txt' });
  });

  it('makes a single comment of a thread on the pull request (a COMMENTED review), with REST’s events', async () => {
    const pull = await bobsPull(world, 'single');
    const added = await mutate(
      world,
      ADD_THREAD,
      { pullRequestId: pull.id, path: 'single.txt', line: 2, body: 'Why two?' },
      world.dave,
    );
    expect(added.thread).toMatchObject({ path: 'single.txt', line: 2, comments: { totalCount: 1 } });
    expect(added.thread.comments.nodes[0]).toMatchObject({
      body: 'Why two?',
      state: 'SUBMITTED',
      pullRequestReview: { state: 'COMMENTED' },
    });
    const events = await world.events();
    expect(actions(events)).toEqual(['pull_request_review.submitted', 'pull_request_review_comment.created']);
    expect(events[1]!.payload).toMatchObject({
      comment: { body: 'Why two?', line: 2, user: { login: 'dave' } },
      sender: { login: 'dave' },
    });
  });

  it('refuses a place outside the diff, a submitted review, and neither id', async () => {
    const pull = await bobsPull(world, 'refusals');
    const bad = await refused(
      world,
      ADD_THREAD,
      { pullRequestId: pull.id, path: 'refusals.txt', line: 9, body: 'x' },
      world.dave,
    );
    expect(bad.type).toBe('UNPROCESSABLE');
    expect(bad.message).toContain('must be part of the diff');
    const submitted = (
      await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'COMMENT', body: 'done' }, world.dave)
    ).pullRequestReview;
    await world.events();
    expect(
      (
        await refused(
          world,
          ADD_THREAD,
          { pullRequestReviewId: submitted.id, path: 'refusals.txt', line: 1, body: 'x' },
          world.dave,
        )
      ).type,
    ).toBe('UNPROCESSABLE');
    expect((await refused(world, ADD_THREAD, { path: 'refusals.txt', line: 1, body: 'x' }, world.dave)).type).toBe(
      'UNPROCESSABLE',
    );
    expect(await world.events()).toEqual([]);
  });
});

describe('addPullRequestReviewThreadReply', () => {
  it('replies on its own (COMMENTED review) or into the caller’s pending review, answering the first comment', async () => {
    const pull = await bobsPull(world, 'replies');
    const thread = (
      await mutate(
        world,
        ADD_THREAD,
        { pullRequestId: pull.id, path: 'replies.txt', line: 1, body: 'First?' },
        world.carol,
      )
    ).thread;
    const first = thread.comments.nodes[0].id;
    await world.events();
    const reply = await mutate(world, ADD_REPLY, { pullRequestReviewThreadId: thread.id, body: 'Yes.' }, world.bob);
    expect(reply.comment).toMatchObject({
      body: 'Yes.',
      state: 'SUBMITTED',
      path: 'replies.txt',
      line: 1,
      replyTo: { id: first },
      author: { login: 'bob' },
    });
    const events = await world.events();
    expect(actions(events)).toEqual(['pull_request_review.submitted', 'pull_request_review_comment.created']);
    expect(events[1]!.payload.comment).toMatchObject({
      body: 'Yes.',
      in_reply_to_id: decodeNodeIdOf(first, 'PullRequestReviewComment'),
    });

    const pending = (await mutate(world, ADD_REVIEW, { pullRequestId: pull.id }, world.bob)).pullRequestReview;
    const draft = await mutate(
      world,
      ADD_REPLY,
      { pullRequestReviewThreadId: thread.id, pullRequestReviewId: pending.id, body: 'And more.' },
      world.bob,
    );
    expect(draft.comment).toMatchObject({
      body: 'And more.',
      state: 'PENDING',
      replyTo: { id: first },
      pullRequestReview: { id: pending.id },
    });
    expect(await world.events()).toEqual([]);
  });

  it('refuses readers on a locked conversation, and unknown threads', async () => {
    const pull = await bobsPull(world, 'locked');
    const thread = (
      await mutate(world, ADD_THREAD, { pullRequestId: pull.id, path: 'locked.txt', line: 1, body: 'Hm' }, world.carol)
    ).thread;
    await rest(world.server, world.alice.token, 'PUT', `/repos/alice/proj/issues/${pull.number}/lock`, {});
    await world.events();
    const locked = await refused(world, ADD_REPLY, { pullRequestReviewThreadId: thread.id, body: 'x' }, world.dave);
    expect(locked).toMatchObject({
      type: 'FORBIDDEN',
      message: 'dave does not have the correct permissions to execute `AddPullRequestReviewThreadReply`',
    });
    expect(
      (await refused(world, ADD_THREAD, { pullRequestId: pull.id, path: 'locked.txt', line: 1, body: 'x' }, world.dave))
        .type,
    ).toBe('FORBIDDEN');
    expect(
      (await mutate(world, ADD_REPLY, { pullRequestReviewThreadId: thread.id, body: 'ok' }, world.carol)).comment.body,
    ).toBe('ok');
    await world.events();
    expect(
      (await refused(world, ADD_REPLY, { pullRequestReviewThreadId: 'PRRT_nonsense', body: 'x' }, world.carol)).type,
    ).toBe('NOT_FOUND');
  });
});
