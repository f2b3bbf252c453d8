// Review comment lists (a pull request's and a repository's): `sort`,
// `direction` (only with `sort`), `since`, pages with `Link`, and comments of
// a pending review seen by their author alone (in lists, GET, replies, edits
// and the pull request's count), without events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../../auth/principal.js';
import type { TransactionSql } from '../../../db/database.js';
import { expectBothSchemas } from '../../../test-support/response-schemas.js';
import { actions } from '../../../test-support/webhook-outbox.js';
import { emitReviewCommentCreated } from '../review-comment-webhooks.js';
import {
  pendingComment,
  reviewCommentFixture,
  type ReviewCommentFixture,
} from '../../../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
let ids: number[]; // a, b, c on the feature pull request; d on the other
let other: number;
let pending: number;

const idsOf = (json: { id: number }[]) => json.map((c) => c.id);
const list = (query = '', token = f.bob.token) =>
  f.call(`/repos/alice/lists/pulls/${f.number}/comments${query}`, { token });
const repoList = (query = '', token = f.bob.token) => f.call(`/repos/alice/lists/pulls/comments${query}`, { token });

beforeAll(async () => {
  f = await reviewCommentFixture('lists');
  const made = async (number: number, body: Record<string, unknown>) =>
    (await f.call(`/repos/alice/lists/pulls/${number}/comments`, { method: 'POST', token: f.bob.token, body })).json
      .id as number;
  ids = [
    await made(f.number, { body: 'a', commit_id: f.head, path: 'a.txt', line: 1 }),
    await made(f.number, { body: 'b', commit_id: f.head, path: 'a.txt', line: 2 }),
    await made(f.number, { body: 'c', commit_id: f.head, path: 'new.txt', subject_type: 'file' }),
  ];
  other = await f.openAnother('other', 'other.txt');
  const otherHead = (await f.call(`/repos/alice/lists/pulls/${other}`)).json.head.sha;
  ids.push(await made(other, { body: 'd', commit_id: otherHead, path: 'other.txt', line: 2 }));
  // Fixed times, so the orders tested do not depend on the clock: created a < b < c < d; updated b < c < d < a.
  const times: [number, string, string][] = [
    [ids[0]!, '2024-01-01T00:00:00Z', '2024-01-05T00:00:00Z'],
    [ids[1]!, '2024-01-02T00:00:00Z', '2024-01-02T00:00:00Z'],
    [ids[2]!, '2024-01-03T00:00:00Z', '2024-01-03T00:00:00Z'],
    [ids[3]!, '2024-01-04T00:00:00Z', '2024-01-04T00:00:00Z'],
  ];
  for (const [id, created, updated] of times) {
    await f.server
      .sql`UPDATE pull_request_review_comments SET created_at = ${created}, updated_at = ${updated} WHERE id = ${id}`;
  }
  pending = await pendingComment(f, f.alice.id, 'a.txt', 'Draft thought');
  await f.server
    .sql`UPDATE pull_request_review_comments SET created_at = '2024-01-06T00:00:00Z', updated_at = '2024-01-06T00:00:00Z' WHERE id = ${pending}`;
  await f.newEvents();
});
afterAll(async () => {
  await f?.close();
});

describe('GET …/pulls/{n}/comments', () => {
  it("lists oldest first, with GitHub's bodies", async () => {
    const { status, json } = await list();
    expect(status).toBe(200);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/comments', method: 'get' },
      { operationId: 'pulls/list-review-comments' },
    );
    expect(idsOf(json)).toEqual(ids.slice(0, 3));
    expect(json[0]).toMatchObject({
      body: 'a',
      created_at: '2024-01-01T00:00:00Z',
      updated_at: '2024-01-05T00:00:00Z',
    });
  });

  it('sorts by updated, either direction; direction alone is ignored', async () => {
    expect(idsOf((await list('?sort=updated')).json)).toEqual([ids[1], ids[2], ids[0]]);
    expect(idsOf((await list('?sort=updated&direction=desc')).json)).toEqual([ids[0], ids[2], ids[1]]);
    expect(idsOf((await list('?sort=created&direction=desc')).json)).toEqual([ids[2], ids[1], ids[0]]);
    expect(idsOf((await list('?direction=desc')).json)).toEqual(ids.slice(0, 3));
  });

  it('filters by since (updated at or after)', async () => {
    expect(idsOf((await list('?since=2024-01-03T00:00:00Z')).json)).toEqual([ids[0], ids[2]]);
    expect((await list('?since=2030-01-01T00:00:00Z')).json).toEqual([]);
    expect((await list('?since=yesterday')).status).toBe(422);
  });

  it('pages with Link', async () => {
    const first = await list('?per_page=2');
    expect(idsOf(first.json)).toEqual(ids.slice(0, 2));
    expect(first.res.headers.get('link')).toMatch(/page=2&per_page=2>; rel="next"|per_page=2&page=2>; rel="next"/);
    const second = await list('?per_page=2&page=2');
    expect(idsOf(second.json)).toEqual([ids[2]]);
    expect((await list('?per_page=2&page=3')).json).toEqual([]);
  });

  it('is 404 for an unknown pull request', async () => {
    expect((await f.call('/repos/alice/lists/pulls/999/comments')).status).toBe(404);
  });
});

