// Team review requests over real HTTP and GraphQL (issue 37): asking and
// withdrawing teams of the organization (`team_reviewers`), GitHub's 422 for
// a team without access, `requested_teams` in the bodies, `requested_team`
// webhooks (checked against GitHub's schemas by the outbox reader), a team
// member's review answering the team's request, requestReviews' `teamIds`
// with Team reviewers in `reviewRequests`, and CODEOWNERS team owners asked
// when a pull request opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

const SCOPES = ['repo', 'admin:org', 'user'];
let server: TestServer;
let owner: TestUser; // the organization's owner
let author: TestUser; // member of `owners` (push), opens the pull requests
let reviewer: TestUser; // member of `core-web`, a child of `core`
let newEvents: () => Promise<QueuedEvent[]>;
const teamNodeIds: Record<string, string> = {};

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);
async function ok(path: string, options: CallOptions = {}) {
  const answer = await call(path, options);
  expect(answer.status, `${options.method ?? 'GET'} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return answer.json;
}
const slugs = (teams: { slug: string }[]) => teams.map((team) => team.slug);
const NOT_COLLABORATOR =
  'Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the tr-org/app repository.';

async function put(path: string, text: string, branch: string) {
  await ok(`/repos/tr-org/app/contents/${path}`, {
    method: 'PUT',
    token: author.token,
    body: { message: `write ${path}`, content: Buffer.from(text).toString('base64'), branch },
  });
}

/** A pull request by `author` from a new branch changing `file`; its body. */
async function openPull(branch: string, file: string) {
  const main = await ok('/repos/tr-org/app/git/ref/heads/main', { token: author.token });
  await ok('/repos/tr-org/app/git/refs', {
    method: 'POST',
    token: author.token,
    body: { ref: `refs/heads/${branch}`, sha: main.object.sha },
  });
  await put(file, `${branch}\n`, branch);
  return ok('/repos/tr-org/app/pulls', {
    method: 'POST',
    token: author.token,
    body: { title: branch, head: branch, base: 'main' },
  });
}

async function team(name: string, body: Record<string, unknown> = {}) {
  const created = await ok('/orgs/tr-org/teams', { method: 'POST', token: owner.token, body: { name, ...body } });
  teamNodeIds[created.slug] = created.node_id;
  return created;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('tr-owner', { scopes: SCOPES });
  author = await server.createUser('tr-author', { scopes: SCOPES });
  reviewer = await server.createUser('tr-rev', { scopes: SCOPES });
  const org = await server.createOrg('tr-org', owner.id);
  await server.services.accounts.addMember(org.id, author.id, 'member');
  await server.services.accounts.addMember(org.id, reviewer.id, 'member');
  await ok('/orgs/tr-org/repos', { method: 'POST', token: owner.token, body: { name: 'app', auto_init: true } });
  await ok('/repos/tr-org/app/hooks', {
    method: 'POST',
    token: owner.token,
    body: { config: { url: 'https://example.com/hook' }, events: ['pull_request'] },
  });
  const core = await team('Core', { repo_names: ['tr-org/app'] });
  await team('Core Web', { parent_team_id: core.id });
  await team('Owners');
  await team('Elsewhere');
  await ok('/orgs/tr-org/teams/owners/repos/tr-org/app', {
    method: 'PUT',
    token: owner.token,
    body: { permission: 'push' },
  });
  await ok('/orgs/tr-org/teams/owners/memberships/tr-author', { method: 'PUT', token: owner.token, body: {} });
  await ok('/orgs/tr-org/teams/core-web/memberships/tr-rev', { method: 'PUT', token: owner.token, body: {} });
  const repoId = (await server.services.repos.find('tr-org', 'app'))!.id;
  newEvents = outboxReader(server, { repositoryIds: [repoId], events: ['pull_request'] });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('team_reviewers on …/requested_reviewers', () => {
  let number: number;
  const path = () => `/repos/tr-org/app/pulls/${number}/requested_reviewers`;

  it('asks teams with access (201), shows them as requested_teams, one review_requested each', async () => {
    number = (await openPull('feature-a', 'a.txt')).number;
    await newEvents();
    const { status, json } = await call(path(), {
      method: 'POST',
      token: author.token,
      body: { reviewers: ['tr-rev'], team_reviewers: ['CORE', 'core-web'] },
    });
    expect(status).toBe(201);
    expect(slugs(json.requested_teams)).toEqual(['core', 'core-web']);
    expect(json.requested_teams[1]).toMatchObject({ name: 'Core Web', parent: { slug: 'core' }, node_id: /^T_/ });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', method: 'post', status: 201 },
      { operationId: 'pulls/request-reviewers' },
    );
    const events = await newEvents();
    expect(actions(events)).toEqual(Array(3).fill('pull_request.review_requested'));
    expect(events[0]!.payload.requested_reviewer.login).toBe('tr-rev');
    expect(events.slice(1).map((e) => e.payload.requested_team.slug)).toEqual(['core', 'core-web']);
    expect(slugs(events[2]!.payload.pull_request.requested_teams)).toEqual(['core', 'core-web']);
  });

  it('lists the teams (GET …/requested_reviewers and the pull request), asking again changes nothing', async () => {
    const listed = await ok(path());
    expect(slugs(listed.teams)).toEqual(['core', 'core-web']);
    expectBothSchemas(
      listed,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers', method: 'get', status: 200 },
      { operationId: 'pulls/list-requested-reviewers' },
    );
    const pull = await ok(`/repos/tr-org/app/pulls/${number}`);
    expect(slugs(pull.requested_teams)).toEqual(['core', 'core-web']);
    expectBothSchemas(
      pull,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}', method: 'get', status: 200 },
      { operationId: 'pulls/get' },
    );
    const again = await ok(path(), { method: 'POST', token: author.token, body: { team_reviewers: ['core'] } });
    expect(slugs(again.requested_teams)).toEqual(['core', 'core-web']);
    expect(await newEvents()).toEqual([]);
  });

  it('is 422 for a team without access or no such team, and asks nobody of the request then', async () => {
    for (const team_reviewers of [['elsewhere'], ['no-such-team'], ['owners', 'elsewhere']]) {
      const answer = await call(path(), {
        method: 'POST',
        token: author.token,
        body: { reviewers: ['tr-owner'], team_reviewers },
      });
      expect(answer.status).toBe(422);
      expect(answer.json.message).toBe(NOT_COLLABORATOR);
    }
    expect(slugs((await ok(path())).teams)).toEqual(['core', 'core-web']);
    expect((await ok(path())).users.map((u: { login: string }) => u.login)).toEqual(['tr-rev']);
    expect(await newEvents()).toEqual([]);
  });

  it('withdraws team requests (200) with review_request_removed carrying requested_team', async () => {
    const { status, json } = await call(path(), {
      method: 'DELETE',
      token: author.token,
      body: { reviewers: [], team_reviewers: ['core-web', 'elsewhere'] },
    });
    expect(status).toBe(200);
    expect(slugs(json.requested_teams)).toEqual(['core']);
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.review_request_removed']);
    expect(events[0]!.payload.requested_team).toMatchObject({ slug: 'core-web', parent: { slug: 'core' } });
  });

  it("answers a team's request when a member (here of its child team) submits a review, without an event", async () => {
    await ok(path(), { method: 'POST', token: author.token, body: { team_reviewers: ['core-web'] } });
    await newEvents();
    await ok(`/repos/tr-org/app/pulls/${number}/reviews`, {
      method: 'POST',
      token: reviewer.token,
      body: { event: 'COMMENT', body: 'Looked at it' },
    });
    const listed = await ok(path());
    expect({ users: listed.users, teams: listed.teams }).toEqual({ users: [], teams: [] });
    expect(await newEvents()).toEqual([]);
  });
});

const REQUEST = `mutation($input: RequestReviewsInput!) { requestReviews(input: $input) { pullRequest {
  reviewRequests(first: 10) { nodes { asCodeOwner requestedReviewer {
    __typename ... on User { login } ... on Team { id databaseId name slug url organization { login } } } } } } } }`;
const reviewers = (data: Record<string, any> | undefined) =>
  data!.requestReviews.pullRequest.reviewRequests.nodes.map(
    (node: { requestedReviewer: { login?: string; slug?: string } }) =>
      node.requestedReviewer.login ?? `team:${node.requestedReviewer.slug}`,
  );

describe('GraphQL requestReviews with teamIds', () => {
  let pullId: string;

  it('asks teams by node id and shows them as Team reviewers', async () => {
    const pull = await openPull('feature-b', 'b.txt');
    pullId = pull.node_id;
    const user = await graphqlOk(server, '{ user(login: "tr-rev") { id } }', {}, author.token);
    const answer = await graphqlOk(
      server,
      REQUEST,
      { input: { pullRequestId: pullId, userIds: [user.data!.user.id], teamIds: [teamNodeIds.core], union: true } },
      author.token,
    );
    expect(answer.errors).toBeUndefined();
    expect(reviewers(answer.data)).toEqual(['tr-rev', 'team:core']);
    const node = answer.data!.requestReviews.pullRequest.reviewRequests.nodes[1];
    expect(node).toMatchObject({
      asCodeOwner: false,
      requestedReviewer: {
        __typename: 'Team',
        id: teamNodeIds.core,
        name: 'Core',
        slug: 'core',
        organization: { login: 'tr-org' },
      },
    });
    expect(node.requestedReviewer.url).toMatch(/\/orgs\/tr-org\/teams\/core$/);
    expect(slugs((await ok(`/repos/tr-org/app/pulls/${pull.number}`)).requested_teams)).toEqual(['core']);
    expect(actions(await newEvents())).toContain('pull_request.review_requested');
  });

  it('replaces the teams without union, and refuses an unknown team id or a team without access', async () => {
    const replaced = await graphqlOk(
      server,
      REQUEST,
      { input: { pullRequestId: pullId, userIds: [], teamIds: [teamNodeIds['core-web']] } },
      author.token,
    );
    expect(replaced.errors).toBeUndefined();
    expect(reviewers(replaced.data)).toEqual(['team:core-web']);
    const unknown = await graphqlOk(
      server,
      REQUEST,
      { input: { pullRequestId: pullId, teamIds: ['T_nonsense'], union: true } },
      author.token,
    );
    expect(unknown.errors?.[0]?.type).toBe('NOT_FOUND');
    const noAccess = await graphqlOk(
      server,
      REQUEST,
      { input: { pullRequestId: pullId, teamIds: [teamNodeIds.elsewhere], union: true } },
      author.token,
    );
    expect(noAccess.errors?.[0]?.message).toBe(NOT_COLLABORATOR);
  });
});

describe('CODEOWNERS team owners', () => {
  it('asks the owning teams with push access when a pull request opens, as code owner requests', async () => {
    await put('.github/CODEOWNERS', '* @tr-org/owners @tr-org/core @other-org/owners\n', 'main');
    await newEvents();
    const errors = await ok('/repos/tr-org/app/codeowners/errors', { token: author.token });
    // `core` reads only and `other-org` is not this organization: neither may own.
    expect(errors.errors.map((e: { column: number }) => e.column)).toEqual([18, 31]);
    const pull = await openPull('feature-c', 'c.txt');
    expect(slugs(pull.requested_teams)).toEqual(['owners']);
    const events = await newEvents();
    expect(events.filter((e) => e.action === 'review_requested').map((e) => e.payload.requested_team?.slug)).toEqual([
      'owners',
    ]);
    const answer = await graphqlOk(
      server,
      `query($n: Int!) { repository(owner: "tr-org", name: "app") { pullRequest(number: $n) {
        reviewRequests(first: 5) { nodes { asCodeOwner requestedReviewer { ... on Team { slug } } } } } } }`,
      { n: pull.number },
      author.token,
    );
    expect(answer.data!.repository.pullRequest.reviewRequests.nodes).toEqual([
      { asCodeOwner: true, requestedReviewer: { slug: 'owners' } },
    ]);
  });
});
