// Submitting pull request reviews over real HTTP on a pull request pushed
// with real git: pending then submitted, submitted at once with inline
// comments, and GitHub's 422s (self-approval, one pending review, missing
// body), bodies against our schema and GitHub's, and every event against
// GitHub's webhook schemas. The tests run in order: a pending review is then
// submitted, and each event list is what came since the test before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { expect422, logins, REVIEW_OPS as OPS, reviewCalls } from '../test-support/review-calls.js';
import { actions } from '../test-support/webhook-outbox.js';
import { startReviewFixture, type ReviewFixture } from '../test-support/review-fixture.js';

let f: ReviewFixture;
const { reviews, create } = reviewCalls(() => f);
const reviewCount = async () => Number((await f.server.sql`SELECT count(*) AS n FROM pull_request_reviews`)[0]!.n);

beforeAll(async () => {
  f = await startReviewFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('pending review, then submitted', () => {
  let id: number;

  it('creates a pending review (200, no submitted_at) seen by its author only, without events', async () => {
    // Asked to review first: the review answers the request.
    await f.call(`/repos/alice/rv/pulls/${f.first.number}/requested_reviewers`, {
      method: 'POST',
      token: f.bob.token,
      body: { reviewers: ['dave', 'alice'] },
    });
    await f.newEvents();
    const { status, json } = await create(f.dave.token, { body: 'Looks fine so far' });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      state: 'PENDING',
      body: 'Looks fine so far',
      commit_id: f.first.head,
      user: { login: 'dave' },
      author_association: 'COLLABORATOR',
    });
    expect(json).not.toHaveProperty('submitted_at');
    expect(json.html_url).toMatch(new RegExp(`/alice/rv/pull/${f.first.number}#pullrequestreview-${json.id}$`));
    expectBothSchemas(json, { ...OPS.create, status: 200 }, { operationId: 'pulls/create-review' });
    id = json.id;
    expect(await f.newEvents()).toEqual([]);
    expect((await f.call(reviews(), { token: f.dave.token })).json.map((r: any) => r.id)).toEqual([id]);
    expect((await f.call(reviews(), { token: f.alice.token })).json).toEqual([]);
    expect((await f.call(`${reviews()}/${id}`, { token: f.alice.token })).status).toBe(404);
  });

  it('refuses a second review while one is pending (422), pending or not', async () => {
    expect422(await create(f.dave.token, {}), 'User can only have one pending review per pull request');
    expect422(
      await create(f.dave.token, { event: 'APPROVE' }),
      'User can only have one pending review per pull request',
    );
  });

  it('submits it (200): submitted event, the reviewer leaves requested_reviewers without review_request_removed', async () => {
    const { status, json } = await f.call(`${reviews()}/${id}/events`, {
      method: 'POST',
      token: f.dave.token,
      body: { event: 'APPROVE' },
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ id, state: 'APPROVED', body: 'Looks fine so far' });
    expect(typeof json.submitted_at).toBe('string');
    expectBothSchemas(json, OPS.submit, { operationId: 'pulls/submit-review' });
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review.submitted']);
    expect(events[0]!.payload).toMatchObject({
      review: { id, state: 'approved' },
      sender: { login: 'dave' },
      pull_request: { number: f.first.number },
    });
    expect(logins(events[0]!.payload.pull_request.requested_reviewers)).toEqual(['alice']);
    const pull = await f.call(`/repos/alice/rv/pulls/${f.first.number}`);
    expect(logins(pull.json.requested_reviewers)).toEqual(['alice']);
    const got = await f.call(`${reviews()}/${id}`);
    expectBothSchemas(got.json, OPS.get, { operationId: 'pulls/get-review' });
    expect(
      (
        await f.call(`${reviews()}/${id}/events`, {
          method: 'POST',
          token: f.dave.token,
          body: { event: 'COMMENT', body: 'again' },
        })
      ).status,
    ).toBe(422);
  });
});

