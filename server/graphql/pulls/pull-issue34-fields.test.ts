// The PullRequest, review and status fields issue 34 added, against what REST
// answers for the same objects: the author's association, the head's
// status-check rollup (also through commits, as `gh pr checks` asks it), the
// test merge commit, the issues the body closes, each reviewer's latest
// verdict, the participants, the viewer's rights, the default merge texts; what Wharf lacks
// answered as GitHub answers without it; and nothing of a private repository
// shown through them to a stranger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { rest } from '../../test-support/graphql/pull-fixture.js';
import { startPullQueryScenario } from '../../test-support/graphql/pull-query-scenario.js';
import { whenMergeabilityComputed } from '../../test-support/mergeability.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let featureSha: string;

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

const pullFields = (number: number, fields: string, token = alice.token) =>
  gql(`{ repository(owner: "alice", name: "proj") { pullRequest(number: ${number}) { ${fields} } } }`, {}, token);

beforeAll(async () => {
  ({ server, alice, bob, featureSha } = await startPullQueryScenario());
  await rest(server, alice.token, 'POST', `/repos/alice/proj/statuses/${featureSha}`, {
    state: 'success',
    context: 'ci/build',
  });
}, 120_000);
afterAll(() => server?.close());

describe('PullRequest fields read from what Wharf has', () => {
  it('answers the association, text, ids, paths and test merge as REST does', async () => {
    const restPull = await whenMergeabilityComputed(
      () => rest(server, alice.token, 'GET', '/repos/alice/proj/pulls/1'),
      'alice/proj#1',
    );
    const body = await pullFields(
      1,
      `databaseId fullDatabaseId authorAssociation body bodyText createdAt publishedAt canBeRebased
       potentialMergeCommit { oid } checksResourcePath checksUrl revertResourcePath revertUrl`,
    );
    expect(body.errors).toBeUndefined();
    const pull = body.data!.repository.pullRequest;
    expect(pull).toMatchObject({
      fullDatabaseId: String(pull.databaseId),
      authorAssociation: restPull.author_association,
      bodyText: restPull.body,
      publishedAt: pull.createdAt,
      canBeRebased: restPull.rebaseable,
      potentialMergeCommit: { oid: restPull.merge_commit_sha },
      checksResourcePath: '/alice/proj/pull/1/checks',
      revertResourcePath: '/alice/proj/pull/1/revert',
    });
    expect(pull.checksUrl).toMatch(/\/alice\/proj\/pull\/1\/checks$/);
    expect(pull.revertUrl).toMatch(/\/alice\/proj\/pull\/1\/revert$/);
    // bob opened #3 without a grant; a merged pull request (#4) has no test merge any more.
    const other = await pullFields(3, 'authorAssociation');
    expect(other.data!.repository.pullRequest.authorAssociation).toBe('NONE');
    expect((await pullFields(4, 'potentialMergeCommit { oid }')).data!.repository.pullRequest).toEqual({
      potentialMergeCommit: null,
    });
  });

  it("answers the head commit's rollup directly and through commits, as gh pr checks asks it", async () => {
    const { data } = await pullFields(1, 'id statusCheckRollup { state contexts(first: 5) { totalCount } }');
    expect(data!.repository.pullRequest.statusCheckRollup).toEqual({ state: 'SUCCESS', contexts: { totalCount: 1 } });
    const checks = await gql(
      `query PullRequestStatusChecks($id: ID!, $endCursor: String) {
        node(id: $id) { ...on PullRequest { statusCheckRollup: commits(last: 1) { nodes { commit {
          statusCheckRollup { contexts(first: 100, after: $endCursor) {
            nodes { __typename
              ...on StatusContext { context state targetUrl createdAt description isRequired(pullRequestId: $id) }
              ...on CheckRun { name checkSuite { workflowRun { event workflow { name } } } status conclusion
                startedAt completedAt detailsUrl isRequired(pullRequestId: $id) } }
            pageInfo { hasNextPage endCursor } } } } } } } } }`,
      { id: data!.repository.pullRequest.id },
    );
    expect(checks.errors).toBeUndefined();
    const [context] = checks.data!.node.statusCheckRollup.nodes[0].commit.statusCheckRollup.contexts.nodes;
    expect(context).toMatchObject({ __typename: 'StatusContext', context: 'ci/build', state: 'SUCCESS' });
    // The commit's Status combines the same contexts.
    const status = await gql(`{ repository(owner: "alice", name: "proj") { object(oid: "${featureSha}") {
      ... on Commit { status { id combinedContexts(first: 5) { totalCount nodes { ... on StatusContext { context } } } } } } } }`);
    expect(status.data!.repository.object.status).toMatchObject({
      id: expect.any(String),
      combinedContexts: { totalCount: 1, nodes: [{ context: 'ci/build' }] },
    });
  });

  it('lists the issues the body closes while the pull request targets the default branch', async () => {
    await rest(server, alice.token, 'PATCH', '/repos/alice/proj/pulls/1', {
      body: 'Fixes #2, closes #3 (a pull request), resolves #99 and mentions #2 again: fixes #2',
    });
    const query = 'closingIssuesReferences(first: 10) { totalCount nodes { number } }';
    expect((await pullFields(1, query)).data!.repository.pullRequest.closingIssuesReferences).toEqual({
      totalCount: 1,
      nodes: [{ number: 2 }],
    });
    expect(
      (await pullFields(1, 'closingIssuesReferences(first: 10, userLinkedOnly: true) { totalCount }')).data!.repository
        .pullRequest.closingIssuesReferences,
    ).toEqual({ totalCount: 0 });
  });

  it("keeps each reviewer's latest verdict in latestOpinionatedReviews, and writersOnly by their grant", async () => {
    await rest(server, bob.token, 'POST', '/repos/alice/proj/pulls/1/reviews', { event: 'APPROVE', body: 'ok' });
    await rest(server, bob.token, 'POST', '/repos/alice/proj/pulls/1/reviews', { event: 'COMMENT', body: 'nit' });
    const { data, errors } = await pullFields(
      1,
      `latestReviews(first: 5) { nodes { state } }
       latestOpinionatedReviews(first: 5) { nodes { state author { login } authorCanPushToRepository bodyText } }
       writers: latestOpinionatedReviews(first: 5, writersOnly: true) { totalCount }`,
    );
    expect(errors).toBeUndefined();
    expect(data!.repository.pullRequest).toEqual({
      latestReviews: { nodes: [{ state: 'COMMENTED' }] },
      latestOpinionatedReviews: {
        nodes: [{ state: 'APPROVED', author: { login: 'bob' }, authorCanPushToRepository: false, bodyText: 'ok' }],
      },
      writers: { totalCount: 0 },
    });
    // The author, then bob, who reviewed twice: once each.
    expect((await pullFields(1, 'participants(first: 5) { totalCount nodes { login } }')).data!.repository).toEqual({
      pullRequest: { participants: { totalCount: 2, nodes: [{ login: 'alice' }, { login: 'bob' }] } },
    });
    const mine = await pullFields(1, 'viewerLatestReview { body viewerCanUpdate viewerCanDelete }', bob.token);
    expect(mine.data!.repository.pullRequest.viewerLatestReview).toEqual({
      body: 'nit',
      viewerCanUpdate: true,
      viewerCanDelete: false,
    });
  });
});

