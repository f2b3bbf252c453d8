// Making review comments over real HTTP against a pull request pushed with
// git: on a line, a range, a deleted line and a file (GitHub's bodies,
// checked against both our schema and GitHub's), on an earlier commit,
// GitHub's 422s and 404s, and one `pull_request_review_comment` event per
// comment (checked against GitHub's webhook schemas by the outbox reader).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../../../test-support/response-schemas.js';
import { actions } from '../../../test-support/webhook-outbox.js';
import { reviewCommentCalls } from '../../../test-support/review-comment-calls.js';
import { reviewCommentFixture, type ReviewCommentFixture } from '../../../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
const CREATED = { path: '/repos/{owner}/{repo}/pulls/{pull_number}/comments', method: 'post', status: 201 };
const { commentsPath, create, onHead } = reviewCommentCalls(() => f);

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
