// One review comment over real HTTP: read (anonymously too), edited and
// deleted by the right and the wrong people (the thread goes with its last
// comment, the review stays), with their `pull_request_review_comment`
// events, and the pull request's `review_comments` count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../../../test-support/response-schemas.js';
import { actions } from '../../../test-support/webhook-outbox.js';
import { reviewCommentCalls } from '../../../test-support/review-comment-calls.js';
import { reviewCommentFixture, type ReviewCommentFixture } from '../../../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
const ONE = { path: '/repos/{owner}/{repo}/pulls/comments/{comment_id}', method: 'get' };
const { create, onHead } = reviewCommentCalls(() => f);

beforeAll(async () => {
  f = await reviewCommentFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('GET, PATCH and DELETE …/pulls/comments/{id}', () => {
  it('gets one (anonymously too), 404 for none', async () => {
    const made = (await onHead({ body: 'To read', path: 'a.txt', line: 1 })).json;
    await f.newEvents();
    const { status, json } = await f.call(`/repos/alice/rc/pulls/comments/${made.id}`);
    expect(status).toBe(200);
    expectBothSchemas(json, ONE, { operationId: 'pulls/get-review-comment' });
    expect(json).toEqual(made);
    expect((await f.call('/repos/alice/rc/pulls/comments/987654')).status).toBe(404);
  });

  it('edits: the author or a writer (edited, with changes.body.from), 403 for others', async () => {
    const made = (await onHead({ body: 'Before', path: 'a.txt', line: 2 }, f.dave.token)).json;
    await f.newEvents();
    const path = `/repos/alice/rc/pulls/comments/${made.id}`;
    expect((await f.call(path, { method: 'PATCH', token: f.carol.token, body: { body: 'Hijack' } })).status).toBe(403);
    const own = await f.call(path, { method: 'PATCH', token: f.dave.token, body: { body: 'After' } });
    expect(own.status).toBe(200);
    expectBothSchemas(
      own.json,
      { path: '/repos/{owner}/{repo}/pulls/comments/{comment_id}', method: 'patch' },
      { operationId: 'pulls/update-review-comment' },
    );
    expect(own.json).toMatchObject({ id: made.id, body: 'After', line: 2 });
    const byWriter = await f.call(path, { method: 'PATCH', token: f.bob.token, body: { body: 'Fixed typo' } });
    expect(byWriter.status).toBe(200);
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review_comment.edited', 'pull_request_review_comment.edited']);
    expect(events.map((e) => e.payload.changes)).toEqual([{ body: { from: 'Before' } }, { body: { from: 'After' } }]);
    expect(events[1]!.payload).toMatchObject({
      comment: { body: 'Fixed typo', user: { login: 'dave' } },
      sender: { login: 'bob' },
    });
    expect((await f.call(path, { method: 'PATCH', token: f.bob.token, body: {} })).status).toBe(422);
    expect(
      (
        await f.call('/repos/alice/rc/pulls/comments/987654', {
          method: 'PATCH',
          token: f.bob.token,
          body: { body: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('deletes (204): the thread goes with its last comment, the review stays', async () => {
    const first = (await onHead({ body: 'Doomed', path: 'a.txt', line: 9 }, f.dave.token)).json;
    const reply = (await create({ body: 'Doomed reply', in_reply_to: first.id }, f.dave.token)).json;
    await f.newEvents();
    const [found] = await f.server.sql<
      { thread_id: number }[]
    >`SELECT thread_id FROM pull_request_review_comments WHERE id = ${first.id}`;
    const threadId = found!.thread_id;
    expect(
      (await f.call(`/repos/alice/rc/pulls/comments/${reply.id}`, { method: 'DELETE', token: f.carol.token })).status,
    ).toBe(403);
    expect(
      (await f.call(`/repos/alice/rc/pulls/comments/${reply.id}`, { method: 'DELETE', token: f.dave.token })).status,
    ).toBe(204);
    expect(await f.server.sql`SELECT id FROM pull_request_review_threads WHERE id = ${threadId}`).toHaveLength(1);
    expect(
      (await f.call(`/repos/alice/rc/pulls/comments/${first.id}`, { method: 'DELETE', token: f.alice.token })).status,
    ).toBe(204);
    expect(await f.server.sql`SELECT id FROM pull_request_review_threads WHERE id = ${threadId}`).toHaveLength(0);
    expect(
      await f.server.sql`SELECT id FROM pull_request_reviews WHERE id = ${first.pull_request_review_id}`,
    ).toHaveLength(1);
    expect((await f.call(`/repos/alice/rc/pulls/comments/${first.id}`)).status).toBe(404);
    expect(
      (await f.call(`/repos/alice/rc/pulls/comments/${first.id}`, { method: 'DELETE', token: f.alice.token })).status,
    ).toBe(404);
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review_comment.deleted', 'pull_request_review_comment.deleted']);
    expect(events.map((e) => e.payload.comment.id)).toEqual([reply.id, first.id]);
  });
});

describe('review_comments of the pull request', () => {
  it('counts the visible review comments, and the cached GET pulls/{n} sees a new one', async () => {
    const pull = `/repos/alice/rc/pulls/${f.number}`;
    const before = (await f.call(pull)).json.review_comments;
    const [counted] = await f.server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pull_request_review_comments c JOIN issues i ON i.id = c.issue_id WHERE i.number = ${f.number} AND i.repository_id = ${f.repoId}`;
    expect(before).toBe(counted!.n);
    expect((await f.call(pull)).json.review_comments).toBe(before);
    await onHead({ body: 'One more', path: 'a.txt', line: 10 });
    await f.newEvents();
    expect((await f.call(pull)).json.review_comments).toBe(before + 1);
  });
});
