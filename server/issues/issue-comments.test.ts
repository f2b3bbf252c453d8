// Issue comments over real HTTP: GitHub's issue-comment body, the issue's
// comment count, per-issue and per-repository lists (since, sort, pages),
// and who may change or delete a comment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let number: number;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'talk' } });
  const res = await server.api('/repos/alice/talk/issues', {
    method: 'POST',
    token: alice.token,
    body: { title: 'Discuss' },
  });
  number = ((await res.json()) as { number: number }).number;
});
afterAll(() => server.close());

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);

const comment = (body: string, token = alice.token, n = number) =>
  call(`/repos/alice/talk/issues/${n}/comments`, { method: 'POST', token, body: { body } });

describe('issue comments', () => {
  it("creates a comment with GitHub's body and counts it on the issue", async () => {
    const { res, status, json } = await comment('First!', carol.token);
    expect(status).toBe(201);
    expect(res.headers.get('location')).toBe(json.url);
    expect(json).toMatchObject({
      body: 'First!',
      user: { login: 'carol' },
      author_association: 'NONE',
      url: `${server.url}/api/v3/repos/alice/talk/issues/comments/${json.id}`,
      issue_url: `${server.url}/api/v3/repos/alice/talk/issues/${number}`,
      html_url: `${server.url}/alice/talk/issues/${number}#issuecomment-${json.id}`,
      reactions: { total_count: 0 },
    });
    expect(json.node_id).toMatch(/^IC_/);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/comments', method: 'post', status: 201 },
      { operationId: 'issues/create-comment' },
    );
    expect((await call(`/repos/alice/talk/issues/${number}`)).json.comments).toBe(1);
    const got = await call(`/api/v3/repos/alice/talk/issues/comments/${json.id}`);
    expect(got.json).toEqual(json);
    expectBothSchemas(
      got.json,
      { path: '/repos/{owner}/{repo}/issues/comments/{comment_id}', method: 'get' },
      { operationId: 'issues/get-comment' },
    );
  });

  it('refuses an empty body, an unknown issue, and anonymous callers', async () => {
    expect((await comment('')).status).toBe(422);
    expect((await comment('x', alice.token, 9999)).status).toBe(404);
    expect((await comment('x', '')).status).toBe(401);
  });

  it('lets the author and pushers edit and delete, nobody else', async () => {
    const mine = (await comment('by alice')).json;
    const path = `/repos/alice/talk/issues/comments/${mine.id}`;
    expect((await call(path, { method: 'PATCH', token: carol.token, body: { body: 'hijack' } })).status).toBe(403);
    const edited = await call(path, { method: 'PATCH', token: alice.token, body: { body: 'by alice, edited' } });
    expect(edited.status).toBe(200);
    expect(edited.json.body).toBe('by alice, edited');
    expectBothSchemas(
      edited.json,
      { path: '/repos/{owner}/{repo}/issues/comments/{comment_id}', method: 'patch' },
      { operationId: 'issues/update-comment' },
    );
    expect((await call(path, { method: 'DELETE', token: carol.token })).status).toBe(403);
    const before = (await call(`/repos/alice/talk/issues/${number}`)).json.comments;
    expect((await call(path, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await call(path)).status).toBe(404);
    expect((await call(path, { method: 'DELETE', token: alice.token })).status).toBe(404);
    expect((await call(`/repos/alice/talk/issues/${number}`)).json.comments).toBe(before - 1);
  });

  it("lists an issue's comments oldest first with pages, and a repository's with sort and since", async () => {
    const other = (
      await call('/repos/alice/talk/issues', { method: 'POST', token: alice.token, body: { title: 'Other' } })
    ).json.number;
    for (let i = 0; i < 3; i++) await comment(`page ${i}`, alice.token, other);
    const first = await call(`/repos/alice/talk/issues/${other}/comments?per_page=2`);
    expect(first.json.map((c: { body: string }) => c.body)).toEqual(['page 0', 'page 1']);
    expect(first.res.headers.get('link')).toContain('rel="next"');
    expectBothSchemas(
      first.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/comments', method: 'get' },
      { operationId: 'issues/list-comments' },
    );
    const second = await call(`/repos/alice/talk/issues/${other}/comments?per_page=2&page=2`);
    expect(second.json.map((c: { body: string }) => c.body)).toEqual(['page 2']);

    const all = await call('/repos/alice/talk/issues/comments');
    expect(all.json.length).toBeGreaterThanOrEqual(4);
    expectBothSchemas(
      all.json,
      { path: '/repos/{owner}/{repo}/issues/comments', method: 'get' },
      { operationId: 'issues/list-comments-for-repo' },
    );
    const newest = await call('/repos/alice/talk/issues/comments?sort=created&direction=desc');
    expect(newest.json[0].body).toBe('page 2');
    const ignored = await call('/repos/alice/talk/issues/comments?direction=desc');
    expect(ignored.json[0].body).toBe(all.json[0].body);
    const future = await call('/repos/alice/talk/issues/comments?since=2999-01-01T00:00:00Z');
    expect(future.json).toEqual([]);
  });
});
