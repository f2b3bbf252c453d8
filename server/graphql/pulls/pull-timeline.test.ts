// PullRequest.timelineItems and the older PullRequest.timeline: a pull request
// that is labeled, asked for a review, reviewed, commented on, made a draft
// and ready again, merged and its head branch deleted lists its commits, its
// review and REST's timeline (the same events, actors and times) in the order
// they happened; itemTypes narrows it, cursors page it, a private
// repository's pull request never shows its timeline to a stranger, and an
// installation reads it only with the pull_requests permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../../test-support/apps.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let commits: string[];
let mergeSha: string;

const gql = (query: string, token = alice.token) => graphqlOk(server, query, {}, token);
const pull = async (fields: string, token = alice.token) => {
  const body = await gql(`{ repository(owner: "alice", name: "tl") { pullRequest(number: 1) { ${fields} } } }`, token);
  expect(body.errors).toBeUndefined();
  return body.data!.repository.pullRequest;
};

/** REST's timeline `event` → GitHub's GraphQL type. */
const TYPE_OF: Record<string, string> = {
  commented: 'IssueComment',
  labeled: 'LabeledEvent',
  review_requested: 'ReviewRequestedEvent',
  convert_to_draft: 'ConvertToDraftEvent',
  ready_for_review: 'ReadyForReviewEvent',
  merged: 'MergedEvent',
  closed: 'ClosedEvent',
  head_ref_deleted: 'HeadRefDeletedEvent',
};

