// Review comments over real HTTP against a pull request pushed with git:
// comments on a line, a range and a file (GitHub's bodies, checked against
// both our schema and GitHub's), replies both ways, edits and deletions by
// the right and the wrong people, GitHub's 422s and 404s, one
// `pull_request_review_comment` event per change (checked per action
// against GitHub's webhook schemas by the outbox reader) and the pull
// request's `review_comments` count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../../test-support/response-schemas.js';
import { actions } from '../../test-support/webhook-outbox.js';
import { reviewCommentFixture, type ReviewCommentFixture } from '../../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
const ONE = { path: '/repos/{owner}/{repo}/pulls/comments/{comment_id}', method: 'get' };
const CREATED = { path: '/repos/{owner}/{repo}/pulls/{pull_number}/comments', method: 'post', status: 201 };
const commentsPath = () => `/repos/alice/rc/pulls/${f.number}/comments`;
const create = (body: Record<string, unknown>, token = f.bob.token) =>
  f.call(commentsPath(), { method: 'POST', token, body });
const onHead = (body: Record<string, unknown>, token = f.bob.token) => create({ commit_id: f.head, ...body }, token);

beforeAll(async () => {
  f = await reviewCommentFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('POST …/pulls/{n}/comments', () => {
  it('comments on a line: a submitted COMMENTED review holding it, its place in the diff, one created event', async () => {
    const { status, json, res } = await onHead({ body: 'Why capital?', path: 'a.txt', line: 3, side: 'RIGHT' });
    expect(status).toBe(201);
    expectBothSchemas(json, CREATED, { operationId: 'pulls/create-review-comment' });
    expect(res.headers.get('location')).toBe(json.url);
    expect(json).toMatchObject({
      body: 'Why capital?',
      path: 'a.txt',
      line: 3,
      original_line: 3,
      side: 'RIGHT',
      start_line: null,
      start_side: null,
      position: 4,
      original_position: 4,
      commit_id: f.head,
      original_commit_id: f.head,
      subject_type: 'line',
      user: { login: 'bob' },
      author_association: 'COLLABORATOR',
      pull_request_url: expect.stringMatching(new RegExp(`/pulls/${f.number}$`)),
    });
    expect(json.node_id).toMatch(/^PRRC_/);
    expect(json.diff_hunk).toBe('@@ -1,10 +1,10 @@\n l1\n l2\n-l3\n+L3');
    expect(json).not.toHaveProperty('in_reply_to_id');
    const [review] = await f.server
      .sql`SELECT state, body, user_id, commit_id, submitted_at FROM pull_request_reviews WHERE id = ${json.pull_request_review_id}`;
    expect(review).toMatchObject({ state: 'COMMENTED', body: '', user_id: f.bob.id, commit_id: f.head });
    expect(review!.submitted_at).not.toBeNull();
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review_comment.created']);
    expect(events[0]!.payload).toMatchObject({
      comment: { id: json.id, body: 'Why capital?' },
      pull_request: { number: f.number },
      sender: { login: 'bob' },
    });
  });

  it('comments on a range, on a deleted line (LEFT) and on a whole file', async () => {
    const range = await onHead({
      body: 'These three',
      path: 'a.txt',
      start_line: 2,
      start_side: 'RIGHT',
      line: 4,
      side: 'RIGHT',
    });
    expect(range.status).toBe(201);
    expect(range.json).toMatchObject({
      start_line: 2,
      original_start_line: 2,
      start_side: 'RIGHT',
      line: 4,
      side: 'RIGHT',
    });
    const left = await onHead({ body: 'Keep this', path: 'a.txt', line: 5, side: 'LEFT' });
    expect(left.status).toBe(201);
    expect(left.json).toMatchObject({ line: 5, side: 'LEFT', position: 6 });
    const file = await onHead({ body: 'A new file', path: 'new.txt', subject_type: 'file' });
    expect(file.status).toBe(201);
    expect(file.json).toMatchObject({ path: 'new.txt', subject_type: 'file' });
    for (const answer of [range, left, file])
      expectBothSchemas(answer.json, CREATED, { operationId: 'pulls/create-review-comment' });
    expect(actions(await f.newEvents())).toEqual(Array(3).fill('pull_request_review_comment.created'));
  });

  it('takes an earlier commit of the pull request as commit_id', async () => {
    const { status, json } = await create({
      commit_id: f.first,
      body: 'On the first commit',
      path: 'far.txt',
      line: 1,
    });
    expect(status).toBe(201);
    expect(json).toMatchObject({ commit_id: f.first, original_commit_id: f.first, line: 1 });
    await f.newEvents();
  });

  it('is 422 for a commit_id not of the pull request, a path not in the diff, a line outside it, a side it lacks', async () => {
    const refusals = [
      await create({ commit_id: '0'.repeat(40), body: 'x', path: 'a.txt', line: 3 }),
      await create({ commit_id: f.base, body: 'x', path: 'a.txt', line: 3 }),
      await create({ commit_id: 'not-a-sha', body: 'x', path: 'a.txt', line: 3 }),
      await onHead({ body: 'x', path: 'untouched.txt', line: 1 }),
      await onHead({ body: 'x', path: 'no-such-file.txt', line: 1 }),
      await onHead({ body: 'x', path: 'far.txt', line: 20 }),
      await onHead({ body: 'x', path: 'a.txt', line: 99 }),
      await onHead({ body: 'x', path: 'new.txt', line: 1, side: 'LEFT' }),
      await onHead({ body: 'x', path: 'a.txt', line: 3, side: 'MIDDLE' }),
      await onHead({ body: 'x', path: 'a.txt' }),
      await create({ body: 'x', path: 'a.txt', line: 3 }),
      await create({ commit_id: f.head, body: 'x', line: 3 }),
    ];
    for (const answer of refusals) {
      expect(answer.status, JSON.stringify(answer.json)).toBe(422);
      expect(answer.json.message).toBe('Validation Failed');
    }
    expect(refusals[0]!.json.errors).toEqual([
      {
        resource: 'PullRequestReviewComment',
        field: 'commit_id',
        code: 'custom',
        message: 'commit_id is not part of the pull request',
      },
    ]);
    expect(refusals[10]!.json.errors).toEqual([
      { resource: 'PullRequestReviewComment', field: 'commit_id', code: 'missing_field' },
    ]);
    expect(await f.newEvents()).toEqual([]);
  });

  it('is 404 for an unknown pull request, 401 anonymously', async () => {
    expect(
      (
        await f.call('/repos/alice/rc/pulls/999/comments', {
          method: 'POST',
          token: f.bob.token,
          body: { body: 'x', commit_id: f.head, path: 'a.txt', line: 3 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await f.call(commentsPath(), { method: 'POST', body: { body: 'x', commit_id: f.head, path: 'a.txt', line: 3 } }))
        .status,
    ).toBe(401);
  });
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
