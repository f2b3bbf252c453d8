// Replies to review comments over real HTTP: they join the thread (by
// in_reply_to or …/replies) and show its place, are 404 for a comment of
// another pull request, and in a locked conversation only those with push
// access may comment or reply. One `pull_request_review_comment` event per
// change (checked against GitHub's webhook schemas by the outbox reader).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../../../test-support/response-schemas.js';
import { actions } from '../../../test-support/webhook-outbox.js';
import { reviewCommentCalls } from '../../../test-support/review-comment-calls.js';
import { reviewCommentFixture, type ReviewCommentFixture } from '../../../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
const { commentsPath, create, onHead } = reviewCommentCalls(() => f);

beforeAll(async () => {
  f = await reviewCommentFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('replies', () => {
  it('join the thread, with in_reply_to (POST …/comments) or …/comments/{id}/replies, showing its place', async () => {
    const first = (await onHead({ body: 'Thread start', path: 'a.txt', line: 8, side: 'RIGHT' })).json;
    const viaBody = await create(
      { body: 'Reply one', in_reply_to: first.id, path: 'ignored.txt', line: 1 },
      f.carol.token,
    );
    expect(viaBody.status).toBe(201);
    const viaPath = await f.call(`${commentsPath()}/${viaBody.json.id}/replies`, {
      method: 'POST',
      token: f.alice.token,
      body: { body: 'Reply two' },
    });
    expect(viaPath.status).toBe(201);
    expectBothSchemas(
      viaPath.json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies', method: 'post', status: 201 },
      { operationId: 'pulls/create-reply-for-review-comment' },
    );
    for (const reply of [viaBody.json, viaPath.json]) {
      // in_reply_to_id is the thread's first comment, even for a reply to a reply (GitHub's).
      expect(reply).toMatchObject({
        in_reply_to_id: first.id,
        path: 'a.txt',
        line: 8,
        position: first.position,
        diff_hunk: first.diff_hunk,
        commit_id: f.head,
      });
      expect(reply.pull_request_review_id).not.toBe(first.pull_request_review_id);
    }
    const events = await f.newEvents();
    expect(actions(events)).toEqual(Array(3).fill('pull_request_review_comment.created'));
    expect(events[2]!.payload.comment).toMatchObject({
      in_reply_to_id: first.id,
      body: 'Reply two',
      user: { login: 'alice' },
    });
  });

  it('is 404 for a comment of another pull request or none', async () => {
    const other = await f.openAnother('other', 'other.txt');
    const elsewhere = (
      await f.call(`/repos/alice/rc/pulls/${other}/comments`, {
        method: 'POST',
        token: f.bob.token,
        body: {
          body: 'x',
          commit_id: (await f.call(`/repos/alice/rc/pulls/${other}`)).json.head.sha,
          path: 'other.txt',
          line: 1,
        },
      })
    ).json;
    await f.newEvents();
    expect(
      (
        await f.call(`${commentsPath()}/${elsewhere.id}/replies`, {
          method: 'POST',
          token: f.bob.token,
          body: { body: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await create({ body: 'x', in_reply_to: elsewhere.id })).status).toBe(404);
    expect(
      (await f.call(`${commentsPath()}/987654/replies`, { method: 'POST', token: f.bob.token, body: { body: 'x' } }))
        .status,
    ).toBe(404);
    expect(await f.newEvents()).toEqual([]);
  });
});

describe('a locked conversation', () => {
  it('takes review comments and replies only from those with push access (403 otherwise)', async () => {
    const first = (await onHead({ body: 'Before the lock', path: 'a.txt', line: 7 })).json;
    await f.newEvents();
    expect(
      (await f.call(`/repos/alice/rc/issues/${f.number}/lock`, { method: 'PUT', token: f.alice.token, body: {} }))
        .status,
    ).toBe(204);
    expect((await onHead({ body: 'x', path: 'a.txt', line: 7 }, f.carol.token)).status).toBe(403);
    expect(
      (
        await f.call(`${commentsPath()}/${first.id}/replies`, {
          method: 'POST',
          token: f.dave.token,
          body: { body: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(actions(await f.newEvents())).toEqual([]);
    expect((await onHead({ body: 'A writer may', path: 'a.txt', line: 7 })).status).toBe(201);
    expect(actions(await f.newEvents())).toEqual(['pull_request_review_comment.created']);
  });
});
