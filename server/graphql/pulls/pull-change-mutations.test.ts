// GraphQL's pull request mutations after creation change what REST changes and
// emit what REST emits, in the same transaction: each mutation's payload
// (clientMutationId echoed), REST's rules (who may, GitHub's 422s as
// UNPROCESSABLE) and the `pull_request` events queued, each valid against
// GitHub's published schema — converted_to_draft and ready_for_review
// included, which only GraphQL makes. Who may merge and request reviews
// here; their work itself: merge-review-mutations.test.ts. Opening one:
// pull-create-mutations.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest } from '../../test-support/graphql/pull-fixture.js';
import {
  CREATE,
  FIELDS,
  startPullMutationScenario,
  type PullMutationScenario,
} from '../../test-support/graphql/pull-mutation-scenario.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';
import { actions, type QueuedEvent } from '../../test-support/webhook-outbox.js';

let scenario: PullMutationScenario;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let repoId: string;
let newEvents: () => Promise<QueuedEvent[]>;

const gql: PullMutationScenario['gql'] = (...args) => scenario.gql(...args);
const mutate: PullMutationScenario['mutate'] = (...args) => scenario.mutate(...args);
const refused: PullMutationScenario['refused'] = (...args) => scenario.refused(...args);

const UPDATE = `mutation($input: UpdatePullRequestInput!) { updatePullRequest(input: $input) { clientMutationId actor { login } pullRequest { ${FIELDS} } } }`;
const CLOSE =
  'mutation($input: ClosePullRequestInput!) { closePullRequest(input: $input) { clientMutationId pullRequest { state closed } } }';
const REOPEN =
  'mutation($input: ReopenPullRequestInput!) { reopenPullRequest(input: $input) { clientMutationId pullRequest { state closed } } }';
const DRAFT =
  'mutation($input: ConvertPullRequestToDraftInput!) { convertPullRequestToDraft(input: $input) { clientMutationId pullRequest { isDraft } } }';
const READY =
  'mutation($input: MarkPullRequestReadyForReviewInput!) { markPullRequestReadyForReview(input: $input) { clientMutationId pullRequest { isDraft } } }';
const MERGE =
  'mutation($input: MergePullRequestInput!) { mergePullRequest(input: $input) { clientMutationId pullRequest { merged } } }';
const REVIEWS =
  'mutation($input: RequestReviewsInput!) { requestReviews(input: $input) { clientMutationId pullRequest { number } } }';

// #1 is alice's draft from feature, #2 bob's from fix, opened as pull-create-mutations.test.ts opens them.
beforeAll(async () => {
  scenario = await startPullMutationScenario();
  ({ server, alice, bob, carol, repoId, newEvents } = scenario);
  await mutate(CREATE, {
    repositoryId: repoId,
    baseRefName: 'main',
    headRefName: 'feature',
    title: 'Add a and b',
    body: 'Two files',
    draft: true,
  });
  await mutate(CREATE, { repositoryId: repoId, baseRefName: 'main', headRefName: 'fix', title: 'Fix c' }, bob.token);
  await newEvents();
});
afterAll(() => server?.close());

describe('updatePullRequest, closePullRequest, reopenPullRequest', () => {
  const idOf = async (number: number) =>
    (await gql(`{ repository(owner: "alice", name: "proj") { pullRequest(number: ${number}) { id } } }`)).data!
      .repository.pullRequest.id;

  it('lets the author edit title, body and base, with pull_request.edited and its changes', async () => {
    const pullRequestId = await idOf(2);
    const payload = await mutate(UPDATE, { pullRequestId, title: 'Fix c, really', body: 'Now with a body' }, bob.token);
    expect(payload).toMatchObject({
      actor: { login: 'bob' },
      pullRequest: { title: 'Fix c, really', body: 'Now with a body' },
    });
    const [edited] = await newEvents();
    expect(edited).toMatchObject({
      action: 'edited',
      payload: { changes: { title: { from: 'Fix c' }, body: { from: '' } } },
    });
    const rebased = await mutate(UPDATE, { pullRequestId, baseRefName: 'develop' });
    expect(rebased.pullRequest.baseRefName).toBe('develop');
    const [based] = await newEvents();
    expect(based).toMatchObject({
      action: 'edited',
      payload: { changes: { base: { ref: { from: 'main' } } }, pull_request: { base: { ref: 'develop' } } },
    });
  });

  it('refuses others without triage (FORBIDDEN) and unknown branches, changing nothing', async () => {
    const pullRequestId = await idOf(2);
    expect(await refused(UPDATE, { pullRequestId, title: 'Mine now' }, carol.token)).toMatchObject({
      type: 'FORBIDDEN',
      message: 'carol does not have the correct permissions to execute `UpdatePullRequest`',
    });
    expect((await refused(CLOSE, { pullRequestId }, carol.token)).type).toBe('FORBIDDEN');
    expect((await refused(UPDATE, { pullRequestId, baseRefName: 'nope' })).type).toBe('UNPROCESSABLE');
    expect((await refused(UPDATE, { pullRequestId: 'PR_nope' })).type).toBe('NOT_FOUND');
    expect(await newEvents()).toEqual([]);
  });

  it('closes and reopens with pull_request.closed (merged false) and reopened; state through updatePullRequest too', async () => {
    const pullRequestId = await idOf(2);
    expect((await mutate(CLOSE, { pullRequestId }, bob.token)).pullRequest).toEqual({ state: 'CLOSED', closed: true });
    expect((await mutate(REOPEN, { pullRequestId }, bob.token)).pullRequest).toEqual({ state: 'OPEN', closed: false });
    expect((await mutate(UPDATE, { pullRequestId, state: 'CLOSED' })).pullRequest.state).toBe('CLOSED');
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.closed', 'pull_request.reopened', 'pull_request.closed']);
    expect(events[0]!.payload.pull_request.merged).toBe(false);
    await mutate(REOPEN, { pullRequestId });
    await newEvents();
  });
});

