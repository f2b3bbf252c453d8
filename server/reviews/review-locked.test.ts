// A locked conversation takes reviews only from users with push access, as
// its comments: creating a review (pending or with a verdict) and submitting
// a pending review written before the lock are GitHub's 422 "lock prevents
// review" to readers and outsiders; a writer reviews as usual, and nothing is
// written (no review, no event) for a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions } from '../test-support/webhook-outbox.js';
import { startReviewFixture, type ReviewFixture } from '../test-support/review-fixture.js';

let f: ReviewFixture;
const reviews = () => `/repos/alice/rv/pulls/${f.second.number}/reviews`;
const create = (token: string, body: Record<string, unknown>) => f.call(reviews(), { method: 'POST', token, body });
const refusedForTheLock = (answer: { status: number; json: any }) => {
  expect(answer.status).toBe(422);
  expect(answer.json).toMatchObject({ message: 'Unprocessable Entity', errors: ['lock prevents review'] });
};

beforeAll(async () => {
  f = await startReviewFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('reviews on a locked pull request', () => {
  it('refuses readers and outsiders (422), submitting a pending review too, and lets writers review', async () => {
    // carol's pending review, written before the lock.
    const pending = await create(f.carol.token, { body: 'Before the lock' });
    expect(pending.status).toBe(200);
    expect(
      (
        await f.call(`/repos/alice/rv/issues/${f.second.number}/lock`, {
          method: 'PUT',
          token: f.alice.token,
          body: {},
        })
      ).status,
    ).toBe(204);
    await f.newEvents();
    const [before] = await f.server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pull_request_reviews WHERE repository_id = ${f.repoId}`;

    refusedForTheLock(await create(f.dave.token, { body: 'Reader', event: 'COMMENT' }));
    refusedForTheLock(await create(f.dave.token, {}));
    refusedForTheLock(
      await f.call(`${reviews()}/${pending.json.id}/events`, {
        method: 'POST',
        token: f.carol.token,
        body: { event: 'COMMENT', body: 'After' },
      }),
    );
    const [after] = await f.server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pull_request_reviews WHERE repository_id = ${f.repoId}`;
    expect(after!.n).toBe(before!.n);
    const [still] = await f.server.sql<
      { state: string }[]
    >`SELECT state FROM pull_request_reviews WHERE id = ${pending.json.id}`;
    expect(still!.state).toBe('PENDING');
    expect(await f.newEvents()).toEqual([]);

    const byOwner = await create(f.alice.token, { body: 'Owner review', event: 'APPROVE' });
    expect(byOwner.status).toBe(200);
    expect(byOwner.json.state).toBe('APPROVED');
    expect(actions(await f.newEvents())).toEqual(['pull_request_review.submitted']);

    // Unlocked again: anyone who can read reviews.
    expect(
      (await f.call(`/repos/alice/rv/issues/${f.second.number}/lock`, { method: 'DELETE', token: f.alice.token }))
        .status,
    ).toBe(204);
    const submitted = await f.call(`${reviews()}/${pending.json.id}/events`, {
      method: 'POST',
      token: f.carol.token,
      body: { event: 'COMMENT', body: 'After the unlock' },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.json.state).toBe('COMMENTED');
  });
});