async function draftMutation(name: string, id: string) {
  const body = await gql(`mutation { ${name}(input: { pullRequestId: "${id}" }) { pullRequest { isDraft } } }`);
  expect(body.errors).toBeUndefined();
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  const repoId = await repositoryWithReadme(server, alice.token, 'alice', 'tl');
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${bob.id}, 'write')`;
  await branchWith(server, alice.token, 'alice/tl', 'feature', { 'a.txt': 'a\n', 'b.txt': 'b\n' });
  commits = (await rest(server, alice.token, 'GET', '/repos/alice/tl/commits?sha=feature&per_page=2'))
    .map((c: { sha: string }) => c.sha)
    .reverse();
  // Commit dates are whole seconds: the pull request comes after them.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await openPullRequest(server, alice.token, 'alice/tl', { title: 'Feature', head: 'feature', base: 'main' });
  await rest(server, alice.token, 'POST', '/repos/alice/tl/issues/1/labels', { labels: ['bug'] });
  await rest(server, alice.token, 'POST', '/repos/alice/tl/pulls/1/requested_reviewers', { reviewers: ['bob'] });
  await rest(server, bob.token, 'POST', '/repos/alice/tl/pulls/1/reviews', { event: 'APPROVE', body: 'LGTM' });
  await rest(server, alice.token, 'POST', '/repos/alice/tl/issues/1/comments', { body: 'thanks' });
  const { id } = await pull('id');
  await draftMutation('convertPullRequestToDraft', id);
  await draftMutation('markPullRequestReadyForReview', id);
  await rest(server, alice.token, 'PATCH', '/repos/alice/tl', { delete_branch_on_merge: true });
  mergeSha = (await rest(server, alice.token, 'PUT', '/repos/alice/tl/pulls/1/merge', { merge_method: 'merge' })).sha;
  await repositoryWithReadme(server, alice.token, 'alice', 'hidden', true);
  await branchWith(server, alice.token, 'alice/hidden', 'h', { 'h.txt': 'h\n' });
  await openPullRequest(server, alice.token, 'alice/hidden', { title: 'Hidden', head: 'h', base: 'main' });
}, 120_000);
afterAll(() => server?.close());

const ITEMS = `__typename
  ... on PullRequestCommit { commit { oid } resourcePath }
  ... on PullRequestReview { author { login } state body }
  ... on IssueComment { author { login } body createdAt }
  ... on LabeledEvent { actor { login } createdAt label { name } }
  ... on ReviewRequestedEvent { id actor { login } createdAt requestedReviewer { ... on User { login } } }
  ... on ConvertToDraftEvent { actor { login } createdAt resourcePath }
  ... on ReadyForReviewEvent { actor { login } createdAt url }
  ... on MergedEvent { actor { login } createdAt mergeCommit: commit { oid } mergeRefName mergeRef { name } pullRequest { number } }
  ... on ClosedEvent { actor { login } createdAt }
  ... on HeadRefDeletedEvent { actor { login } createdAt headRefName headRef { name } }`;

describe('PullRequest.timelineItems', () => {
  it("lists the commits, the review and REST's timeline, in the order they happened", async () => {
    const restItems: any[] = await rest(server, alice.token, 'GET', '/repos/alice/tl/issues/1/timeline?per_page=100');
    const timeline = (await pull(`timelineItems(first: 50) { totalCount filteredCount pageCount nodes { ${ITEMS} } }`))
      .timelineItems;
    const types = timeline.nodes.map((n: { __typename: string }) => n.__typename);
    expect(types).toEqual([
      'PullRequestCommit',
      'PullRequestCommit',
      'LabeledEvent',
      'ReviewRequestedEvent',
      'PullRequestReview',
      'IssueComment',
      'ConvertToDraftEvent',
      'ReadyForReviewEvent',
      'MergedEvent',
      'ClosedEvent',
      'HeadRefDeletedEvent',
    ]);
    expect(timeline).toMatchObject({ totalCount: 11, filteredCount: 11, pageCount: 11 });
    // REST's timeline, item for item: the same kinds, actors and times.
    const fromRest = timeline.nodes.filter(
      (n: any) => !['PullRequestCommit', 'PullRequestReview'].includes(n.__typename),
    );
    expect(fromRest.map((n: any) => n.__typename)).toEqual(restItems.map((e) => TYPE_OF[e.event]));
    fromRest.forEach((node: any, i: number) => {
      expect((node.actor ?? node.author).login).toBe(restItems[i].actor.login);
      expect(node.createdAt).toBe(restItems[i].created_at);
    });
    expect(timeline.nodes[3].id).toBe(restItems[1].node_id);
    const [first, second, , requested, review, , draft, ready, merged, , deleted] = timeline.nodes;
    expect([first.commit.oid, second.commit.oid]).toEqual(commits);
    expect(first.resourcePath).toBe(`/alice/tl/pull/1/commits/${commits[0]}`);
    expect(requested.requestedReviewer).toEqual({ login: 'bob' });
    expect(review).toMatchObject({ author: { login: 'bob' }, state: 'APPROVED', body: 'LGTM' });
    expect(draft.resourcePath).toMatch(/^\/alice\/tl\/pull\/1#event-\d+$/);
    expect(ready.url).toMatch(/\/alice\/tl\/pull\/1#event-\d+$/);
    expect(merged).toMatchObject({
      mergeCommit: { oid: mergeSha },
      mergeRefName: 'main',
      mergeRef: { name: 'main' },
      pullRequest: { number: 1 },
    });
    expect(deleted).toMatchObject({ actor: { login: 'alice' }, headRefName: 'feature', headRef: null });
  });

  it('narrows to itemTypes and since, pages with cursors and skip', async () => {
    const answer = await pull(`
      picked: timelineItems(first: 10, itemTypes: [REVIEW_REQUESTED_EVENT, PULL_REQUEST_REVIEW, MERGED_EVENT]) {
        totalCount nodes { __typename } }
      commits: timelineItems(itemTypes: [PULL_REQUEST_COMMIT]) { totalCount }
      never: timelineItems(first: 5, itemTypes: [HEAD_REF_FORCE_PUSHED_EVENT, CROSS_REFERENCED_EVENT]) { totalCount nodes { __typename } }
      later: timelineItems(first: 5, since: "2999-01-01T00:00:00Z") { totalCount }
      all: timelineItems(first: 11) { nodes { __typename } }
      head: timelineItems(first: 4) { pageInfo { hasNextPage endCursor } }
      skipped: timelineItems(first: 2, skip: 2) { nodes { __typename } }
      tail: timelineItems(last: 2) { pageInfo { hasPreviousPage } nodes { __typename } }`);
    expect(answer.picked).toEqual({
      totalCount: 3,
      nodes: [
        { __typename: 'ReviewRequestedEvent' },
        { __typename: 'PullRequestReview' },
        { __typename: 'MergedEvent' },
      ],
    });
    expect(answer.commits).toEqual({ totalCount: 2 });
    expect(answer.never).toEqual({ totalCount: 0, nodes: [] });
    expect(answer.later).toEqual({ totalCount: 0 });
    expect(answer.head.pageInfo.hasNextPage).toBe(true);
    expect(answer.skipped.nodes).toEqual(answer.all.nodes.slice(2, 4));
    expect(answer.tail).toEqual({ pageInfo: { hasPreviousPage: true }, nodes: answer.all.nodes.slice(9) });
    const next = await pull(
      `timelineItems(first: 4, after: "${answer.head.pageInfo.endCursor}") { filteredCount pageCount nodes { __typename } }`,
    );
    expect(next.timelineItems).toEqual({ filteredCount: 7, pageCount: 4, nodes: answer.all.nodes.slice(4, 8) });
  });

  it('answers the older timeline, commits as Commit and without the draft events its union lacks', async () => {
    const { timeline } = await pull('timeline(first: 20) { totalCount nodes { __typename ... on Commit { oid } } }');
    expect(timeline.nodes.map((n: { __typename: string }) => n.__typename)).toEqual([
      'Commit',
      'Commit',
      'LabeledEvent',
      'ReviewRequestedEvent',
      'PullRequestReview',
      'IssueComment',
      'MergedEvent',
      'ClosedEvent',
      'HeadRefDeletedEvent',
    ]);
    expect(timeline.nodes[0].oid).toBe(commits[0]);
    expect(timeline.totalCount).toBe(9);
  });

  it("keeps a private repository's pull request timeline from a stranger", async () => {
    const query = `{ repository(owner: "alice", name: "hidden") { pullRequest(number: 1) {
      timelineItems(first: 5) { totalCount } timeline(first: 5) { totalCount } } } }`;
    const stranger = await gql(query, bob.token);
    expect(stranger.data?.repository ?? null).toBeNull();
    expect(stranger.errors?.[0]?.type).toBe('NOT_FOUND');
    const owner = await gql(query);
    // Its one commit.
    expect(owner.data!.repository.pullRequest.timelineItems.totalCount).toBe(1);
  });

  it("answers dt-mergebot's timeline selection (DefinitelyTyped/dt-mergebot src/pr-query.ts)", async () => {
    const { timelineItems } = await pull(`timelineItems(first: 100,
      itemTypes: [PULL_REQUEST_COMMIT, PULL_REQUEST_REVIEW, PULL_REQUEST_REVIEW_THREAD, ISSUE_COMMENT]) {
        nodes { __typename ... on PullRequestCommit { commit { oid } } ... on PullRequestReview { author { login } state } } }`);
    expect(timelineItems.nodes).toEqual([
      { __typename: 'PullRequestCommit', commit: { oid: commits[0] } },
      { __typename: 'PullRequestCommit', commit: { oid: commits[1] } },
      { __typename: 'PullRequestReview', author: { login: 'bob' }, state: 'APPROVED' },
      { __typename: 'IssueComment' },
    ]);
  });

  it('validates fragments on the union members Wharf never records, as clients write them', async () => {
    const { timelineItems } = await pull(`timelineItems(last: 100) { nodes { __typename
      ... on HeadRefForcePushedEvent { createdAt ref { name } beforeCommit { abbreviatedOid } afterCommit { abbreviatedOid } actor { login } }
      ... on ReviewDismissedEvent { createdAt dismissalMessage review { author { login } } }
      ... on BaseRefChangedEvent { previousRefName currentRefName } } }`);
    expect(timelineItems.nodes).toHaveLength(11);
  });

  it("reaches an installation only with its app's pull_requests permission", async () => {
    const tokenOf = async (name: string, permissions: Record<string, 'read' | 'write'>) => {
      const app = await createTestApp(server, alice.id, name, permissions);
      const installation = await installTestApp(server, app.app, alice.id);
      const jwt = await appJwt(app, Math.floor(Date.now() / 1000));
      return (await requestInstallationToken(server, jwt, installation.id)).body.token as string;
    };
    const query = `{ repository(owner: "alice", name: "tl") { pullRequest(number: 1) {
      timelineItems(first: 20) { totalCount nodes { __typename } } } } }`;
    const issuesOnly = await gql(query, await tokenOf('Issues Bot', { issues: 'read' }));
    expect(issuesOnly.errors?.[0]).toMatchObject({ type: 'FORBIDDEN' });
    const pulls = await gql(query, await tokenOf('Pulls Bot', { pull_requests: 'read' }));
    expect(pulls.errors).toBeUndefined();
    expect(pulls.data!.repository.pullRequest.timelineItems.totalCount).toBe(11);
  });
});
