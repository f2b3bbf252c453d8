// addPullRequestReview and submitPullRequestReview doing REST's work with
// real git: a pending review with its drafted threads and (deprecated)
// comments placed in the diff, submitted later by its id or by its pull
// request with `pull_request_review` submitted and one
// `pull_request_review_comment` created per comment (each payload checked
// against GitHub's webhook schemas by the outbox reader); a review submitted
// at once with its edge; REST's refusals (approving one's own pull request, a
// second pending review, DISMISS as a verdict) as UNPROCESSABLE; and a bad
// thread refusing the whole review, leaving nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { actions } from '../../test-support/webhook-outbox.js';
import {
  ADD_REVIEW,
  bobsPull,
  mutate,
  refused,
  reviewWorld,
  SUBMIT_REVIEW,
  type ReviewWorld,
} from '../../test-support/graphql/review-mutation-fixture.js';

let world: ReviewWorld;

const reviewRows = async (number: number) => world.server.sql<
  { state: string }[]
>`SELECT rv.state FROM pull_request_reviews rv
  JOIN issues i ON i.id = rv.issue_id WHERE i.repository_id = ${world.repoId} AND i.number = ${number} ORDER BY rv.id`;

beforeAll(async () => {
  world = await reviewWorld();
});
afterAll(() => world?.server.close());