describe('a review submitted at once with inline comments', () => {
  it('writes the review and its 3 comments in one go (submitted event; list of its comments)', async () => {
    const comments = [
      { path: 'app.txt', line: 3, body: 'Why three?' },
      { path: 'app.txt', start_line: 7, line: 8, body: 'These two lines' },
      { path: 'app.txt', line: 3, side: 'LEFT', body: 'The old line 3' },
    ];
    const { status, json } = await create(f.alice.token, { event: 'REQUEST_CHANGES', body: 'Please fix', comments });
    expect(status).toBe(200);
    expect(json).toMatchObject({ state: 'CHANGES_REQUESTED', user: { login: 'alice' }, author_association: 'OWNER' });
    const events = await f.newEvents();
    expect(actions(events)).toEqual([
      'pull_request_review.submitted',
      ...Array(3).fill('pull_request_review_comment.created'),
    ]);
    expect(logins(events[0]!.payload.pull_request.requested_reviewers)).toEqual([]);
    expect(events.slice(1).map((e) => [e.payload.comment.body, e.payload.comment.pull_request_review_id])).toEqual(
      comments.map((c) => [c.body, json.id]),
    );
    const listed = await f.call(`${reviews()}/${json.id}/comments`);
    expect(listed.status).toBe(200);
    expect(listed.json.map((c: any) => [c.body, c.line, c.side, c.start_line, c.pull_request_review_id])).toEqual([
      ['Why three?', 3, 'RIGHT', null, json.id],
      ['These two lines', 8, 'RIGHT', 7, json.id],
      ['The old line 3', 3, 'LEFT', null, json.id],
    ]);
    expectBothSchemas(listed.json, OPS.comments, { operationId: 'pulls/list-comments-for-review' });
  });

  it('leaves no review when one comment is not on the diff (422)', async () => {
    const before = await reviewCount();
    const bad = await create(f.carol.token, {
      event: 'COMMENT',
      body: 'x',
      comments: [
        { path: 'app.txt', line: 3, body: 'ok' },
        { path: 'app.txt', line: 100, body: 'off the diff' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(
      (await create(f.carol.token, { body: 'x', comments: [{ path: 'nope.txt', line: 1, body: 'no file' }] })).status,
    ).toBe(422);
    expect(await reviewCount()).toBe(before);
    expect(await f.newEvents()).toEqual([]);
  });

  it("is 422 for a commit_id that is not one of the pull request's commits", async () => {
    expect422(
      await create(f.carol.token, { event: 'COMMENT', body: 'x', commit_id: 'f'.repeat(40) }),
      `No commit found for SHA: ${'f'.repeat(40)}`,
    );
    expect((await create(f.carol.token, { event: 'COMMENT', body: 'x', commit_id: f.first.base })).status).toBe(422);
  });
});

describe("GitHub's refusals", () => {
  it('the author can neither approve nor request changes (422), but may comment', async () => {
    expect422(await create(f.bob.token, { event: 'APPROVE' }), 'Can not approve your own pull request');
    expect422(
      await create(f.bob.token, { event: 'REQUEST_CHANGES', body: 'hm' }),
      'Can not request changes on your own pull request',
    );
    const comment = await create(f.bob.token, { event: 'COMMENT', body: 'Note to self' });
    expect(comment.status).toBe(200);
    expect(comment.json.state).toBe('COMMENTED');
    expect(actions(await f.newEvents())).toEqual(['pull_request_review.submitted']);
  });

  it('needs a body to request changes, and to comment without inline comments', async () => {
    expect((await create(f.carol.token, { event: 'REQUEST_CHANGES' })).status).toBe(422);
    expect((await create(f.carol.token, { event: 'COMMENT', body: '  ' })).status).toBe(422);
  });

  it('needs a signed-in caller (401) and a pull request (404)', async () => {
    expect((await f.call(reviews(), { method: 'POST', body: { event: 'APPROVE' } })).status).toBe(401);
    expect((await create(f.carol.token, { event: 'APPROVE' }, 999)).status).toBe(404);
  });
});
