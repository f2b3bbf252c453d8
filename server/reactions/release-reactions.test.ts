// Reactions on releases, over REST and GraphQL: GitHub's bodies (both
// schemas), 201 then 200, the six contents a release takes (422 for -1 and
// confused), the rollup in the release's bodies once somebody reacted, deleting
// one's own only, drafts seen (and reacted to) only with push access, and
// reactions going with their release. A release's reaction touches no issue
// list's generation (migration 030).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let repoId: number;
const REACTIONS = '/repos/{owner}/{repo}/releases/{release_id}/reactions';

beforeAll(async () => {
  ({
    server,
    owner: alice,
    users: { bob, carol },
    repo: { id: repoId },
  } = await startRepositoryFixture('rel', { users: ['bob', 'carol'], grants: { bob: 'read' } }));
});
afterAll(() => server?.close());

const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const res = await server.api(path, { token: alice.token, ...init });
  return { status: res.status, json: res.status === 204 ? null : ((await res.json()) as any) };
};

let tags = 0;
async function newRelease(draft = false): Promise<number> {
  const made = await call('/repos/alice/rel/releases', { method: 'POST', body: { tag_name: `v${++tags}.0.0`, draft } });
  expect(made.status).toBe(201);
  return made.json.id;
}

const releasePath = (id: number) => `/repos/alice/rel/releases/${id}`;
const react = (id: number, content: string, token = carol.token) =>
  call(`${releasePath(id)}/reactions`, { method: 'POST', token, body: { content } });

describe('REST reactions on a release', () => {
  it("creates (201, then 200 for the same), lists, filters, and shows the rollup in the release's bodies once there is one", async () => {
    const id = await newRelease();
    expect((await call(releasePath(id))).json).not.toHaveProperty('reactions');
    const first = await react(id, 'rocket');
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ content: 'rocket', user: { login: 'carol' } });
    expect(first.json.node_id).toMatch(/^RE_/);
    expectBothSchemas(
      first.json,
      { path: REACTIONS, method: 'post', status: 201 },
      { operationId: 'reactions/create-for-release' },
    );
    const again = await react(id, 'rocket');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect((await react(id, '+1', bob.token)).status).toBe(201);
    expect((await react(id, 'rocket', alice.token)).status).toBe(201);

    const listed = await call(`${releasePath(id)}/reactions`, { token: undefined });
    expect(listed.status).toBe(200);
    expect(listed.json.map((r: { content: string }) => r.content)).toEqual(['rocket', '+1', 'rocket']);
    expectBothSchemas(listed.json, { path: REACTIONS, method: 'get' }, { operationId: 'reactions/list-for-release' });
    const rockets = await call(`${releasePath(id)}/reactions?content=rocket&per_page=1&page=2`);
    expect(rockets.json.map((r: { user: { login: string } }) => r.user.login)).toEqual(['alice']);

    const rollup = {
      url: `${server.url}/api/v3${releasePath(id)}/reactions`,
      total_count: 3,
      '+1': 1,
      '-1': 0,
      laugh: 0,
      hooray: 0,
      confused: 0,
      heart: 0,
      rocket: 2,
      eyes: 0,
    };
    const one = await call(releasePath(id));
    expect(one.json.reactions).toEqual(rollup);
    expectBothSchemas(
      one.json,
      { path: '/repos/{owner}/{repo}/releases/{release_id}', method: 'get' },
      { operationId: 'repos/get-release' },
    );
    expect(
      (await call('/repos/alice/rel/releases?per_page=100')).json.find((r: { id: number }) => r.id === id).reactions,
    ).toEqual(rollup);
    expect((await call(`/repos/alice/rel/releases/tags/${one.json.tag_name}`)).json.reactions).toEqual(rollup);
  });

  it('takes six contents: -1 and confused are 422, as on GitHub; anonymous callers 401, unknown releases 404', async () => {
    const id = await newRelease();
    for (const content of ['-1', 'confused', 'party']) {
      const refused = await react(id, content);
      expect(refused.status, content).toBe(422);
      expect(refused.json.errors?.length ?? 0, content).toBeGreaterThan(0);
    }
    expect((await call(`${releasePath(id)}/reactions?content=confused`)).status).toBe(422);
    expect(
      (await call(`${releasePath(id)}/reactions`, { method: 'POST', token: undefined, body: { content: 'heart' } }))
        .status,
    ).toBe(401);
    expect((await react(999_999, 'heart')).status).toBe(404);
    expect((await call(`${releasePath(999_999)}/reactions`)).status).toBe(404);
    expect((await call(releasePath(id))).json).not.toHaveProperty('reactions');
  });

  it("deletes one's own reaction only (204; 403 for another's; 404 after, or through another release)", async () => {
    const id = await newRelease();
    const other = await newRelease();
    const mine = (await react(id, 'eyes')).json;
    const del = (through: number, token: string) =>
      call(`${releasePath(through)}/reactions/${mine.id}`, { method: 'DELETE', token });
    expect((await del(other, carol.token)).status).toBe(404);
    expect((await del(id, bob.token)).status).toBe(403);
    expect((await del(id, carol.token)).status).toBe(204);
    expect((await del(id, carol.token)).status).toBe(404);
    expect((await call(releasePath(id))).json).not.toHaveProperty('reactions');
  });

  it('a draft is 404 to those who cannot push, and its owner may react to it', async () => {
    const draft = await newRelease(true);
    expect((await react(draft, 'heart', bob.token)).status).toBe(404);
    expect((await call(`${releasePath(draft)}/reactions`, { token: bob.token })).status).toBe(404);
    expect((await react(draft, 'heart', alice.token)).status).toBe(201);
    expect((await call(releasePath(draft))).json.reactions).toMatchObject({ total_count: 1, heart: 1 });
  });

  it('bumps no issue list generation, and goes with its release', async () => {
    const id = await newRelease();
    const generations = () => server.sql<{ repository_id: number; generation: number }[]>`
      SELECT repository_id, generation::int FROM issue_list_generations WHERE repository_id IN (0, ${repoId}) ORDER BY 1`;
    await server.sql`SELECT bump_issue_list_generation(0), bump_issue_list_generation(${repoId})`; // rows exist from their first bump on
    const before = await generations();
    expect(before).toHaveLength(2);
    const reaction = (await react(id, 'laugh')).json;
    expect(await generations()).toEqual(before);
    expect((await call(releasePath(id), { method: 'DELETE' })).status).toBe(204);
    expect(await server.sql`SELECT 1 FROM reactions WHERE id = ${reaction.id}`).toHaveLength(0);
  });
});

