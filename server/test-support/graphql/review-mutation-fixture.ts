// The world of the review mutation tests (review-mutations-*.test.ts): alice
// owns the public alice/proj (hooked for the review events, read from the
// outbox and checked against GitHub's webhook schemas), carol may write,
// bob (a reader) and dave (nobody) may read; each pull request is opened by
// bob from a branch with a three-line file, so its diff has lines 1–3 on the
// right side.
import { expect } from 'vitest';
import { graphqlOk } from '../graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-server.js';
import { outboxReader, type QueuedEvent } from '../webhook-outbox.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from './pull-fixture.js';

export interface ReviewWorld {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  dave: TestUser;
  repoId: number;
  /** The jobs written since the last call. */
  events: () => Promise<QueuedEvent[]>;
}

export async function reviewWorld(): Promise<ReviewWorld> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const [alice, bob, carol, dave] = [
    await server.createUser('alice'),
    await server.createUser('bob'),
    await server.createUser('carol'),
    await server.createUser('dave'),
  ];
  const repoId = await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await rest(server, alice.token, 'POST', '/repos/alice/proj/hooks', {
    config: { url: 'https://example.com/hook' },
    events: ['pull_request_review', 'pull_request_review_comment'],
  });
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${carol.id}, 'write'), (${repoId}, ${bob.id}, 'read')`;
  const events = outboxReader(server, { repositoryIds: [repoId] });
  await events();
  return { server, alice, bob, carol, dave, repoId, events };
}

export interface OpenedPull {
  number: number;
  id: string;
  head: string;
}

/** Bob's pull request of a new branch `branch` adding `{branch}.txt` (three lines); nothing of it left in the outbox. */
export async function bobsPull(world: ReviewWorld, branch: string): Promise<OpenedPull> {
  const { server, alice, bob } = world;
  const head = await branchWith(server, alice.token, 'alice/proj', branch, { [`${branch}.txt`]: 'one\ntwo\nthree\n' });
  const number = await openPullRequest(server, bob.token, 'alice/proj', {
    title: `Add ${branch}`,
    head: branch,
    base: 'main',
  });
  const found = await graphqlOk(
    server,
    `{ repository(owner: "alice", name: "proj") { pullRequest(number: ${number}) { id } } }`,
    {},
    alice.token,
  );
  await world.events();
  return { number, id: found.data!.repository.pullRequest.id, head };
}

/** The mutation's payload (the only field of `data`), which must have succeeded and echo the clientMutationId. */
export async function mutate(
  world: ReviewWorld,
  query: string,
  input: Record<string, unknown>,
  user: TestUser,
): Promise<any> {
  const body = await graphqlOk(world.server, query, { input: { clientMutationId: 'cm', ...input } }, user.token);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const [payload] = Object.values(body.data!);
  expect(payload.clientMutationId).toBe('cm');
  return payload;
}

/** The mutation's first error (the payload null), for refusals. */
export async function refused(world: ReviewWorld, query: string, input: Record<string, unknown>, user: TestUser) {
  const body = await graphqlOk(world.server, query, { input }, user.token);
  expect(body.data ? Object.values(body.data)[0] : null).toBeNull();
  expect(body.errors?.length, JSON.stringify(body)).toBeGreaterThan(0);
  return body.errors![0]!;
}

const REVIEW_FIELDS =
  'id databaseId state body author { login } submittedAt comments(first: 10) { totalCount nodes { body path line state } }';

export const ADD_REVIEW = `mutation($input: AddPullRequestReviewInput!) { addPullRequestReview(input: $input) { clientMutationId
  pullRequestReview { ${REVIEW_FIELDS} } reviewEdge { cursor node { id } } } }`;
export const SUBMIT_REVIEW = `mutation($input: SubmitPullRequestReviewInput!) { submitPullRequestReview(input: $input) { clientMutationId pullRequestReview { ${REVIEW_FIELDS} } } }`;
export const UPDATE_REVIEW = `mutation($input: UpdatePullRequestReviewInput!) { updatePullRequestReview(input: $input) { clientMutationId pullRequestReview { ${REVIEW_FIELDS} } } }`;
export const DISMISS_REVIEW = `mutation($input: DismissPullRequestReviewInput!) { dismissPullRequestReview(input: $input) { clientMutationId pullRequestReview { ${REVIEW_FIELDS} } } }`;
export const DELETE_REVIEW = `mutation($input: DeletePullRequestReviewInput!) { deletePullRequestReview(input: $input) { clientMutationId pullRequestReview { id databaseId state body } } }`;
const THREAD_FIELDS =
  'id path line startLine diffSide subjectType isResolved comments(first: 10) { totalCount nodes { id body state replyTo { id } pullRequestReview { id state } } }';
export const ADD_THREAD = `mutation($input: AddPullRequestReviewThreadInput!) { addPullRequestReviewThread(input: $input) { clientMutationId thread { ${THREAD_FIELDS} } } }`;
export const ADD_REPLY = `mutation($input: AddPullRequestReviewThreadReplyInput!) { addPullRequestReviewThreadReply(input: $input) { clientMutationId
  comment { id body state path line replyTo { id } author { login } pullRequestReview { id state } } } }`;
export const UPDATE_COMMENT = `mutation($input: UpdatePullRequestReviewCommentInput!) { updatePullRequestReviewComment(input: $input) { clientMutationId
  pullRequestReviewComment { id body author { login } } } }`;
export const DELETE_COMMENT = `mutation($input: DeletePullRequestReviewCommentInput!) { deletePullRequestReviewComment(input: $input) { clientMutationId
  pullRequestReviewComment { id body } pullRequestReview { id comments(first: 5) { totalCount } } } }`;
