// Inline comments and the reviews they belong to, over real HTTP: a pending
// review's comments are its author's alone until it is submitted (and only
// then an event), and a review comment made on its own is a submitted
// COMMENTED review that answers the commenter's review request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logins, reviewCalls } from '../test-support/review-calls.js';
import { actions } from '../test-support/webhook-outbox.js';
import { startReviewFixture, type ReviewFixture } from '../test-support/review-fixture.js';

let f: ReviewFixture;
const { reviews, create } = reviewCalls(() => f);

beforeAll(async () => {
  f = await startReviewFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('comments of a pending review', () => {
  it("are its author's alone until it is submitted; a COMMENT with inline comments needs no body", async () => {
    const pending = await create(f.carol.token, { comments: [{ path: 'app.txt', line: 7, body: 'Why add this?' }] });
    expect(pending.status).toBe(200);
    const path = `${reviews()}/${pending.json.id}/comments`;
    expect((await f.call(path, { token: f.alice.token })).status).toBe(404);
    expect((await f.call(path, { token: f.carol.token })).json.map((c: any) => c.body)).toEqual(['Why add this?']);
    const submitted = await f.call(`${reviews()}/${pending.json.id}/events`, {
      method: 'POST',
      token: f.carol.token,
      body: { event: 'COMMENT' },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.json).toMatchObject({ state: 'COMMENTED', body: '', author_association: 'NONE' });
    // The comment becomes visible, and so an event, only now.
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review.submitted', 'pull_request_review_comment.created']);
    expect(events[0]!.payload.review.body).toBeNull();
    expect(events[1]!.payload.comment).toMatchObject({ body: 'Why add this?', line: 7 });
    expect((await f.call(path, { token: f.alice.token })).json.map((c: any) => c.body)).toEqual(['Why add this?']);
  });
});

describe('a review comment on its own', () => {
  it("is a submitted COMMENTED review: submitted, then the comment created, and the commenter's request answered", async () => {
    const pulls = `/repos/alice/rv/pulls/${f.second.number}`;
    expect(
      (
        await f.call(`${pulls}/requested_reviewers`, {
          method: 'POST',
          token: f.bob.token,
          body: { reviewers: ['dave'] },
        })
      ).status,
    ).toBe(201);
    await f.newEvents();
    const head = (await f.call(pulls)).json.head.sha;
    const { status, json } = await f.call(`${pulls}/comments`, {
      method: 'POST',
      token: f.dave.token,
      body: { body: 'Why this file?', commit_id: head, path: 'other.txt', subject_type: 'file' },
    });
    expect(status, JSON.stringify(json)).toBe(201);
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review.submitted', 'pull_request_review_comment.created']);
    expect(events[0]!.payload.review).toMatchObject({
      id: json.pull_request_review_id,
      state: 'commented',
      user: { login: 'dave' },
    });
    expect(events[1]!.payload.comment).toMatchObject({
      id: json.id,
      pull_request_review_id: json.pull_request_review_id,
    });
    expect(logins(events[0]!.payload.pull_request.requested_reviewers)).toEqual([]);
    const listed = (await f.call(reviews(f.second.number))).json;
    expect(listed.map((r: any) => [r.id, r.state, r.user.login])).toEqual([
      [json.pull_request_review_id, 'COMMENTED', 'dave'],
    ]);
  });
});