describe('addPullRequestReview', () => {
  it('keeps a review without event PENDING (no event), then submits it by id with its events', async () => {
    const pull = await bobsPull(world, 'pending');
    const added = await mutate(
      world,
      ADD_REVIEW,
      {
        pullRequestId: pull.id,
        body: 'Some thoughts',
        comments: [{ path: 'pending.txt', position: 1, body: 'First line?' }],
        threads: [
          { path: 'pending.txt', line: 3, body: 'Last line.' },
          { path: 'pending.txt', line: 2, startLine: 1, body: 'These two.' },
        ],
      },
      world.alice,
    );
    expect(added.pullRequestReview).toMatchObject({
      state: 'PENDING',
      body: 'Some thoughts',
      author: { login: 'alice' },
      submittedAt: null,
    });
    expect(added.pullRequestReview.comments.nodes).toEqual([
      { body: 'First line?', path: 'pending.txt', line: 1, state: 'PENDING' },
      { body: 'Last line.', path: 'pending.txt', line: 3, state: 'PENDING' },
      { body: 'These two.', path: 'pending.txt', line: 2, state: 'PENDING' },
    ]);
    expect(added.reviewEdge.node.id).toBe(added.pullRequestReview.id);
    expect(await world.events()).toEqual([]);
    // Nobody else sees a pending review, nor may submit it.
    const other = await refused(
      world,
      SUBMIT_REVIEW,
      { pullRequestReviewId: added.pullRequestReview.id, event: 'COMMENT' },
      world.carol,
    );
    expect(other.type).toBe('NOT_FOUND');

    const submitted = await mutate(
      world,
      SUBMIT_REVIEW,
      { pullRequestReviewId: added.pullRequestReview.id, event: 'APPROVE', body: 'Looks good' },
      world.alice,
    );
    expect(submitted.pullRequestReview).toMatchObject({
      id: added.pullRequestReview.id,
      state: 'APPROVED',
      body: 'Looks good',
    });
    expect(submitted.pullRequestReview.submittedAt).toEqual(expect.any(String));
    expect(submitted.pullRequestReview.comments.nodes.map((c: { state: string }) => c.state)).toEqual([
      'SUBMITTED',
      'SUBMITTED',
      'SUBMITTED',
    ]);
    const events = await world.events();
    expect(actions(events)).toEqual([
      'pull_request_review.submitted',
      ...Array(3).fill('pull_request_review_comment.created'),
    ]);
    expect(events[0]!.payload.review).toMatchObject({
      id: added.pullRequestReview.databaseId,
      state: 'approved',
      body: 'Looks good',
    });
    expect(events.slice(1).map((e) => e.payload.comment.body)).toEqual(['First line?', 'Last line.', 'These two.']);
    expect(events[3]!.payload.comment).toMatchObject({ start_line: 1, line: 2, side: 'RIGHT' });
  });

  it('submits the caller’s pending review named by its pull request', async () => {
    const pull = await bobsPull(world, 'bypull');
    await mutate(world, ADD_REVIEW, { pullRequestId: pull.id }, world.carol);
    const none = await refused(
      world,
      SUBMIT_REVIEW,
      { pullRequestId: pull.id, event: 'COMMENT', body: 'x' },
      world.dave,
    );
    expect(none.type).toBe('UNPROCESSABLE');
    const submitted = await mutate(
      world,
      SUBMIT_REVIEW,
      { pullRequestId: pull.id, event: 'REQUEST_CHANGES', body: 'Please split it' },
      world.carol,
    );
    expect(submitted.pullRequestReview).toMatchObject({
      state: 'CHANGES_REQUESTED',
      body: 'Please split it',
      author: { login: 'carol' },
    });
    expect(actions(await world.events())).toEqual(['pull_request_review.submitted']);
  });

  it('submits at once with an event, the edge’s cursor placing it among the pull request’s reviews', async () => {
    const pull = await bobsPull(world, 'atonce');
    await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'COMMENT', body: 'First' }, world.dave);
    const added = await mutate(
      world,
      ADD_REVIEW,
      { pullRequestId: pull.id, event: 'APPROVE', commitOID: pull.head },
      world.carol,
    );
    expect(added.pullRequestReview).toMatchObject({ state: 'APPROVED', author: { login: 'carol' } });
    const page = await query(
      `{ repository(owner: "alice", name: "proj") { pullRequest(number: ${pull.number}) { reviews(first: 5) { edges { cursor node { id } } } } } }`,
    );
    const edge = page.repository.pullRequest.reviews.edges[1];
    expect(added.reviewEdge).toEqual({ cursor: edge.cursor, node: { id: edge.node.id } });
    expect(actions(await world.events())).toEqual(['pull_request_review.submitted', 'pull_request_review.submitted']);
  });

  it('refuses REST’s way: one’s own approval, a second pending review, DISMISS, a body missing', async () => {
    const pull = await bobsPull(world, 'rules');
    const own = await refused(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'APPROVE' }, world.bob);
    expect(own).toMatchObject({ type: 'UNPROCESSABLE', message: 'Can not approve your own pull request' });
    expect((await refused(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'DISMISS' }, world.carol)).type).toBe(
      'UNPROCESSABLE',
    );
    expect(
      (await refused(world, ADD_REVIEW, { pullRequestId: pull.id, event: 'REQUEST_CHANGES' }, world.carol)).message,
    ).toBe('Body is required when using REQUEST_CHANGES event');
    await mutate(world, ADD_REVIEW, { pullRequestId: pull.id }, world.bob);
    const second = await refused(world, ADD_REVIEW, { pullRequestId: pull.id, body: 'again' }, world.bob);
    expect(second).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'User can only have one pending review per pull request',
    });
    const ownSubmit = await refused(world, SUBMIT_REVIEW, { pullRequestId: pull.id, event: 'APPROVE' }, world.bob);
    expect(ownSubmit.message).toBe('Can not approve your own pull request');
    expect((await reviewRows(pull.number)).map((r) => r.state)).toEqual(['PENDING']);
    expect(await world.events()).toEqual([]);
  });

  it('takes reviews on a locked conversation from writers only (REST’s 422)', async () => {
    const pull = await bobsPull(world, 'locked');
    await mutate(world, ADD_REVIEW, { pullRequestId: pull.id, body: 'Before the lock' }, world.dave);
    await world.server.api(`/repos/alice/proj/issues/${pull.number}/lock`, {
      method: 'PUT',
      token: world.alice.token,
      body: {},
    });
    await world.events();
    const reader = await refused(
      world,
      ADD_REVIEW,
      { pullRequestId: pull.id, event: 'COMMENT', body: 'Reader' },
      world.bob,
    );
    expect(reader).toMatchObject({ type: 'UNPROCESSABLE', message: 'lock prevents review' });
    const submit = await refused(
      world,
      SUBMIT_REVIEW,
      { pullRequestId: pull.id, event: 'COMMENT', body: 'After' },
      world.dave,
    );
    expect(submit).toMatchObject({ type: 'UNPROCESSABLE', message: 'lock prevents review' });
    expect((await reviewRows(pull.number)).map((r) => r.state)).toEqual(['PENDING']);
    const writer = await mutate(
      world,
      ADD_REVIEW,
      { pullRequestId: pull.id, event: 'COMMENT', body: 'Writer' },
      world.carol,
    );
    expect(writer.pullRequestReview).toMatchObject({ state: 'COMMENTED', author: { login: 'carol' } });
    expect(actions(await world.events())).toEqual(['pull_request_review.submitted']);
  });

  it('writes nothing when one thread is not in the diff', async () => {
    const pull = await bobsPull(world, 'rollback');
    const bad = await refused(
      world,
      ADD_REVIEW,
      {
        pullRequestId: pull.id,
        event: 'COMMENT',
        body: 'Two notes',
        threads: [
          { path: 'rollback.txt', line: 1, body: 'fine' },
          { path: 'rollback.txt', line: 40, body: 'nowhere' },
        ],
      },
      world.carol,
    );
    expect(bad).toMatchObject({ type: 'UNPROCESSABLE' });
    expect(bad.message).toContain('line must be part of the diff');
    const missing = await refused(
      world,
      ADD_REVIEW,
      { pullRequestId: pull.id, threads: [{ path: 'nope.txt', line: 1, body: 'x' }] },
      world.carol,
    );
    expect(missing.message).toContain('Path could not be resolved');
    const commit = await refused(world, ADD_REVIEW, { pullRequestId: pull.id, commitOID: '0'.repeat(40) }, world.carol);
    expect(commit.message).toBe(`No commit found for SHA: ${'0'.repeat(40)}`);
    expect(await reviewRows(pull.number)).toEqual([]);
    const [{ n }] = await world.server.sql<[{ n: number }]>`SELECT count(*)::int AS n FROM pull_request_review_threads t
      JOIN issues i ON i.id = t.issue_id WHERE i.repository_id = ${world.repoId} AND i.number = ${pull.number}`;
    expect(n).toBe(0);
    expect(await world.events()).toEqual([]);
  });
});

async function query(text: string) {
  const body = await graphqlOk(world.server, text, {}, world.carol.token);
  expect(body.errors).toBeUndefined();
  return body.data!;
}
