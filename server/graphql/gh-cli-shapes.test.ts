// The shapes of the queries GitHub's CLI sends for `gh issue view`, `gh issue
// list --mention`, `gh pr view` (with and without --comments), written here
// with the same selections: each failed validation before (a field or a type
// the schema lacked, or graphql-js refusing what GitHub accepts), so the
// command failed as a whole. Checked end to end with gh 2.63 against a
// server on github.localhost; these keep the answers right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from '../test-support/graphql/pull-fixture.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  const dave = await server.createUser('dave');
  const repoId = await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  // Reviewers must be collaborators (carol writes, dave reads); bob is not one.
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${carol.id}, 'write'), (${repoId}, ${dave.id}, 'read')`;
  // #1 a pull request; #2 an issue mentioning @bob; #3 one whose comment does; #4 one mentioning @bobby only.
  await branchWith(server, alice.token, 'alice/proj', 'feature', { 'a.txt': 'a\n' });
  await openPullRequest(server, alice.token, 'alice/proj', { title: 'Add a', head: 'feature', base: 'main' });
  await rest(server, alice.token, 'POST', '/repos/alice/proj/issues', { title: 'Broken', body: 'it breaks, cc @bob' });
  await rest(server, alice.token, 'POST', '/repos/alice/proj/issues', { title: 'Slow' });
  await rest(server, bob.token, 'POST', '/repos/alice/proj/issues/3/comments', { body: 'me too, says @bob' });
  await rest(server, alice.token, 'POST', '/repos/alice/proj/issues', { title: 'Other', body: 'ask @bobby' });
  const own = await rest(server, alice.token, 'POST', '/repos/alice/proj/issues/2/comments', { body: 'first words' });
  await rest(server, bob.token, 'POST', '/repos/alice/proj/issues/2/comments', { body: 'a reply' });
  await rest(server, alice.token, 'PATCH', `/repos/alice/proj/issues/comments/${own.id}`, { body: 'second words' });
});
afterAll(() => server?.close());

const COMMENT = `id author { login } authorAssociation body createdAt includesCreatedEdit isMinimized minimizedReason
  reactionGroups { content users { totalCount } } url viewerDidAuthor`;

describe('gh issue view', () => {
  const VIEW = `query($owner: String!, $repo: String!, $number: Int!) {
    repository(owner: $owner, name: $repo) {
      hasIssuesEnabled
      issue: issueOrPullRequest(number: $number) {
        __typename
        ... on Issue { number title state body author { login } projectCards(first: 100) { nodes { project { name } column { name } } totalCount }
          comments(first: 100) { nodes { ${COMMENT} } pageInfo { hasNextPage endCursor } totalCount } }
        ... on PullRequest { number title state projectCards(first: 100) { nodes { project { name } } totalCount } }
      } } }`;

  it('answers state on Issue and on PullRequest under one name (IssueState and PullRequestState), as GitHub does', async () => {
    const issue = await gql(VIEW, { owner: 'alice', repo: 'proj', number: 2 });
    expect(issue.errors).toBeUndefined();
    expect(issue.data!.repository).toMatchObject({
      hasIssuesEnabled: true,
      issue: { __typename: 'Issue', number: 2, state: 'OPEN', projectCards: { nodes: [], totalCount: 0 } },
    });
    await rest(server, alice.token, 'PATCH', '/repos/alice/proj/pulls/1', { state: 'closed' });
    const pull = await gql(VIEW, { owner: 'alice', repo: 'proj', number: 1 });
    expect(pull.errors).toBeUndefined();
    expect(pull.data!.repository.issue).toEqual({
      __typename: 'PullRequest',
      number: 1,
      title: 'Add a',
      state: 'CLOSED',
      projectCards: { nodes: [], totalCount: 0 },
    });
    await rest(server, alice.token, 'PATCH', '/repos/alice/proj/pulls/1', { state: 'open' });
  });

  it('gives each comment its author association, whether it was edited, and whether the viewer wrote it', async () => {
    const asAlice = (await gql(VIEW, { owner: 'alice', repo: 'proj', number: 2 })).data!.repository.issue.comments;
    expect(asAlice.totalCount).toBe(2);
    expect(
      asAlice.nodes.map((c: any) => [
        c.author.login,
        c.authorAssociation,
        c.body,
        c.includesCreatedEdit,
        c.viewerDidAuthor,
      ]),
    ).toEqual([
      ['alice', 'OWNER', 'second words', true, true],
      ['bob', 'NONE', 'a reply', false, false],
    ]);
    expect(asAlice.nodes[0]).toMatchObject({ isMinimized: false, minimizedReason: null });
    expect(asAlice.nodes[0].reactionGroups).toHaveLength(8);
    const asBob = (await gql(VIEW, { owner: 'alice', repo: 'proj', number: 2 }, bob.token)).data!.repository.issue
      .comments;
    expect(asBob.nodes.map((c: any) => c.viewerDidAuthor)).toEqual([false, true]);
  });

  it('says when the repository has issues turned off', async () => {
    await rest(server, alice.token, 'PATCH', '/repos/alice/proj', { has_issues: false });
    try {
      const body = await gql('{ repository(owner: "alice", name: "proj") { hasIssuesEnabled } }');
      expect(body.data!.repository.hasIssuesEnabled).toBe(false);
    } finally {
      await rest(server, alice.token, 'PATCH', '/repos/alice/proj', { has_issues: true });
    }
  });
});

describe('gh issue list --mention', () => {
  it('lists the issues whose body or comments @-mention the login, not a longer one', async () => {
    const query = `query($mention: String) { repository(owner: "alice", name: "proj") {
      issues(first: 30, states: [OPEN], filterBy: { mentioned: $mention }) { totalCount nodes { number } } } }`;
    const mentioned = await gql(query, { mention: 'bob' });
    expect(mentioned.errors).toBeUndefined();
    expect(mentioned.data!.repository.issues).toEqual({ totalCount: 2, nodes: [{ number: 2 }, { number: 3 }] });
    expect((await gql(query, { mention: 'BOBBY' })).data!.repository.issues.nodes).toEqual([{ number: 4 }]);
    expect((await gql(query, { mention: 'nobody' })).data!.repository.issues.totalCount).toBe(0);
  });
});

describe('gh pr view', () => {
  const VIEW = `query($number: Int!) { repository(owner: "alice", name: "proj") { pullRequest(number: $number) {
    number autoMergeRequest { enabledAt mergeMethod enabledBy { login } }
    reviewRequests(first: 100) { nodes { asCodeOwner requestedReviewer { __typename ... on User { login } ... on Team { organization { login } name slug } } } totalCount }
    reviews(first: 100) { nodes { author { login } authorAssociation submittedAt body state reactionGroups { content users { totalCount } } } totalCount }
    projectCards(first: 100) { nodes { project { name } column { name } } totalCount }
    comments(first: 100) { nodes { ${COMMENT} } totalCount } } } }`;

  it('lists pending review requests in the order asked, and no auto-merge or project cards', async () => {
    await rest(server, alice.token, 'POST', '/repos/alice/proj/pulls/1/requested_reviewers', {
      reviewers: ['carol', 'dave'],
    });
    const body = await gql(VIEW, { number: 1 });
    expect(body.errors).toBeUndefined();
    const pull = body.data!.repository.pullRequest;
    expect(pull.autoMergeRequest).toBeNull();
    expect(pull.projectCards).toEqual({ nodes: [], totalCount: 0 });
    expect(pull.reviewRequests).toEqual({
      totalCount: 2,
      nodes: [
        { asCodeOwner: false, requestedReviewer: { __typename: 'User', login: 'carol' } },
        { asCodeOwner: false, requestedReviewer: { __typename: 'User', login: 'dave' } },
      ],
    });
    await rest(server, alice.token, 'DELETE', '/repos/alice/proj/pulls/1/requested_reviewers', {
      reviewers: ['carol'],
    });
    const after = (await gql(VIEW, { number: 1 })).data!.repository.pullRequest.reviewRequests;
    expect(after.nodes.map((n: any) => n.requestedReviewer.login)).toEqual(['dave']);
  });

  it('answers reviews with their reaction groups', async () => {
    await rest(server, carol.token, 'POST', '/repos/alice/proj/pulls/1/reviews', { event: 'COMMENT', body: 'a look' });
    const reviews = (await gql(VIEW, { number: 1 })).data!.repository.pullRequest.reviews;
    expect(reviews.nodes).toEqual([
      {
        author: { login: 'carol' },
        authorAssociation: 'COLLABORATOR',
        submittedAt: expect.any(String),
        body: 'a look',
        state: 'COMMENTED',
        reactionGroups: ['THUMBS_UP', 'THUMBS_DOWN', 'LAUGH', 'HOORAY', 'CONFUSED', 'HEART', 'ROCKET', 'EYES'].map(
          (content) => ({ content, users: { totalCount: 0 } }),
        ),
      },
    ]);
  });
});

describe('gh issue create / gh repo view (RepositoryInfo)', () => {
  const INFO = `fragment repo on Repository { id name owner { login } hasIssuesEnabled description hasWikiEnabled viewerPermission defaultBranchRef { name } }
    query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
      ...repo parent { ...repo } mergeCommitAllowed rebaseMergeAllowed squashMergeAllowed isFork forkCount isArchived deleteBranchOnMerge homepageUrl pushedAt } }`;

  it("answers the repository's settings, the viewer's permission, and a fork's parent", async () => {
    await rest(server, alice.token, 'PATCH', '/repos/alice/proj', {
      allow_rebase_merge: false,
      homepage: 'https://example.com',
      has_wiki: false,
    });
    await rest(server, bob.token, 'POST', '/repos/alice/proj/forks', {});
    const own = await gql(INFO, { owner: 'alice', name: 'proj' });
    expect(own.errors).toBeUndefined();
    expect(own.data!.repository).toMatchObject({
      name: 'proj',
      owner: { login: 'alice' },
      hasIssuesEnabled: true,
      hasWikiEnabled: false,
      viewerPermission: 'ADMIN',
      defaultBranchRef: { name: 'main' },
      parent: null,
      mergeCommitAllowed: true,
      rebaseMergeAllowed: false,
      squashMergeAllowed: true,
      isFork: false,
      forkCount: 1,
      isArchived: false,
      deleteBranchOnMerge: false,
      homepageUrl: 'https://example.com',
      pushedAt: expect.any(String),
    });
    expect((await gql(INFO, { owner: 'alice', name: 'proj' }, bob.token)).data!.repository.viewerPermission).toBe(
      'READ',
    );
    expect((await gql(INFO, { owner: 'alice', name: 'proj' }, carol.token)).data!.repository.viewerPermission).toBe(
      'WRITE',
    );
    const fork = (await gql(INFO, { owner: 'bob', name: 'proj' }, bob.token)).data!.repository;
    expect(fork).toMatchObject({
      isFork: true,
      viewerPermission: 'ADMIN',
      parent: { name: 'proj', owner: { login: 'alice' }, viewerPermission: 'READ' },
    });
  });
});

describe('gh pr edit --add-reviewer (assignable users, the owner’s teams, requestReviews)', () => {
  it('lists who may be assigned, by login, narrowed by query', async () => {
    const query = `query($query: String) { repository(owner: "alice", name: "proj") {
      assignableUsers(first: 100, query: $query) { nodes { id login name } totalCount pageInfo { hasNextPage endCursor } } } }`;
    const all = await gql(query);
    expect(all.errors).toBeUndefined();
    // The owner and push collaborators: carol writes, dave only reads, bob is no collaborator.
    expect(all.data!.repository.assignableUsers.nodes.map((u: any) => u.login)).toEqual(['alice', 'carol']);
    expect(
      (await gql(query, { query: 'CAR' })).data!.repository.assignableUsers.nodes.map((u: any) => u.login),
    ).toEqual(['carol']);
    expect((await gql(query, { query: '%' })).data!.repository.assignableUsers.totalCount).toBe(0);
  });

  it("answers organization(login) with its (empty) teams, and a user's login with GitHub's NOT_FOUND", async () => {
    await server.createOrg('acme', alice.id);
    const teams = `query($owner: String!) { organization(login: $owner) { login teams(first: 100, orderBy: { field: NAME, direction: ASC }) { nodes { id slug } pageInfo { hasNextPage endCursor } } } }`;
    expect((await gql(teams, { owner: 'acme' })).data!.organization).toEqual({
      login: 'acme',
      teams: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } },
    });
    const user = await gql(teams, { owner: 'alice' });
    expect(user.data!.organization).toBeNull();
    // gh tells a user-owned repository by this message.
    expect(user.errors).toEqual([
      expect.objectContaining({
        type: 'NOT_FOUND',
        message: "Could not resolve to an Organization with the login of 'alice'.",
      }),
    ]);
    expect((await gql('{ user(login: "carol") { login } org: user(login: "acme") { login } }')).data).toEqual({
      user: { login: 'carol' },
      org: null,
    });
  });

  it('requests reviews by user ids with an empty teamIds, and refuses a team id', async () => {
    const ids = (
      await gql(
        '{ repository(owner: "alice", name: "proj") { pullRequest(number: 1) { id } } user(login: "carol") { id } }',
      )
    ).data!;
    const mutation = `mutation($input: RequestReviewsInput!) { requestReviews(input: $input) { pullRequest { reviewRequests(first: 10) { nodes { requestedReviewer { ... on User { login } } } } } } }`;
    const asked = await gql(mutation, {
      input: { pullRequestId: ids.repository.pullRequest.id, userIds: [ids.user.id], teamIds: [], union: true },
    });
    expect(asked.errors).toBeUndefined();
    expect(
      asked.data!.requestReviews.pullRequest.reviewRequests.nodes.map((n: any) => n.requestedReviewer.login),
    ).toContain('carol');
    const team = await gql(mutation, {
      input: { pullRequestId: ids.repository.pullRequest.id, teamIds: ['T_kwDOAAAA'], union: true },
    });
    expect(team.errors).toEqual([expect.objectContaining({ type: 'NOT_FOUND' })]);
  });
});