describe("the viewer's rights and merge texts", () => {
  const rights = `viewerDidAuthor viewerCanUpdate viewerCanClose viewerCanReopen viewerCannotUpdateReasons
    viewerCanEditFiles viewerCanApplySuggestion viewerCanUpdateBranch viewerCanDeleteHeadRef viewerCanMergeAsAdmin`;

  it('lets the owner change and push, and a stranger nothing but their own pull request', async () => {
    expect((await pullFields(1, rights)).data!.repository.pullRequest).toEqual({
      viewerDidAuthor: true,
      viewerCanUpdate: true,
      viewerCanClose: true,
      viewerCanReopen: false,
      viewerCannotUpdateReasons: [],
      viewerCanEditFiles: true,
      viewerCanApplySuggestion: true,
      viewerCanUpdateBranch: false,
      viewerCanDeleteHeadRef: false,
      viewerCanMergeAsAdmin: false,
    });
    expect((await pullFields(1, rights, bob.token)).data!.repository.pullRequest).toMatchObject({
      viewerDidAuthor: false,
      viewerCanUpdate: false,
      viewerCanClose: false,
      viewerCannotUpdateReasons: ['INSUFFICIENT_ACCESS'],
      viewerCanEditFiles: false,
    });
    // #3 is bob's, closed: he may reopen it; its branch is in alice's repository, which he cannot push to.
    expect((await pullFields(3, rights, bob.token)).data!.repository.pullRequest).toMatchObject({
      viewerDidAuthor: true,
      viewerCanUpdate: true,
      viewerCanReopen: true,
      viewerCanDeleteHeadRef: false,
    });
    expect((await pullFields(3, 'viewerCanDeleteHeadRef')).data!.repository.pullRequest.viewerCanDeleteHeadRef).toBe(
      true,
    );
  });

  it("gives REST's default merge and squash messages", async () => {
    const { data } = await pullFields(
      1,
      `headline: viewerMergeHeadlineText body: viewerMergeBodyText
       squashHeadline: viewerMergeHeadlineText(mergeType: SQUASH) squashBody: viewerMergeBodyText(mergeType: SQUASH)
       rebase: viewerMergeHeadlineText(mergeType: REBASE)`,
    );
    expect(data!.repository.pullRequest).toEqual({
      headline: 'Merge pull request #1 from alice/feature',
      body: 'Add a',
      squashHeadline: 'Add a (#1)',
      squashBody: '* write a.txt\n\n* write README.md',
      rebase: '',
    });
  });
});

