// addReaction and removeReaction: REST's rules through REST's store — the
// same reaction twice answers the existing one (counted once, in REST's
// rollup too), a locked conversation takes reactions only with push access,
// only one's own reaction goes (by content), a removed reaction's RE_ id
// resolves to nothing, unknown or invisible subjects are NOT_FOUND.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { apiOk } from '../../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let issueId: string;
let commentNodeId: string;
let lockedId: string;
let hiddenId: string;

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

const rest = (path: string, method = 'GET', body?: unknown, token = alice.token) =>
  apiOk(server, path, { method, token, body });

const ADD = `mutation($input: AddReactionInput!) { addReaction(input: $input) { clientMutationId
  reaction { id databaseId content user { login } reactable { __typename } }
  subject { __typename id reactions { totalCount } }
  reactionGroups { content reactors { totalCount } viewerHasReacted } } }`;
const REMOVE = `mutation($input: RemoveReactionInput!) { removeReaction(input: $input) { clientMutationId
  reaction { id content } subject { id } reactionGroups { content reactors { totalCount } } } }`;

async function mutate(query: string, input: Record<string, unknown>, token = alice.token) {
  const body = await gql(query, { input: { clientMutationId: 'cm', ...input } }, token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const [payload] = Object.values(body.data!);
  expect(payload.clientMutationId).toBe('cm');
  return payload;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await rest('/user/repos', 'POST', { name: 'feel' });
  await rest('/user/repos', 'POST', { name: 'hidden', private: true });
  await rest('/repos/alice/feel/issues', 'POST', { title: 'React' });
  const comment = await rest('/repos/alice/feel/issues/1/comments', 'POST', { body: 'hi' });
  await rest('/repos/alice/feel/issues', 'POST', { title: 'Locked' });
  await rest('/repos/alice/feel/issues/2/lock', 'PUT', {});
  await rest('/repos/alice/hidden/issues', 'POST', { title: 'Secret' });
  const ids = (
    await gql(`{ a: repository(owner: "alice", name: "feel") { one: issue(number: 1) { id } two: issue(number: 2) { id } }
    b: repository(owner: "alice", name: "hidden") { issue(number: 1) { id } } }`)
  ).data!;
  [issueId, lockedId, hiddenId] = [ids.a.one.id, ids.a.two.id, ids.b.issue.id];
  commentNodeId = comment.node_id;
});
afterAll(() => server.close());

describe('addReaction', () => {
  it('adds a reaction, answers the same one the second time, and REST counts it once', async () => {
    const added = await mutate(ADD, { subjectId: issueId, content: 'HOORAY' }, bob.token);
    expect(added.reaction).toMatchObject({
      content: 'HOORAY',
      user: { login: 'bob' },
      reactable: { __typename: 'Issue' },
    });
    expect(added.reaction.id).toMatch(/^RE_/);
    expect(added.subject).toEqual({ __typename: 'Issue', id: issueId, reactions: { totalCount: 1 } });
    expect(added.reactionGroups[3]).toEqual({ content: 'HOORAY', reactors: { totalCount: 1 }, viewerHasReacted: true });
    const again = await mutate(ADD, { subjectId: issueId, content: 'HOORAY' }, bob.token);
    expect(again.reaction.id).toBe(added.reaction.id);
    expect(again.subject.reactions.totalCount).toBe(1);
    expect((await rest('/repos/alice/feel/issues/1')).reactions).toMatchObject({ total_count: 1, hooray: 1 });
    const listed = await rest('/repos/alice/feel/issues/1/reactions');
    expect(listed).toEqual([
      expect.objectContaining({ id: added.reaction.databaseId, node_id: added.reaction.id, content: 'hooray' }),
    ]);
  });

  it('reacts to comments', async () => {
    const added = await mutate(ADD, { subjectId: commentNodeId, content: 'THUMBS_DOWN' });
    expect(added.reaction.reactable.__typename).toBe('IssueComment');
    expect(added.subject).toMatchObject({
      __typename: 'IssueComment',
      id: commentNodeId,
      reactions: { totalCount: 1 },
    });
    const comment = (await rest('/repos/alice/feel/issues/1/comments'))[0];
    expect(comment.reactions).toMatchObject({ total_count: 1, '-1': 1 });
  });

  it('takes reactions in a locked conversation only with push access', async () => {
    const refused = await gql(ADD, { input: { subjectId: lockedId, content: 'HEART' } }, bob.token);
    expect(refused.errors?.[0]?.type).toBe('FORBIDDEN');
    expect((await rest('/repos/alice/feel/issues/2')).reactions.total_count).toBe(0);
    expect((await mutate(ADD, { subjectId: lockedId, content: 'HEART' })).reaction.content).toBe('HEART');
  });

  it('answers NOT_FOUND for unknown, invisible and wrong-kind subjects, FORBIDDEN without a writing token', async () => {
    for (const subjectId of ['I_nope', hiddenId, (await gql('{ viewer { id } }')).data!.viewer.id]) {
      expect((await gql(ADD, { input: { subjectId, content: 'EYES' } }, bob.token)).errors?.[0]?.type).toBe(
        'NOT_FOUND',
      );
    }
    const reader = await server.createUser('reader', { scopes: ['user'] });
    expect((await gql(ADD, { input: { subjectId: issueId, content: 'EYES' } }, reader.token)).errors?.[0]?.type).toBe(
      'FORBIDDEN',
    );
  });
});

describe('removeReaction', () => {
  it("removes only the viewer's own reaction of the content, and its RE_ id then resolves to nothing", async () => {
    const mine = (await mutate(ADD, { subjectId: issueId, content: 'ROCKET' }, bob.token)).reaction;
    await mutate(ADD, { subjectId: issueId, content: 'ROCKET' });
    // Alice's removal takes hers, not bob's.
    const removed = await mutate(REMOVE, { subjectId: issueId, content: 'ROCKET' });
    expect(removed.reaction.content).toBe('ROCKET');
    expect(removed.reaction.id).not.toBe(mine.id);
    expect(removed.reactionGroups[6]).toEqual({ content: 'ROCKET', reactors: { totalCount: 1 } });
    // Nothing of hers left: no reaction in the payload, nothing changed.
    expect((await mutate(REMOVE, { subjectId: issueId, content: 'ROCKET' })).reaction).toBeNull();
    const node = 'query($id: ID!) { node(id: $id) { ... on Reaction { content user { login } } } }';
    expect((await gql(node, { id: mine.id })).data!.node).toEqual({ content: 'ROCKET', user: { login: 'bob' } });
    expect((await gql(node, { id: removed.reaction.id })).errors?.[0]?.type).toBe('NOT_FOUND');

    const gone = await mutate(REMOVE, { subjectId: issueId, content: 'ROCKET' }, bob.token);
    expect(gone.reaction.id).toBe(mine.id);
    expect((await gql(node, { id: mine.id })).errors?.[0]?.type).toBe('NOT_FOUND');
    expect((await rest('/repos/alice/feel/issues/1')).reactions.rocket).toBe(0);
  });
});