describe('convertPullRequestToDraft and markPullRequestReadyForReview', () => {
  it('change the draft state with converted_to_draft and ready_for_review, nothing when unchanged', async () => {
    const pullRequestId = (await gql('{ repository(owner: "alice", name: "proj") { pullRequest(number: 2) { id } } }'))
      .data!.repository.pullRequest.id;
    expect((await mutate(DRAFT, { pullRequestId }, bob.token)).pullRequest).toEqual({ isDraft: true });
    expect((await mutate(DRAFT, { pullRequestId }, bob.token)).pullRequest).toEqual({ isDraft: true });
    expect((await mutate(READY, { pullRequestId })).pullRequest).toEqual({ isDraft: false });
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.converted_to_draft', 'pull_request.ready_for_review']);
    expect(events.map((e) => e.payload.pull_request.draft)).toEqual([true, false]);
    expect(events[1]!.payload.sender.login).toBe('alice');
    expect((await rest(server, alice.token, 'GET', '/repos/alice/proj/pulls/2')).draft).toBe(false);
  });

  it('refuses others without push access, and closed pull requests', async () => {
    const pullRequestId = (await gql('{ repository(owner: "alice", name: "proj") { pullRequest(number: 2) { id } } }'))
      .data!.repository.pullRequest.id;
    expect((await refused(DRAFT, { pullRequestId }, carol.token)).type).toBe('FORBIDDEN');
    await mutate(CLOSE, { pullRequestId });
    expect((await refused(DRAFT, { pullRequestId })).type).toBe('UNPROCESSABLE');
    await mutate(REOPEN, { pullRequestId });
    expect(actions(await newEvents())).toEqual(['pull_request.closed', 'pull_request.reopened']);
  });
});

describe('mergePullRequest and requestReviews', () => {
  it("take REST's rules: push access to merge; the author (read only) or triage to request reviews", async () => {
    const ids = (
      await gql(
        '{ repository(owner: "alice", name: "proj") { one: pullRequest(number: 1) { id } two: pullRequest(number: 2) { id } } viewer { id } }',
      )
    ).data!;
    const [one, two] = [ids.repository.one.id, ids.repository.two.id];
    expect(await refused(MERGE, { pullRequestId: two }, bob.token)).toMatchObject({
      type: 'FORBIDDEN',
      message: 'bob does not have the correct permissions to execute `MergePullRequest`',
    });
    expect((await refused(MERGE, { pullRequestId: 'PR_nope' })).type).toBe('NOT_FOUND');
    expect((await refused(REVIEWS, { pullRequestId: one, userIds: [ids.viewer.id] }, bob.token)).type).toBe(
      'FORBIDDEN',
    );
    expect((await refused(REVIEWS, { pullRequestId: two, userIds: [] }, carol.token)).type).toBe('FORBIDDEN');
    expect(await newEvents()).toEqual([]);
    // bob, the author of #2, asks the owner; the owner withdraws it (union false, nobody named).
    expect((await mutate(REVIEWS, { pullRequestId: two, userIds: [ids.viewer.id] }, bob.token)).pullRequest).toEqual({
      number: 2,
    });
    expect((await mutate(REVIEWS, { pullRequestId: two, userIds: [] })).pullRequest).toEqual({ number: 2 });
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.review_requested', 'pull_request.review_request_removed']);
    expect(events.map((e) => [e.payload.sender.login, e.payload.requested_reviewer.login])).toEqual([
      ['bob', 'alice'],
      ['alice', 'alice'],
    ]);
    expect((await rest(server, alice.token, 'GET', '/repos/alice/proj/pulls/2')).merged).toBe(false);
  });
});

