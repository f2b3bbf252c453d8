// Dismissing, editing, deleting and reading pull request reviews over real
// HTTP: who may dismiss, what cannot be dismissed or deleted, the edited
// event, and the list of submitted reviews with its 404s. The set-up submits
// the three reviews these tests act on, as GitHub would have them: dave's
// approval, alice's request for changes and bob's comment on his own pull
// request; the tests then run in order (the list shows the dismissal).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { expect422, REVIEW_OPS as OPS, reviewCalls } from '../test-support/review-calls.js';
import { actions } from '../test-support/webhook-outbox.js';
import { startReviewFixture, type ReviewFixture } from '../test-support/review-fixture.js';

let f: ReviewFixture;
const { reviews, create } = reviewCalls(() => f);
const threadsOnLine11 = async () =>
  Number(
    (await f.server.sql`SELECT count(*) AS n FROM pull_request_review_threads WHERE path = 'app.txt' AND line = 11`)[0]!
      .n,
  );

beforeAll(async () => {
  f = await startReviewFixture();
  const submit = (token: string, body: Record<string, unknown>) =>
    apiOk(f.server, reviews(), { method: 'POST', token, body });
  await submit(f.dave.token, { event: 'APPROVE', body: 'Looks fine so far' });
  await submit(f.alice.token, { event: 'REQUEST_CHANGES', body: 'Please fix' });
  await submit(f.bob.token, { event: 'COMMENT', body: 'Note to self' });
  await f.newEvents();
});
afterAll(async () => {
  await f?.close();
});

describe('dismissing, editing and deleting', () => {
  const byState = async (state: string) =>
    (await f.call(reviews(), { token: f.alice.token })).json.find((r: any) => r.state === state);

  it('a writer dismisses an approval (200, dismissed event); a reader cannot (403); a comment cannot be (422)', async () => {
    const approval = await byState('APPROVED');
    expect(
      (
        await f.call(`${reviews()}/${approval.id}/dismissals`, {
          method: 'PUT',
          token: f.dave.token,
          body: { message: 'no' },
        })
      ).status,
    ).toBe(403);
    const { status, json } = await f.call(`${reviews()}/${approval.id}/dismissals`, {
      method: 'PUT',
      token: f.bob.token,
      body: { message: 'Stale', event: 'DISMISS' },
    });
    expect(status).toBe(200);
    expect(json.state).toBe('DISMISSED');
    expectBothSchemas(json, OPS.dismiss, { operationId: 'pulls/dismiss-review' });
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review.dismissed']);
    expect(events[0]!.payload.review).toMatchObject({ id: approval.id, state: 'dismissed' });
    const commented = await byState('COMMENTED');
    expect422(
      await f.call(`${reviews()}/${commented.id}/dismissals`, {
        method: 'PUT',
        token: f.alice.token,
        body: { message: 'x' },
      }),
      'Can not dismiss a commented pull request review',
    );
    expect(
      (await f.call(`${reviews()}/${approval.id}/dismissals`, { method: 'PUT', token: f.alice.token, body: {} }))
        .status,
    ).toBe(422);
  });

  it("edits a submitted review's text (edited event with changes.body.from); others may not (403)", async () => {
    const mine = await byState('CHANGES_REQUESTED');
    expect(
      (await f.call(`${reviews()}/${mine.id}`, { method: 'PUT', token: f.bob.token, body: { body: 'hijack' } })).status,
    ).toBe(403);
    const { status, json } = await f.call(`${reviews()}/${mine.id}`, {
      method: 'PUT',
      token: f.alice.token,
      body: { body: 'Please fix it all' },
    });
    expect(status).toBe(200);
    expect(json.body).toBe('Please fix it all');
    expectBothSchemas(json, OPS.update, { operationId: 'pulls/update-review' });
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review.edited']);
    expect(events[0]!.payload.changes).toEqual({ body: { from: 'Please fix' } });
  });

  it('deletes a pending review with its comments (200) but not a submitted one (422)', async () => {
    const pending = await create(f.carol.token, { comments: [{ path: 'app.txt', line: 11, body: 'draft' }] });
    expect(pending.status).toBe(200);
    expect(
      (
        await f.call(`${reviews()}/${pending.json.id}`, {
          method: 'PUT',
          token: f.carol.token,
          body: { body: 'draft text' },
        })
      ).status,
    ).toBe(200);
    expect(await threadsOnLine11()).toBe(1);
    const removed = await f.call(`${reviews()}/${pending.json.id}`, { method: 'DELETE', token: f.carol.token });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ id: pending.json.id, state: 'PENDING' });
    expectBothSchemas(removed.json, OPS.remove, { operationId: 'pulls/delete-pending-review' });
    expect(await threadsOnLine11()).toBe(0);
    expect(await f.newEvents()).toEqual([]);
    const submitted = await byState('COMMENTED');
    expect422(
      await f.call(`${reviews()}/${submitted.id}`, { method: 'DELETE', token: f.bob.token }),
      'Can not delete a non-pending pull request review',
    );
  });
});

describe('reading', () => {
  it("lists every submitted review oldest first (our schema and GitHub's), and 404s unknown ids and other pull requests' reviews", async () => {
    const { status, json } = await f.call(reviews());
    expect(status).toBe(200);
    expect(json.map((r: any) => r.state)).toEqual(['DISMISSED', 'CHANGES_REQUESTED', 'COMMENTED']);
    expectBothSchemas(json, OPS.list, { operationId: 'pulls/list-reviews' });
    expect((await f.call(`${reviews()}/999999`)).status).toBe(404);
    expect((await f.call(`${reviews(f.second.number)}/${json[0].id}`)).status).toBe(404);
    expect((await f.call(`${reviews(f.second.number)}/${json[0].id}/comments`)).status).toBe(404);
    expect(
      (
        await f.call(`${reviews(f.second.number)}/${json[0].id}/events`, {
          method: 'POST',
          token: f.dave.token,
          body: { event: 'COMMENT', body: 'x' },
        })
      ).status,
    ).toBe(404);
    const paged = await f.call(`${reviews()}?per_page=1&page=2`);
    expect(paged.json.map((r: any) => r.state)).toEqual(['CHANGES_REQUESTED']);
    expect(paged.res.headers.get('link')).toContain('rel="next"');
  });
});
