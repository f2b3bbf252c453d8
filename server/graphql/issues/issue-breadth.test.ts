// Issue 34's breadth of Issue, IssueComment and Milestone over GraphQL: the
// timeline as REST's lists it (same events, same order, narrowed by
// itemTypes/since, paged), authorAssociation as REST's author_association,
// what the caller may do as the mutations decide it, participants, and
// GitHub's answers for features Wharf lacks; a private repository's issue
// reached through none of the new fields by a stranger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { apiOk } from '../../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

const gql = (query: string, token = alice.token) => graphqlOk(server, query, {}, token);
const rest = (path: string, method = 'GET', body?: unknown, token = alice.token) =>
  apiOk(server, path, { method, token, body });

/** REST's timeline `event` → GitHub's GraphQL type. */
const TYPE_OF: Record<string, string> = {
  commented: 'IssueComment',
  labeled: 'LabeledEvent',
  unlabeled: 'UnlabeledEvent',
  assigned: 'AssignedEvent',
  unassigned: 'UnassignedEvent',
  milestoned: 'MilestonedEvent',
  demilestoned: 'DemilestonedEvent',
  renamed: 'RenamedTitleEvent',
  closed: 'ClosedEvent',
  reopened: 'ReopenedEvent',
  locked: 'LockedEvent',
  unlocked: 'UnlockedEvent',
};

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await rest('/user/repos', 'POST', { name: 'tracker' });
  await rest('/user/repos', 'POST', { name: 'secret', private: true });
  await rest('/repos/alice/tracker/milestones', 'POST', { title: 'v1' });
  // #1: every kind of event Wharf records, and comments between them.
  await rest('/repos/alice/tracker/issues', 'POST', { title: 'Old title', body: 'one', labels: ['bug'] });
  await rest('/repos/alice/tracker/issues/1/comments', 'POST', { body: 'first' }, bob.token);
  await rest('/repos/alice/tracker/issues/1', 'PATCH', { title: 'New title', milestone: 1, assignees: ['alice'] });
  await rest('/repos/alice/tracker/issues/1/labels/bug', 'DELETE');
  await rest('/repos/alice/tracker/issues/1', 'PATCH', { state: 'closed', state_reason: 'not_planned' });
  await rest('/repos/alice/tracker/issues/1', 'PATCH', { state: 'open', milestone: null, assignees: [] });
  await rest('/repos/alice/tracker/issues/1/comments', 'POST', { body: 'second' });
  await rest('/repos/alice/tracker/issues/1/lock', 'PUT', { lock_reason: 'resolved' });
  await rest('/repos/alice/tracker/issues/1/lock', 'DELETE');
  // #2 by bob, commented on by alice (edited later).
  await rest('/repos/alice/tracker/issues', 'POST', { title: "Bob's" }, bob.token);
  const comment = await rest('/repos/alice/tracker/issues/2/comments', 'POST', { body: 'hi' });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await rest(`/repos/alice/tracker/issues/comments/${comment.id}`, 'PATCH', { body: 'hi again' });
  await rest('/repos/alice/secret/issues', 'POST', { title: 'Hidden' });
});
afterAll(() => server.close());