describe('GET …/pulls/comments', () => {
  it("lists every pull request's comments, with sort, direction, since and pages", async () => {
    const { status, json } = await repoList();
    expect(status).toBe(200);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/comments', method: 'get' },
      { operationId: 'pulls/list-review-comments-for-repo' },
    );
    expect(idsOf(json)).toEqual(ids);
    expect(idsOf((await repoList('?sort=updated')).json)).toEqual([ids[1], ids[2], ids[3], ids[0]]);
    expect(idsOf((await repoList('?sort=created&direction=desc')).json)).toEqual([...ids].reverse());
    expect(idsOf((await repoList('?since=2024-01-04T00:00:00Z')).json)).toEqual([ids[0], ids[3]]);
    expect(idsOf((await repoList('?per_page=3&page=2')).json)).toEqual([ids[3]]);
    expect(json[3]).toMatchObject({
      body: 'd',
      pull_request_url: expect.stringMatching(new RegExp(`/pulls/${other}$`)),
    });
  });
});

describe('comments of a pending review', () => {
  it('are listed for their author only (and anonymous callers never see them)', async () => {
    expect(idsOf((await list('', f.alice.token)).json)).toEqual([...ids.slice(0, 3), pending]);
    expect(idsOf((await repoList('', f.alice.token)).json)).toEqual([...ids, pending]);
    expect(idsOf((await list('', f.bob.token)).json)).not.toContain(pending);
    expect(idsOf((await list('', '')).json)).toEqual(ids.slice(0, 3));
    expect(idsOf((await repoList('?per_page=100', f.dave.token)).json)).toEqual(ids);
  });

  it('are 404 to others on GET, reply, edit and delete; their author may read and edit them, with no event', async () => {
    const path = `/repos/alice/lists/pulls/comments/${pending}`;
    expect((await f.call(path, { token: f.bob.token })).status).toBe(404);
    expect((await f.call(path)).status).toBe(404);
    expect(
      (
        await f.call(`/repos/alice/lists/pulls/${f.number}/comments/${pending}/replies`, {
          method: 'POST',
          token: f.bob.token,
          body: { body: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await f.call(path, { method: 'PATCH', token: f.bob.token, body: { body: 'x' } })).status).toBe(404);
    expect((await f.call(path, { method: 'DELETE', token: f.bob.token })).status).toBe(404);
    const own = await f.call(path, { token: f.alice.token });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: pending, body: 'Draft thought' });
    expect(
      (await f.call(path, { method: 'PATCH', token: f.alice.token, body: { body: 'Second thought' } })).json.body,
    ).toBe('Second thought');
    expect(await f.newEvents()).toEqual([]);
  });

  it("are not counted in the pull request's review_comments", async () => {
    expect((await f.call(`/repos/alice/lists/pulls/${f.number}`, { token: f.alice.token })).json.review_comments).toBe(
      3,
    );
  });
});

describe('emitReviewCommentCreated (what submitting a pending review calls)', () => {
  it('writes `created` for each comment, as the comment is after the change', async () => {
    const second = await pendingComment(f, f.dave.id, 'new.txt', 'Draft of dave');
    const third = await pendingComment(f, f.dave.id, 'a.txt', 'Another of dave');
    const { sql, services } = f.server;
    const repo = (await services.repos.find('alice', 'lists'))!;
    const principal: Principal = {
      kind: 'token',
      tokenId: 1,
      tokenKind: 'personal',
      scopes: ['repo'],
      user: { id: f.dave.id, login: 'dave', siteAdmin: false },
      expiresAt: null,
      installation: null,
    };
    await sql.begin(async (tx: TransactionSql) => {
      await tx`UPDATE pull_request_reviews SET state = 'COMMENTED', submitted_at = now() WHERE id IN (SELECT review_id FROM pull_request_review_comments WHERE id IN (${second}, ${third}))`;
      await emitReviewCommentCreated(tx, { repo, principal, urls: services.urls }, [third, second]);
    });
    const events = await f.newEvents();
    expect(actions(events)).toEqual(['pull_request_review_comment.created', 'pull_request_review_comment.created']);
    expect(events.map((e) => e.payload.comment.id)).toEqual([third, second]);
    expect(events[0]!.payload).toMatchObject({
      pull_request: { number: f.number },
      sender: { login: 'dave' },
      comment: { body: 'Another of dave' },
    });
    expect(idsOf((await list('', f.bob.token)).json)).toEqual([...ids.slice(0, 3), second, third]);
  });
});
