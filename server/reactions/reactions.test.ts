// Reactions over real HTTP: GitHub's reaction body, 201 then 200 for the same
// reaction, the content filter and pages, deleting one's own reaction only,
// locked conversations, and the rollup in issue and comment bodies (single
// and in lists) kept true through creates, deletes and comment deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'feel' } });
});
afterAll(() => server.close());

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);

async function openIssue(title: string): Promise<number> {
  return (await call('/repos/alice/feel/issues', { method: 'POST', token: alice.token, body: { title } })).json.number;
}

const react = (path: string, content: string, token = carol.token) =>
  call(`${path}/reactions`, { method: 'POST', token, body: { content } });

describe('reactions on an issue', () => {
  it("creates with GitHub's body, answers 200 with the same reaction the second time, and counts it on the issue", async () => {
    const n = await openIssue('React to me');
    const issue = `/repos/alice/feel/issues/${n}`;
    const first = await react(issue, 'heart');
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ content: 'heart', user: { login: 'carol' } });
    expect(first.json.node_id).toMatch(/^RE_/);
    expectBothSchemas(
      first.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/reactions', method: 'post', status: 201 },
      { operationId: 'reactions/create-for-issue' },
    );
    const again = await react(issue, 'heart');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expectBothSchemas(
      again.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/reactions', method: 'post', status: 200 },
      { operationId: 'reactions/create-for-issue' },
    );
    expect((await react(issue, '+1', alice.token)).status).toBe(201);
    expect((await react(issue, 'heart', alice.token)).status).toBe(201);

    const got = await call(issue);
    expect(got.json.reactions).toEqual({
      url: `${server.url}/api/v3${issue}/reactions`,
      total_count: 3,
      '+1': 1,
      '-1': 0,
      laugh: 0,
      hooray: 0,
      confused: 0,
      heart: 2,
      rocket: 0,
      eyes: 0,
    });
    const listed = (await call('/repos/alice/feel/issues')).json.find((i: { number: number }) => i.number === n);
    expect(listed.reactions).toEqual(got.json.reactions);
  });

  it('answers one 201 and the rest 200 for the same reaction sent at once, counted once', async () => {
    const issue = `/repos/alice/feel/issues/${await openIssue('Racy')}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => react(issue, 'hooray')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    expect((await call(issue)).json.reactions).toMatchObject({ total_count: 1, hooray: 1 });
  });

  it('refuses unknown contents (422), anonymous callers (401) and unknown issues (404)', async () => {
    const issue = `/repos/alice/feel/issues/${await openIssue('Strict')}`;
    const bad = await react(issue, 'thumbsup');
    expect(bad.status).toBe(422);
    expect(bad.json.errors?.length).toBeGreaterThan(0);
    expect((await call(`${issue}/reactions`, { method: 'POST', token: carol.token, body: {} })).status).toBe(422);
    expect((await react(issue, 'heart', '')).status).toBe(401);
    expect((await react('/repos/alice/feel/issues/9999', 'heart')).status).toBe(404);
    expect((await call('/repos/alice/feel/issues/9999/reactions')).status).toBe(404);
  });

  it('lists oldest first, filters by content and pages with Link', async () => {
    const issue = `/repos/alice/feel/issues/${await openIssue('Popular')}`;
    for (const content of ['+1', 'laugh', 'eyes']) await react(issue, content);
    await react(issue, 'laugh', alice.token);
    const all = await call(`${issue}/reactions`);
    expect(all.json.map((r: { content: string }) => r.content)).toEqual(['+1', 'laugh', 'eyes', 'laugh']);
    expectBothSchemas(
      all.json,
      { path: '/repos/{owner}/{repo}/issues/{issue_number}/reactions', method: 'get' },
      { operationId: 'reactions/list-for-issue' },
    );
    const laughs = await call(`${issue}/reactions?content=laugh`);
    expect(laughs.json.map((r: { user: { login: string } }) => r.user.login)).toEqual(['carol', 'alice']);
    expect((await call(`${issue}/reactions?content=nope`)).status).toBe(422);
    const first = await call(`${issue}/reactions?per_page=3`);
    expect(first.json).toHaveLength(3);
    expect(first.res.headers.get('link')).toContain('rel="next"');
    expect((await call(`${issue}/reactions?per_page=3&page=2`)).json).toHaveLength(1);
  });

  it("deletes one's own reaction only (204; 403 for another's; 404 after or on another issue)", async () => {
    const n = await openIssue('Regret');
    const issue = `/repos/alice/feel/issues/${n}`;
    const mine = (await react(issue, 'confused')).json;
    const other = `/repos/alice/feel/issues/${await openIssue('Elsewhere')}`;
    expect((await call(`${other}/reactions/${mine.id}`, { method: 'DELETE', token: carol.token })).status).toBe(404);
    expect((await call(`${issue}/reactions/${mine.id}`, { method: 'DELETE', token: alice.token })).status).toBe(403);
    expect((await call(issue)).json.reactions.confused).toBe(1);
    expect((await call(`${issue}/reactions/${mine.id}`, { method: 'DELETE', token: carol.token })).status).toBe(204);
    expect((await call(`${issue}/reactions/${mine.id}`, { method: 'DELETE', token: carol.token })).status).toBe(404);
    expect((await call(issue)).json.reactions).toMatchObject({ total_count: 0, confused: 0 });
    expect((await call(`${issue}/reactions`)).json).toEqual([]);
    // Reacting again after a delete is a new reaction.
    expect((await react(issue, 'confused')).status).toBe(201);
  });

  it('takes reactions in a locked conversation only from users with push access', async () => {
    const issue = `/repos/alice/feel/issues/${await openIssue('Heated')}`;
    expect((await call(`${issue}/lock`, { method: 'PUT', token: alice.token, body: {} })).status).toBe(204);
    expect((await react(issue, 'rocket')).status).toBe(403);
    expect((await react(issue, 'rocket', alice.token)).status).toBe(201);
  });
});

describe('reactions on an issue comment', () => {
  it('works as on issues, shows in comment bodies and lists, and goes with the comment', async () => {
    const n = await openIssue('Talk');
    const made = await call(`/repos/alice/feel/issues/${n}/comments`, {
      method: 'POST',
      token: alice.token,
      body: { body: 'hi' },
    });
    const comment = `/repos/alice/feel/issues/comments/${made.json.id}`;
    const created = await react(comment, 'hooray');
    expect(created.status).toBe(201);
    expectBothSchemas(
      created.json,
      { path: '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', method: 'post', status: 201 },
      { operationId: 'reactions/create-for-issue-comment' },
    );
    expect((await react(comment, 'hooray')).status).toBe(200);
    expect((await react(comment, 'rocket', alice.token)).status).toBe(201);
    const listed = await call(`${comment}/reactions`);
    expect(listed.json.map((r: { content: string }) => r.content)).toEqual(['hooray', 'rocket']);
    expectBothSchemas(
      listed.json,
      { path: '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions', method: 'get' },
      { operationId: 'reactions/list-for-issue-comment' },
    );

    const rollup = {
      url: `${server.url}/api/v3${comment}/reactions`,
      total_count: 2,
      '+1': 0,
      '-1': 0,
      laugh: 0,
      hooray: 1,
      confused: 0,
      heart: 0,
      rocket: 1,
      eyes: 0,
    };
    expect((await call(comment)).json.reactions).toEqual(rollup);
    expect((await call(`/repos/alice/feel/issues/${n}/comments`)).json[0].reactions).toEqual(rollup);
    expect((await call(`/repos/alice/feel/issues/${n}`)).json.reactions.total_count).toBe(0);

    expect(
      (await call(`${comment}/reactions/${created.json.id}`, { method: 'DELETE', token: alice.token })).status,
    ).toBe(403);
    expect(
      (await call(`${comment}/reactions/${created.json.id}`, { method: 'DELETE', token: carol.token })).status,
    ).toBe(204);
    expect((await call(comment)).json.reactions).toMatchObject({ total_count: 1, hooray: 0, rocket: 1 });

    expect((await call(comment, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await call(`${comment}/reactions`)).status).toBe(404);
    const [left] = await server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM reactions WHERE comment_id = ${made.json.id}`;
    expect(left!.n).toBe(0);
  });

  it('go with their issue when it is deleted (GitHub deletes issues over GraphQL only)', async () => {
    const n = await openIssue('Doomed');
    await react(`/repos/alice/feel/issues/${n}`, 'eyes');
    const [issue] = await server.sql<
      { id: number }[]
    >`SELECT i.id FROM issues i JOIN repositories r ON r.id = i.repository_id WHERE r.name = 'feel' AND i.number = ${n}`;
    await server.sql`DELETE FROM issues WHERE id = ${issue!.id}`;
    const [left] = await server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM reactions WHERE issue_id = ${issue!.id}`;
    expect(left!.n).toBe(0);
  });
});
