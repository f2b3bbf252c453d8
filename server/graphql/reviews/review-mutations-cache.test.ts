// The review mutations and the GraphQL response cache (cache/): after each
// of the nine, the next read of the pull request's reviews and threads (a
// page cached before it) shows the change, and the read after that is a hit
// again. The mutations write through REST's stores, whose tables' generation
// triggers move the pull request's entries on (reviews-cache.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { graphqlResponseCache, type GraphqlResponseCache } from '../cache/response-cache.js';
import { rest } from '../../test-support/graphql/pull-fixture.js';
import {
  ADD_REPLY,
  ADD_REVIEW,
  ADD_THREAD,
  bobsPull,
  DELETE_COMMENT,
  DELETE_REVIEW,
  DISMISS_REVIEW,
  mutate,
  reviewWorld,
  SUBMIT_REVIEW,
  UPDATE_COMMENT,
  UPDATE_REVIEW,
  type OpenedPull,
  type ReviewWorld,
} from '../../test-support/graphql/review-mutation-fixture.js';

let world: ReviewWorld;
let cache: GraphqlResponseCache;
let pull: OpenedPull;

const page = (number: number) => `{ repository(owner: "alice", name: "proj") { pullRequest(number: ${number}) {
  reviews(first: 10) { totalCount nodes { state body author { login } comments(first: 5) { nodes { body } } } }
  reviewThreads(first: 10) { totalCount nodes { path line comments(first: 5) { nodes { body state } } } } } } }`;

/** Until the mergeability job has run: its update of the pull request row would make the next page a miss. */
async function mergeabilitySettled() {
  for (let tries = 0; ; tries += 1) {
    if (
      (await rest(world.server, world.alice.token, 'GET', `/repos/alice/proj/pulls/${pull.number}`)).mergeable !== null
    )
      return;
    if (tries > 200) throw new Error('the mergeability job did not run');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Carol's page twice: the second a hit equal to the first. */
async function pageTwice() {
  await mergeabilitySettled();
  const first = await graphqlOk(world.server, page(pull.number), {}, world.carol.token);
  expect(first.errors).toBeUndefined();
  const hits = cache.hits;
  expect(await graphqlOk(world.server, page(pull.number), {}, world.carol.token)).toEqual(first);
  expect(cache.hits).toBe(hits + 1);
  return first.data!.repository.pullRequest;
}

const bodies = (thread: { comments: { nodes: { body: string }[] } }) => thread.comments.nodes.map((c) => c.body);

beforeAll(async () => {
  world = await reviewWorld();
  cache = graphqlResponseCache(world.server.services);
  pull = await bobsPull(world, 'cached');
});
afterAll(() => world?.server.close());

describe('review mutations and the response cache', () => {
  it('show every change in the next read of a cached page', async () => {
    expect((await pageTwice()).reviews.totalCount).toBe(0);
    const review = (
      await mutate(
        world,
        ADD_REVIEW,
        { pullRequestId: pull.id, threads: [{ path: 'cached.txt', line: 1, body: 'one?' }] },
        world.carol,
      )
    ).pullRequestReview;
    let seen = await pageTwice();
    expect(seen.reviews.nodes).toEqual([
      { state: 'PENDING', body: '', author: { login: 'carol' }, comments: { nodes: [{ body: 'one?' }] } },
    ]);

    const thread = (
      await mutate(
        world,
        ADD_THREAD,
        { pullRequestReviewId: review.id, path: 'cached.txt', line: 3, body: 'three?' },
        world.carol,
      )
    ).thread;
    seen = await pageTwice();
    expect(seen.reviewThreads.nodes.map((t: { line: number }) => t.line)).toEqual([1, 3]);

    const reply = (
      await mutate(
        world,
        ADD_REPLY,
        { pullRequestReviewThreadId: thread.id, pullRequestReviewId: review.id, body: 'also' },
        world.carol,
      )
    ).comment;
    expect(bodies((await pageTwice()).reviewThreads.nodes[1])).toEqual(['three?', 'also']);

    await mutate(world, UPDATE_COMMENT, { pullRequestReviewCommentId: reply.id, body: 'also this' }, world.carol);
    expect(bodies((await pageTwice()).reviewThreads.nodes[1])).toEqual(['three?', 'also this']);

    await mutate(world, DELETE_COMMENT, { id: reply.id }, world.carol);
    expect(bodies((await pageTwice()).reviewThreads.nodes[1])).toEqual(['three?']);

    await mutate(world, UPDATE_REVIEW, { pullRequestReviewId: review.id, body: 'Notes' }, world.carol);
    expect((await pageTwice()).reviews.nodes[0].body).toBe('Notes');

    await mutate(world, SUBMIT_REVIEW, { pullRequestReviewId: review.id, event: 'APPROVE' }, world.carol);
    seen = await pageTwice();
    expect(seen.reviews.nodes[0].state).toBe('APPROVED');
    expect(seen.reviewThreads.nodes[0].comments.nodes[0].state).toBe('SUBMITTED');

    await mutate(world, DISMISS_REVIEW, { pullRequestReviewId: review.id, message: 'Stale' }, world.alice);
    expect((await pageTwice()).reviews.nodes[0].state).toBe('DISMISSED');

    await mutate(world, ADD_THREAD, { pullRequestId: pull.id, path: 'cached.txt', line: 2, body: 'two?' }, world.dave);
    seen = await pageTwice();
    expect(seen.reviews.nodes.map((r: { state: string }) => r.state)).toEqual(['DISMISSED', 'COMMENTED']);
    expect(seen.reviewThreads.totalCount).toBe(3);

    const draft = (await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, body: 'maybe' }, world.carol))
      .pullRequestReview;
    expect((await pageTwice()).reviews.totalCount).toBe(3);
    await mutate(world, DELETE_REVIEW, { pullRequestReviewId: draft.id }, world.carol);
    expect((await pageTwice()).reviews.totalCount).toBe(2);
  });
});
