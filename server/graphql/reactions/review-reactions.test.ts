// Reactions on pull request reviews (GraphQL only: GitHub's REST has no
// endpoint for them): PullRequestReview is Reactable, with all eight groups,
// its reactions, addReaction/removeReaction by its PRR_ id; another person's
// pending review (and so its reactions) stays hidden; a locked conversation
// takes reactions from push access only; a review's reaction bumps the global
// issue-list generation no more (every repository's cached pages) than any
// other change to the review does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNodeId } from '../../ids/node-id.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { branchWith, openPullRequest, repositoryWithReadme } from '../../test-support/graphql/pull-fixture.js';
import { insertReview, pullRow, type PullRow } from '../../test-support/graphql/review-rows.js';

let server: TestServer;
let alice: TestUser; // owns the repository
let bob: TestUser; // opened the pull request
let carol: TestUser; // reads it only
let repoId: number;
let pull: PullRow;

const gql = (query: string, token: string, variables: Record<string, unknown> = {}) =>
  graphqlOk(server, query, variables, token);
const ADD = `mutation($id: ID!, $content: ReactionContent!) { addReaction(input: { subjectId: $id, content: $content }) {
  reaction { id content reactable { __typename ... on PullRequestReview { body } } } subject { __typename } } }`;
const REMOVE = `mutation($id: ID!, $content: ReactionContent!) { removeReaction(input: { subjectId: $id, content: $content }) { reaction { content } } }`;
const REVIEW = `query($id: ID!) { node(id: $id) { ... on PullRequestReview {
  reactionGroups { content viewerHasReacted reactors { totalCount } } reactions(first: 10) { totalCount nodes { content user { login } } } viewerCanReact } } }`;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  repoId = await repositoryWithReadme(server, alice.token, 'alice', 'rr');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${carol.id}, 'read')`;
  await branchWith(server, alice.token, 'alice/rr', 'feature', { 'a.txt': 'one\n' });
  await openPullRequest(server, bob.token, 'alice/rr', { title: 'Add a', head: 'feature', base: 'main' });
  pull = await pullRow(server.sql, 'alice', 'rr', 1);
});
afterAll(() => server?.close());

describe('reactions on a pull request review', () => {
  it('are added and removed by its PRR_ id, counted in its eight groups and listed', async () => {
    const id = encodeNodeId('PullRequestReview', await insertReview(server.sql, pull, alice.id, 'APPROVED', 'Ship it'));
    const added = await gql(ADD, carol.token, { id, content: 'HOORAY' });
    expect(added.errors).toBeUndefined();
    expect(added.data!.addReaction.reaction).toMatchObject({
      content: 'HOORAY',
      reactable: { __typename: 'PullRequestReview', body: 'Ship it' },
    });
    expect(added.data!.addReaction.subject).toEqual({ __typename: 'PullRequestReview' });
    expect((await gql(ADD, bob.token, { id, content: 'THUMBS_DOWN' })).errors).toBeUndefined();

    const review = (await gql(REVIEW, carol.token, { id })).data!.node;
    expect(review.reactionGroups.map((g: { content: string }) => g.content)).toEqual([
      'THUMBS_UP',
      'THUMBS_DOWN',
      'LAUGH',
      'HOORAY',
      'CONFUSED',
      'HEART',
      'ROCKET',
      'EYES',
    ]);
    expect(
      review.reactionGroups.filter((g: { reactors: { totalCount: number } }) => g.reactors.totalCount > 0),
    ).toEqual([
      { content: 'THUMBS_DOWN', viewerHasReacted: false, reactors: { totalCount: 1 } },
      { content: 'HOORAY', viewerHasReacted: true, reactors: { totalCount: 1 } },
    ]);
    expect(review.reactions).toEqual({
      totalCount: 2,
      nodes: [
        { content: 'HOORAY', user: { login: 'carol' } },
        { content: 'THUMBS_DOWN', user: { login: 'bob' } },
      ],
    });
    expect(review.viewerCanReact).toBe(true);

    expect((await gql(REMOVE, carol.token, { id, content: 'HOORAY' })).data!.removeReaction.reaction).toEqual({
      content: 'HOORAY',
    });
    expect((await gql(REVIEW, carol.token, { id })).data!.node.reactions.totalCount).toBe(1);
  });

  it("hides another person's pending review, and its reactions, from everyone but its author", async () => {
    const id = encodeNodeId('PullRequestReview', await insertReview(server.sql, pull, bob.id, 'PENDING', 'Draft'));
    const own = await gql(ADD, bob.token, { id, content: 'EYES' });
    expect(own.errors).toBeUndefined();
    const reaction = own.data!.addReaction.reaction.id;
    const node = 'query($id: ID!) { node(id: $id) { ... on Reaction { content } } }';
    expect((await gql(node, bob.token, { id: reaction })).data!.node).toEqual({ content: 'EYES' });
    expect((await gql(node, alice.token, { id: reaction })).data!.node).toBeNull();
    expect((await gql(ADD, alice.token, { id, content: 'EYES' })).errors?.[0]).toMatchObject({ type: 'NOT_FOUND' });
  });

  it('takes reactions only from push access when the conversation is locked', async () => {
    const id = encodeNodeId('PullRequestReview', await insertReview(server.sql, pull, alice.id, 'COMMENTED', 'Locked'));
    await server.sql`UPDATE issues SET locked = true WHERE id = ${pull.issueId}`;
    try {
      expect((await gql(REVIEW, carol.token, { id })).data!.node.viewerCanReact).toBe(false);
      expect((await gql(ADD, carol.token, { id, content: 'HEART' })).errors?.[0]).toMatchObject({ type: 'FORBIDDEN' });
      expect((await gql(ADD, alice.token, { id, content: 'HEART' })).errors).toBeUndefined();
    } finally {
      await server.sql`UPDATE issues SET locked = false WHERE id = ${pull.issueId}`;
    }
  });

  it('leaves the global issue-list generation alone, and goes with its review', async () => {
    const reviewId = await insertReview(server.sql, pull, alice.id, 'COMMENTED', 'Gone soon');
    await server.sql`SELECT bump_issue_list_generation(0)`; // the global row exists from its first bump on
    const global = () => server.sql`SELECT generation::int FROM issue_list_generations WHERE repository_id = 0`;
    const before = await global();
    expect(before).toHaveLength(1);
    expect(
      (await gql(ADD, carol.token, { id: encodeNodeId('PullRequestReview', reviewId), content: 'ROCKET' })).errors,
    ).toBeUndefined();
    expect(await global()).toEqual(before);
    await server.sql`DELETE FROM pull_request_reviews WHERE id = ${reviewId}`;
    expect(await server.sql`SELECT 1 FROM reactions WHERE review_id = ${reviewId}`).toHaveLength(0);
  });
});