describe('fields of features Wharf lacks, and visibility', () => {
  it('answers them as GitHub does without the feature', async () => {
    const { data, errors } = await pullFields(
      1,
      `isInMergeQueue isMergeQueueEnabled mergeQueue { id } mergeQueueEntry { id } autoMergeRequest { enabledAt }
       viewerCanEnableAutoMerge viewerCanDisableAutoMerge projectsV2(first: 5) { totalCount } projectV2(number: 1) { id }
       suggestedReviewers { isAuthor } createdViaEmail editor { login } lastEditedAt includesCreatedEdit
       userContentEdits(first: 5) { totalCount } viewerSubscription viewerCanSubscribe isReadByViewer
       hovercard { contexts { message } }`,
    );
    expect(errors).toBeUndefined();
    expect(data!.repository.pullRequest).toEqual({
      isInMergeQueue: false,
      isMergeQueueEnabled: false,
      mergeQueue: null,
      mergeQueueEntry: null,
      autoMergeRequest: null,
      viewerCanEnableAutoMerge: false,
      viewerCanDisableAutoMerge: false,
      projectsV2: { totalCount: 0 },
      projectV2: null,
      suggestedReviewers: [],
      createdViaEmail: false,
      editor: null,
      lastEditedAt: null,
      includesCreatedEdit: false,
      userContentEdits: null,
      viewerSubscription: null,
      viewerCanSubscribe: false,
      isReadByViewer: null,
      hovercard: { contexts: [] },
    });
  });

  it("shows a stranger no private repository's issue through closingIssuesReferences", async () => {
    await rest(server, alice.token, 'POST', '/repos/alice/secret/issues', { title: 'Secret bug' });
    await rest(server, alice.token, 'PATCH', '/repos/alice/proj/pulls/1', { body: 'Fixes alice/secret#2' });
    const query = 'closingIssuesReferences(first: 5) { nodes { title } }';
    expect((await pullFields(1, query)).data!.repository.pullRequest.closingIssuesReferences.nodes).toEqual([
      { title: 'Secret bug' },
    ]);
    expect((await pullFields(1, query, bob.token)).data!.repository.pullRequest.closingIssuesReferences.nodes).toEqual(
      [],
    );
    const hidden = await gql(
      '{ repository(owner: "alice", name: "secret") { pullRequest(number: 1) { statusCheckRollup { state } } } }',
      {},
      bob.token,
    );
    expect(hidden.data?.repository ?? null).toBeNull();
  });
});