describe('Issue.timelineItems', () => {
  it("lists REST's timeline: the same items, types and order, each event with what it recorded", async () => {
    const restItems: { event: string; id: number }[] = await rest(
      '/repos/alice/tracker/issues/1/timeline?per_page=100',
    );
    const body = await gql(`{ repository(owner: "alice", name: "tracker") { issue(number: 1) {
      timelineItems(first: 50) { totalCount filteredCount pageCount nodes { __typename
        ... on IssueComment { body author { login } }
        ... on LabeledEvent { id actor { login } label { name color } labelable { ... on Issue { number } } }
        ... on UnlabeledEvent { label { name } }
        ... on AssignedEvent { assignee { ... on User { login } } assignable { ... on Issue { number } } }
        ... on UnassignedEvent { user { login } }
        ... on MilestonedEvent { milestoneTitle subject { ... on Issue { number } } }
        ... on DemilestonedEvent { milestoneTitle }
        ... on RenamedTitleEvent { previousTitle currentTitle }
        ... on ClosedEvent { stateReason closer { __typename } closable { closed } url resourcePath }
        ... on ReopenedEvent { closable { ... on Issue { state } } }
        ... on LockedEvent { lockReason lockable { locked } }
        ... on UnlockedEvent { createdAt }
      } } } } }`);
    expect(body.errors).toBeUndefined();
    const timeline = body.data!.repository.issue.timelineItems;
    expect(timeline.nodes.map((n: { __typename: string }) => n.__typename)).toEqual(
      restItems.map((item) => TYPE_OF[item.event]),
    );
    expect(timeline).toMatchObject({ totalCount: restItems.length, filteredCount: restItems.length, pageCount: 13 });
    const byType = (type: string) => timeline.nodes.find((n: { __typename: string }) => n.__typename === type);
    const labeled = restItems.find((item) => item.event === 'labeled') as unknown as { node_id: string };
    expect(byType('LabeledEvent')).toEqual({
      __typename: 'LabeledEvent',
      id: labeled.node_id,
      actor: { login: 'alice' },
      label: { name: 'bug', color: expect.any(String) },
      labelable: { number: 1 },
    });
    expect(byType('IssueComment')).toEqual({ __typename: 'IssueComment', body: 'first', author: { login: 'bob' } });
    expect(byType('AssignedEvent')).toMatchObject({ assignee: { login: 'alice' }, assignable: { number: 1 } });
    expect(byType('UnassignedEvent')).toMatchObject({ user: { login: 'alice' } });
    expect(byType('MilestonedEvent')).toMatchObject({ milestoneTitle: 'v1', subject: { number: 1 } });
    expect(byType('DemilestonedEvent')).toMatchObject({ milestoneTitle: 'v1' });
    expect(byType('RenamedTitleEvent')).toMatchObject({ previousTitle: 'Old title', currentTitle: 'New title' });
    const closedId = restItems.find((item) => item.event === 'closed')!.id;
    expect(byType('ClosedEvent')).toMatchObject({
      stateReason: 'NOT_PLANNED',
      closer: null,
      closable: { closed: false },
      resourcePath: `/alice/tracker/issues/1#event-${closedId}`,
      url: expect.stringMatching(new RegExp(`/alice/tracker/issues/1#event-${closedId}$`)),
    });
    expect(byType('ReopenedEvent')).toMatchObject({ closable: { state: 'OPEN' } });
    expect(byType('LockedEvent')).toMatchObject({ lockReason: 'RESOLVED', lockable: { locked: false } });
  });

  it('narrows to itemTypes and since, and pages both ways', async () => {
    const body = await gql(`{ repository(owner: "alice", name: "tracker") { issue(number: 1) {
      comments: timelineItems(first: 10, itemTypes: [ISSUE_COMMENT]) { totalCount nodes { ... on IssueComment { body } } }
      labels: timelineItems(first: 10, itemTypes: [LABELED_EVENT, UNLABELED_EVENT]) { totalCount nodes { __typename } }
      never: timelineItems(first: 10, itemTypes: [CROSS_REFERENCED_EVENT, PINNED_EVENT]) { totalCount nodes { __typename } }
      later: timelineItems(first: 10, since: "2999-01-01T00:00:00Z") { totalCount }
      head: timelineItems(first: 2) { pageInfo { hasNextPage endCursor } nodes { __typename } }
      tail: timelineItems(last: 2) { pageInfo { hasPreviousPage } nodes { __typename } }
      skipped: timelineItems(first: 1, skip: 1) { nodes { __typename } }
      timeline(first: 1) { totalCount nodes { __typename } } } } }`);
    expect(body.errors).toBeUndefined();
    const issue = body.data!.repository.issue;
    expect(issue.comments).toEqual({ totalCount: 2, nodes: [{ body: 'first' }, { body: 'second' }] });
    expect(issue.labels).toEqual({
      totalCount: 2,
      nodes: [{ __typename: 'LabeledEvent' }, { __typename: 'UnlabeledEvent' }],
    });
    expect(issue.never).toEqual({ totalCount: 0, nodes: [] });
    expect(issue.later).toEqual({ totalCount: 0 });
    expect(issue.head.nodes).toEqual([{ __typename: 'LabeledEvent' }, { __typename: 'IssueComment' }]);
    expect(issue.head.pageInfo.hasNextPage).toBe(true);
    expect(issue.tail).toEqual({
      pageInfo: { hasPreviousPage: true },
      nodes: [{ __typename: 'LockedEvent' }, { __typename: 'UnlockedEvent' }],
    });
    expect(issue.skipped.nodes).toEqual([{ __typename: 'IssueComment' }]);
    expect(issue.timeline).toEqual({ totalCount: 13, nodes: [{ __typename: 'LabeledEvent' }] });
  });
});

