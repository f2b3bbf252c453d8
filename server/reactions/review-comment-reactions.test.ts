// Reactions on pull request review comments, over REST and GraphQL against a
// pull request pushed with git: GitHub's bodies (both schemas), 201 then 200,
// the rollup in the comment's REST body (single, lists, webhook payloads' view)
// and GraphQL's reactionGroups/reactions, deleting one's own only, a locked
// conversation (push access only), a pending review's comment (its author's
// alone: 404 to others), and reactions going with their comment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../test-support/graphql-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import {
  pendingComment,
  reviewCommentFixture,
  type ReviewCommentFixture,
} from '../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
const REACTIONS = '/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions';

beforeAll(async () => {
  f = await reviewCommentFixture('rx');
});
afterAll(async () => {
  await f?.close();
});

async function newComment(body: string, line = 3): Promise<number> {
  const made = await f.call(`/repos/alice/rx/pulls/${f.number}/comments`, {
    method: 'POST',
    token: f.bob.token,
    body: { commit_id: f.head, body, path: 'a.txt', line, side: 'RIGHT' },
  });
  expect(made.status).toBe(201);
  return made.json.id;
}

const commentPath = (id: number) => `/repos/alice/rx/pulls/comments/${id}`;
const react = (id: number, content: string, token = f.carol.token) =>
  f.call(`${commentPath(id)}/reactions`, { method: 'POST', token, body: { content } });

