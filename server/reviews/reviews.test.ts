// Pull request reviews over real HTTP on a pull request pushed with real git:
// pending then submitted, submitted at once with inline comments, GitHub's
// 422s (self-approval, one pending review, missing body, dismissing what
// cannot be), who may dismiss, editing, deleting, 404s, bodies against our
// schema and GitHub's, and every event against GitHub's webhook schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { actions } from '../test-support/webhook-outbox.js';
import { startReviewFixture, type ReviewFixture } from '../test-support/review-fixture.js';

let f: ReviewFixture;
const reviews = (number = f.first.number) => `/repos/alice/rv/pulls/${number}/reviews`;
const OPS = {
  list: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', method: 'get' },
  create: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', method: 'post' },
  get: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', method: 'get' },
  update: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', method: 'put' },
  remove: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', method: 'delete' },
  comments: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments', method: 'get' },
  dismiss: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/dismissals', method: 'put' },
  submit: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/events', method: 'post' },
};
const create = (token: string, body: Record<string, unknown>, number?: number) =>
  f.call(reviews(number), { method: 'POST', token, body });
const expect422 = (answer: { status: number; json: any }, sentence: string) => {
  expect(answer.status, JSON.stringify(answer.json)).toBe(422);
  expect(answer.json).toMatchObject({ message: 'Unprocessable Entity', errors: [sentence] });
};
const reviewCount = async () => Number((await f.server.sql`SELECT count(*) AS n FROM pull_request_reviews`)[0]!.n);
const threadsOnLine11 = async () =>
  Number(
    (await f.server.sql`SELECT count(*) AS n FROM pull_request_review_threads WHERE path = 'app.txt' AND line = 11`)[0]!
      .n,
  );
const logins = (users: { login: string }[]) => users.map((u) => u.login);

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