describe('GraphQL reactions on a release', () => {
  const fields =
    'id reactionGroups { content reactors { totalCount } viewerHasReacted } reactions(first: 10) { totalCount nodes { content user { login } } } viewerCanReact';
  const releaseQuery = `query($tag: String!) { repository(owner: "alice", name: "rel") { release(tagName: $tag) { ${fields} } } }`;
  const add = `mutation($id: ID!, $content: ReactionContent!) { addReaction(input: { subjectId: $id, content: $content }) {
    reaction { id content reactable { __typename ... on Release { tagName } } } subject { __typename } reactionGroups { content reactors { totalCount } } } }`;
  const remove = `mutation($id: ID!, $content: ReactionContent!) { removeReaction(input: { subjectId: $id, content: $content }) { reaction { content } } }`;

  it('is Reactable: six groups, its reactions, and addReaction / removeReaction by its RL_ id', async () => {
    const id = await newRelease();
    const { tag_name: tag, node_id: nodeId } = (await call(releasePath(id))).json;
    await react(id, 'heart');
    const read = await graphqlOk(server, releaseQuery, { tag }, bob.token);
    const release = read.data!.repository.release;
    expect(release.reactionGroups.map((g: { content: string }) => g.content)).toEqual([
      'THUMBS_UP',
      'LAUGH',
      'HOORAY',
      'HEART',
      'ROCKET',
      'EYES',
    ]);
    expect(release.reactionGroups.find((g: { content: string }) => g.content === 'HEART')).toEqual({
      content: 'HEART',
      reactors: { totalCount: 1 },
      viewerHasReacted: false,
    });
    expect(release.reactions).toEqual({ totalCount: 1, nodes: [{ content: 'HEART', user: { login: 'carol' } }] });
    expect(release.viewerCanReact).toBe(true);

    const added = await graphqlOk(server, add, { id: nodeId, content: 'HOORAY' }, bob.token);
    expect(added.errors).toBeUndefined();
    expect(added.data!.addReaction.reaction).toMatchObject({
      content: 'HOORAY',
      reactable: { __typename: 'Release', tagName: tag },
    });
    expect(added.data!.addReaction.subject).toEqual({ __typename: 'Release' });
    expect(
      added.data!.addReaction.reactionGroups.find((g: { content: string }) => g.content === 'HOORAY').reactors
        .totalCount,
    ).toBe(1);
    expect((await call(releasePath(id))).json.reactions).toMatchObject({ total_count: 2, hooray: 1, heart: 1 });

    const refused = await graphqlOk(server, add, { id: nodeId, content: 'THUMBS_DOWN' }, bob.token);
    expect(refused.errors?.[0]).toMatchObject({ type: 'UNPROCESSABLE' });
    expect((await call(releasePath(id))).json.reactions.total_count).toBe(2);

    const removed = await graphqlOk(server, remove, { id: nodeId, content: 'HOORAY' }, bob.token);
    expect(removed.data!.removeReaction.reaction).toEqual({ content: 'HOORAY' });
    expect((await call(releasePath(id))).json.reactions).toMatchObject({ total_count: 1, hooray: 0 });
  });

  it("hides a draft's reactions from those who cannot see the draft", async () => {
    const draft = await newRelease(true);
    const { node_id: nodeId } = (await call(releasePath(draft))).json;
    const reaction = (await react(draft, 'eyes', alice.token)).json;
    const node = 'query($id: ID!) { node(id: $id) { ... on Reaction { content } } }';
    expect((await graphqlOk(server, node, { id: reaction.node_id }, alice.token)).data!.node).toEqual({
      content: 'EYES',
    });
    expect((await graphqlOk(server, node, { id: reaction.node_id }, bob.token)).data!.node).toBeNull();
    const refused = await graphqlOk(server, add, { id: nodeId, content: 'EYES' }, bob.token);
    expect(refused.errors?.[0]).toMatchObject({ type: 'NOT_FOUND' });
  });
});