describe('REST reactions on a review comment', () => {
  it("creates (201, then 200 for the same), lists, filters, and shows the rollup in the comment's bodies", async () => {
    const id = await newComment('React here');
    const first = await react(id, 'heart');
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ content: 'heart', user: { login: 'carol' } });
    expect(first.json.node_id).toMatch(/^RE_/);
    expectBothSchemas(
      first.json,
      { path: REACTIONS, method: 'post', status: 201 },
      { operationId: 'reactions/create-for-pull-request-review-comment' },
    );
    const again = await react(id, 'heart');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await react(id, '+1', f.bob.token)).status).toBe(201);
    expect((await react(id, 'heart', f.dave.token)).status).toBe(201);

    const listed = await f.call(`${commentPath(id)}/reactions`);
    expect(listed.status).toBe(200);
    expect(listed.json.map((r: { content: string }) => r.content)).toEqual(['heart', '+1', 'heart']);
    expectBothSchemas(
      listed.json,
      { path: REACTIONS, method: 'get' },
      { operationId: 'reactions/list-for-pull-request-review-comment' },
    );
    const hearts = await f.call(`${commentPath(id)}/reactions?content=heart`);
    expect(hearts.json.map((r: { user: { login: string } }) => r.user.login)).toEqual(['carol', 'dave']);

    const rollup = {
      url: `${f.server.url}/api/v3${commentPath(id)}/reactions`,
      total_count: 3,
      '+1': 1,
      '-1': 0,
      laugh: 0,
      hooray: 0,
      confused: 0,
      heart: 2,
      rocket: 0,
      eyes: 0,
    };
    const one = await f.call(commentPath(id));
    expect(one.json.reactions).toEqual(rollup);
    expectBothSchemas(
      one.json,
      { path: '/repos/{owner}/{repo}/pulls/comments/{comment_id}', method: 'get' },
      { operationId: 'pulls/get-review-comment' },
    );
    const inList = (await f.call(`/repos/alice/rx/pulls/${f.number}/comments?per_page=100`)).json.find(
      (c: { id: number }) => c.id === id,
    );
    expect(inList.reactions).toEqual(rollup);
    const inRepoList = (await f.call('/repos/alice/rx/pulls/comments?per_page=100')).json.find(
      (c: { id: number }) => c.id === id,
    );
    expect(inRepoList.reactions).toEqual(rollup);
  });

  it("deletes one's own reaction only (204; 403 for another's; 404 after, or through another comment)", async () => {
    const id = await newComment('Regret', 4);
    const other = await newComment('Elsewhere', 2);
    const mine = (await react(id, 'confused')).json;
    const del = (through: number, token: string) =>
      f.call(`${commentPath(through)}/reactions/${mine.id}`, { method: 'DELETE', token });
    expect((await del(other, f.carol.token)).status).toBe(404);
    expect((await del(id, f.bob.token)).status).toBe(403);
    expect((await del(id, f.carol.token)).status).toBe(204);
    expect((await del(id, f.carol.token)).status).toBe(404);
    expect((await f.call(commentPath(id))).json.reactions).toMatchObject({ total_count: 0, confused: 0 });
    expect((await react(id, 'confused')).status).toBe(201);
  });

  it('refuses bad contents (422), anonymous callers (401) and unknown comments (404)', async () => {
    const id = await newComment('Strict', 7);
    const bad = await react(id, 'thumbsup');
    expect(bad.status).toBe(422);
    expect(bad.json.errors?.length).toBeGreaterThan(0);
    expect((await react(id, 'heart', '')).status).toBe(401);
    expect((await react(999999, 'heart')).status).toBe(404);
    expect((await f.call(`${commentPath(999999)}/reactions`)).status).toBe(404);
    expect((await f.call(`/repos/alice/rx/issues/comments/${id}/reactions`)).status).toBe(404);
  });

  it("hides a pending review's comment from everyone but its author (404)", async () => {
    const id = await pendingComment(f, f.dave.id, 'new.txt', 'draft');
    expect((await react(id, 'eyes')).status).toBe(404);
    expect((await f.call(`${commentPath(id)}/reactions`, { token: f.carol.token })).status).toBe(404);
    expect((await react(id, 'eyes', f.dave.token)).status).toBe(201);
    expect((await f.call(`${commentPath(id)}/reactions`, { token: f.dave.token })).json).toHaveLength(1);
  });

  it('takes reactions on a locked conversation only with push access, and lets the reactions go with their comment', async () => {
    const id = await newComment('Heated', 8);
    const pull = await f.openAnother('locked-rx', 'locked.txt');
    const headSha = (await f.call(`/repos/alice/rx/pulls/${pull}`)).json.head.sha;
    const made = await f.call(`/repos/alice/rx/pulls/${pull}/comments`, {
      method: 'POST',
      token: f.bob.token,
      body: { commit_id: headSha, body: 'On a file', path: 'locked.txt', subject_type: 'file' },
    });
    expect(made.status).toBe(201);
    expect(
      (await f.call(`/repos/alice/rx/issues/${pull}/lock`, { method: 'PUT', token: f.alice.token, body: {} })).status,
    ).toBe(204);
    const refused = await react(made.json.id, 'rocket');
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Unable to create reaction because issue is locked.');
    expect((await react(made.json.id, 'rocket', f.dave.token)).status).toBe(403);
    expect((await react(made.json.id, 'rocket', f.bob.token)).status).toBe(201);
    // The first pull request is not locked.
    expect((await react(id, 'rocket')).status).toBe(201);

    expect((await f.call(commentPath(made.json.id), { method: 'DELETE', token: f.bob.token })).status).toBe(204);
    const [left] = await f.server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM reactions WHERE review_comment_id = ${made.json.id}`;
    expect(left!.n).toBe(0);
  });

  it("bumps only its own repository's issue-list generation (not every repository's)", async () => {
    const id = await newComment('Generation', 9);
    const generations = () => f.server.sql<{ repository_id: number; generation: number }[]>`
      SELECT repository_id::int, generation::bigint AS generation FROM issue_list_generations WHERE repository_id IN (0, ${f.repoId})`;
    const before = new Map((await generations()).map((row) => [row.repository_id, String(row.generation)]));
    expect((await react(id, 'laugh')).status).toBe(201);
    const after = new Map((await generations()).map((row) => [row.repository_id, String(row.generation)]));
    expect(after.get(f.repoId)).not.toBe(before.get(f.repoId));
    expect(after.get(0)).toBe(before.get(0));
  });
});

describe('GraphQL reactions on a review comment', () => {
  const gql = (query: string, variables: Record<string, unknown>, token: string) =>
    graphqlOk(f.server, query, variables, token);

  it('adds and removes with a PRRC_ subject, and shows reactionGroups and reactions', async () => {
    const id = await newComment('GraphQL here', 2);
    const nodeId = (await f.call(commentPath(id))).json.node_id as string;
    const ADD = `mutation($id: ID!) { addReaction(input: { subjectId: $id, content: HOORAY }) {
      reaction { content reactable { __typename ... on PullRequestReviewComment { databaseId } } }
      subject { __typename ... on PullRequestReviewComment { reactionGroups { content reactors { totalCount } viewerHasReacted } } } } }`;
    const added = await gql(ADD, { id: nodeId }, f.carol.token);
    expect(added.errors, JSON.stringify(added.errors)).toBeUndefined();
    const payload = added.data!.addReaction;
    expect(payload.reaction).toEqual({
      content: 'HOORAY',
      reactable: { __typename: 'PullRequestReviewComment', databaseId: id },
    });
    expect(payload.subject.__typename).toBe('PullRequestReviewComment');
    expect(payload.subject.reactionGroups.find((g: { content: string }) => g.content === 'HOORAY')).toEqual({
      content: 'HOORAY',
      reactors: { totalCount: 1 },
      viewerHasReacted: true,
    });
    expect((await f.call(commentPath(id))).json.reactions).toMatchObject({ total_count: 1, hooray: 1 });

    const READ = `query($id: ID!) { node(id: $id) { ... on PullRequestReviewComment { viewerCanReact
      reactions(first: 10) { totalCount nodes { content user { login } } } reactionGroups { content createdAt reactors { totalCount } } } } }`;
    const read = await gql(READ, { id: nodeId }, f.bob.token);
    expect(read.errors, JSON.stringify(read.errors)).toBeUndefined();
    expect(read.data!.node.viewerCanReact).toBe(true);
    expect(read.data!.node.reactions).toEqual({
      totalCount: 1,
      nodes: [{ content: 'HOORAY', user: { login: 'carol' } }],
    });
    expect(read.data!.node.reactionGroups).toHaveLength(8);
    expect(read.data!.node.reactionGroups.find((g: { content: string }) => g.content === 'HOORAY').createdAt).toEqual(
      expect.any(String),
    );

    const REMOVE = `mutation($id: ID!) { removeReaction(input: { subjectId: $id, content: HOORAY }) { reaction { content } reactionGroups { content reactors { totalCount } } } }`;
    const removed = await gql(REMOVE, { id: nodeId }, f.carol.token);
    expect(removed.errors, JSON.stringify(removed.errors)).toBeUndefined();
    expect(removed.data!.removeReaction.reaction).toEqual({ content: 'HOORAY' });
    expect((await f.call(commentPath(id))).json.reactions.total_count).toBe(0);
  });

  it("is NOT_FOUND for another person's pending comment", async () => {
    const id = await pendingComment(f, f.dave.id, 'new.txt', 'secret draft');
    const nodeId = (await f.call(commentPath(id), { token: f.dave.token })).json.node_id as string;
    const answer = await gql(
      'mutation($id: ID!) { addReaction(input: { subjectId: $id, content: EYES }) { reaction { id } } }',
      { id: nodeId },
      f.carol.token,
    );
    expect(answer.errors?.[0]).toMatchObject({ type: 'NOT_FOUND' });
  });
});