describe("Issue's interface mutations on pull requests", () => {
  it('label, assign, lock, comment on and react to a pull request by its PR_ id, answering the PullRequest', async () => {
    const ids = (
      await gql(
        `{ viewer { id } repository(owner: "alice", name: "proj") { pullRequest(number: 1) { id } label(name: "bug") { id } } }`,
      )
    ).data!;
    const pullRequestId = ids.repository.pullRequest.id;
    const labeled = await mutate(
      'mutation($input: AddLabelsToLabelableInput!) { addLabelsToLabelable(input: $input) { clientMutationId labelable { __typename ... on PullRequest { headRefName labels(first: 5) { nodes { name } } } } } }',
      { labelableId: pullRequestId, labelIds: [ids.repository.label.id] },
    );
    expect(labeled.labelable).toEqual({
      __typename: 'PullRequest',
      headRefName: 'feature',
      labels: { nodes: [{ name: 'bug' }] },
    });
    const assigned = await mutate(
      'mutation($input: AddAssigneesToAssignableInput!) { addAssigneesToAssignable(input: $input) { clientMutationId assignable { __typename assignees { totalCount } } } }',
      { assignableId: pullRequestId, assigneeIds: [ids.viewer.id] },
    );
    expect(assigned.assignable).toEqual({ __typename: 'PullRequest', assignees: { totalCount: 1 } });
    const locked = await mutate(
      'mutation($input: LockLockableInput!) { lockLockable(input: $input) { clientMutationId lockedRecord { __typename locked } } }',
      { lockableId: pullRequestId },
    );
    expect(locked.lockedRecord).toEqual({ __typename: 'PullRequest', locked: true });
    await mutate('mutation($input: UnlockLockableInput!) { unlockLockable(input: $input) { clientMutationId } }', {
      lockableId: pullRequestId,
    });
    const commented = await mutate(
      `mutation($input: AddCommentInput!) { addComment(input: $input) { clientMutationId subject { __typename ... on PullRequest { comments { totalCount } } }
      commentEdge { node { body pullRequest { number } issue { number } } } } }`,
      { subjectId: pullRequestId, body: 'Looks good' },
    );
    expect(commented).toMatchObject({
      subject: { __typename: 'PullRequest', comments: { totalCount: 1 } },
      commentEdge: { node: { body: 'Looks good', pullRequest: { number: 1 }, issue: { number: 1 } } },
    });
    const reacted = await mutate(
      'mutation($input: AddReactionInput!) { addReaction(input: $input) { clientMutationId subject { __typename } reaction { reactable { __typename } } } }',
      { subjectId: pullRequestId, content: 'HOORAY' },
    );
    expect(reacted).toMatchObject({
      subject: { __typename: 'PullRequest' },
      reaction: { reactable: { __typename: 'PullRequest' } },
    });
    // An issue's PR_ id (no pull request behind it) is nothing.
    const issue = await rest(server, alice.token, 'POST', '/repos/alice/proj/issues', { title: 'Plain' });
    expect(
      (
        await refused('mutation($input: LockLockableInput!) { lockLockable(input: $input) { clientMutationId } }', {
          lockableId: (issue.node_id as string).replace(/^I_/, 'PR_'),
        })
      ).type,
    ).toBe('NOT_FOUND');
    await newEvents();
  });

  it("lists a label's and a milestone's pull requests", async () => {
    await rest(server, alice.token, 'POST', '/repos/alice/proj/milestones', { title: 'v1' });
    await rest(server, alice.token, 'PATCH', '/repos/alice/proj/issues/2', { milestone: 1 });
    const body = await gql(`{ repository(owner: "alice", name: "proj") {
      label(name: "bug") { pullRequests(first: 5) { totalCount nodes { number } } issues(first: 5) { totalCount } }
      milestone(number: 1) { pullRequests(first: 5, states: [OPEN]) { nodes { number } } closed: pullRequests(states: [CLOSED]) { totalCount } } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository).toEqual({
      label: { pullRequests: { totalCount: 1, nodes: [{ number: 1 }] }, issues: { totalCount: 0 } },
      milestone: { pullRequests: { nodes: [{ number: 2 }] }, closed: { totalCount: 0 } },
    });
    await newEvents();
  });
});