describe("Issue's and IssueComment's breadth", () => {
  it("answers authorAssociation as REST's author_association, and the paths and ids", async () => {
    const [one, two] = [await rest('/repos/alice/tracker/issues/1'), await rest('/repos/alice/tracker/issues/2')];
    const body = await gql(`{ repository(owner: "alice", name: "tracker") {
      one: issue(number: 1) { authorAssociation fullDatabaseId bodyResourcePath bodyUrl publishedAt createdAt }
      two: issue(number: 2) { authorAssociation comments(first: 1) { nodes { authorAssociation fullDatabaseId lastEditedAt
        publishedAt createdAt updatedAt } } } } }`);
    const { one: first, two: second } = body.data!.repository;
    expect(first.authorAssociation).toBe(one.author_association);
    expect(second.authorAssociation).toBe(two.author_association);
    expect([first.authorAssociation, second.authorAssociation]).toEqual(['OWNER', 'NONE']);
    expect(first).toMatchObject({
      fullDatabaseId: String(one.id),
      bodyResourcePath: `/alice/tracker/issues/1#issue-${one.id}`,
      bodyUrl: `${one.html_url}#issue-${one.id}`,
      publishedAt: first.createdAt,
    });
    const comment = second.comments.nodes[0];
    expect(comment.authorAssociation).toBe('OWNER');
    // Edited after it was made: lastEditedAt is the edit's time.
    expect(comment.lastEditedAt).toBe(comment.updatedAt);
    expect(comment.lastEditedAt).not.toBe(comment.createdAt);
    expect(comment.publishedAt).toBe(comment.createdAt);
  });

  it('tells each caller what the mutations would let them do', async () => {
    const query = `{ repository(owner: "alice", name: "tracker") {
      one: issue(number: 1) { viewerCanUpdate viewerCanClose viewerCanReopen viewerCanDelete viewerDidAuthor viewerCannotUpdateReasons }
      two: issue(number: 2) { viewerCanUpdate viewerCanClose viewerCanDelete viewerDidAuthor
        comments(first: 1) { nodes { viewerCanUpdate viewerCanDelete viewerCanMinimize viewerCannotUpdateReasons } } } } }`;
    const asAlice = (await gql(query)).data!.repository;
    expect(asAlice.one).toEqual({
      viewerCanUpdate: true,
      viewerCanClose: true,
      viewerCanReopen: false,
      viewerCanDelete: true,
      viewerDidAuthor: true,
      viewerCannotUpdateReasons: [],
    });
    const asBob = (await gql(query, bob.token)).data!.repository;
    expect(asBob.one).toEqual({
      viewerCanUpdate: false,
      viewerCanClose: false,
      viewerCanReopen: false,
      viewerCanDelete: false,
      viewerDidAuthor: false,
      viewerCannotUpdateReasons: ['INSUFFICIENT_ACCESS'],
    });
    // Bob's own issue: he may edit and close it, not delete it; alice's comment on it is hers to change.
    expect(asBob.two).toMatchObject({ viewerCanUpdate: true, viewerCanClose: true, viewerCanDelete: false });
    expect(asBob.two.comments.nodes[0]).toEqual({
      viewerCanUpdate: false,
      viewerCanDelete: false,
      viewerCanMinimize: false,
      viewerCannotUpdateReasons: ['INSUFFICIENT_ACCESS'],
    });
    expect(asAlice.two.comments.nodes[0]).toMatchObject({ viewerCanUpdate: true, viewerCanDelete: true });
    // And the mutation agrees with what bob was told.
    const refused = await gql(
      `mutation { updateIssue(input: { id: "${(await rest('/repos/alice/tracker/issues/1')).node_id}", title: "x" }) { issue { title } } }`,
      bob.token,
    );
    expect(refused.errors?.[0]?.type).toBe('FORBIDDEN');
  });

  it('lists participants, and answers as GitHub does for what Wharf lacks', async () => {
    const body = await gql(`{ repository(owner: "alice", name: "tracker") { issue(number: 1) {
      participants(first: 10) { totalCount nodes { login } }
      subIssuesSummary { total completed percentCompleted } subIssues(first: 5) { totalCount }
      trackedIssues(first: 5) { totalCount } trackedInIssues(first: 5) { totalCount } trackedIssuesCount
      closedByPullRequestsReferences(first: 5) { totalCount nodes { number } }
      linkedBranches(first: 5) { totalCount } projectsV2(first: 5) { totalCount } projectV2(number: 1) { id }
      parent { number } hovercard { contexts { message } } userContentEdits(first: 5) { totalCount }
      editor { login } lastEditedAt includesCreatedEdit createdViaEmail isReadByViewer
      viewerCanSubscribe viewerSubscription viewerThreadSubscriptionStatus viewerThreadSubscriptionFormAction } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository.issue).toEqual({
      participants: { totalCount: 2, nodes: [{ login: 'alice' }, { login: 'bob' }] },
      subIssuesSummary: { total: 0, completed: 0, percentCompleted: 0 },
      subIssues: { totalCount: 0 },
      trackedIssues: { totalCount: 0 },
      trackedInIssues: { totalCount: 0 },
      trackedIssuesCount: 0,
      closedByPullRequestsReferences: { totalCount: 0, nodes: [] },
      linkedBranches: { totalCount: 0 },
      projectsV2: { totalCount: 0 },
      projectV2: null,
      parent: null,
      hovercard: { contexts: [] },
      userContentEdits: { totalCount: 0 },
      editor: null,
      lastEditedAt: null,
      includesCreatedEdit: false,
      createdViaEmail: false,
      isReadByViewer: null,
      viewerCanSubscribe: false,
      viewerSubscription: null,
      viewerThreadSubscriptionStatus: null,
      viewerThreadSubscriptionFormAction: null,
    });
  });
});

describe('Milestone', () => {
  it("answers REST's creator, and who may close or reopen it", async () => {
    const milestone = await rest('/repos/alice/tracker/milestones/1');
    const query = `{ repository(owner: "alice", name: "tracker") { milestone(number: 1) {
      creator { __typename login } viewerCanClose viewerCanReopen } } }`;
    expect((await gql(query)).data!.repository.milestone).toEqual({
      creator: { __typename: 'User', login: milestone.creator.login },
      viewerCanClose: true,
      viewerCanReopen: false,
    });
    expect((await gql(query, bob.token)).data!.repository.milestone).toMatchObject({
      viewerCanClose: false,
      viewerCanReopen: false,
    });
  });
});

describe('a private repository', () => {
  it("keeps its issue's timeline, participants and paths from a stranger", async () => {
    const hidden = await rest('/repos/alice/secret/issues/1');
    const query = `{ node(id: "${hidden.node_id}") { ... on Issue { participants(first: 5) { totalCount }
      timelineItems(first: 5) { totalCount } bodyUrl authorAssociation } }
      resource(url: "${hidden.html_url}") { __typename } }`;
    const asBob = await gql(query, bob.token);
    expect(asBob.data?.node ?? null).toBeNull();
    expect(asBob.data?.resource ?? null).toBeNull();
    expect(asBob.errors?.map((error) => error.type)).toEqual(['NOT_FOUND']);
    const asAlice = await gql(query);
    expect(asAlice.data!.node).toMatchObject({ participants: { totalCount: 1 }, authorAssociation: 'OWNER' });
    expect(asAlice.data!.resource).toEqual({ __typename: 'Issue' });
  });
});
