// Team review requests in the issue's record (issue 37): each team asked or
// withdrawn is one `review_requested` / `review_request_removed` issue event
// carrying `requested_team` (and `review_requester`, never
// `requested_reviewer`), in GET …/issues/{n}/events, GET …/issues/events/{id}
// and the timeline, checked against our contract and GitHub's schemas; GraphQL
// ReviewRequestedEvent / ReviewRequestRemovedEvent name the Team. CODEOWNERS'
// team requests are recorded the same way (their actor the opener), and each
// change is written exactly once, with its one `pull_request` webhook.
import { parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { githubComponentErrors } from '../test-support/github-schema.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { github } from '../test-support/query-cost-calls.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

const SCOPES = ['repo', 'admin:org', 'user'];
let server: TestServer;
let owner: TestUser;
let author: TestUser; // member of `owners` (push), opens the pull requests
let reviewer: TestUser; // member of `core-web`, a child of `core`
let newEvents: () => Promise<QueuedEvent[]>;

async function ok(path: string, options: CallOptions = {}) {
  const answer = await apiCall(server, path, options);
  expect(answer.status, `${options.method ?? 'GET'} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return answer.json;
}

async function put(path: string, text: string, branch: string) {
  const content = Buffer.from(text).toString('base64');
  await ok(`/repos/trq-org/app/contents/${path}`, {
    method: 'PUT',
    token: author.token,
    body: { message: `write ${path}`, content, branch },
  });
}

/** A pull request by `author` from a new branch changing `file`; its number. */
async function openPull(branch: string, file: string): Promise<number> {
  const main = await ok('/repos/trq-org/app/git/ref/heads/main', { token: author.token });
  const ref = { ref: `refs/heads/${branch}`, sha: main.object.sha };
  await ok('/repos/trq-org/app/git/refs', { method: 'POST', token: author.token, body: ref });
  await put(file, `${branch}\n`, branch);
  const body = { title: branch, head: branch, base: 'main' };
  return (await ok('/repos/trq-org/app/pulls', { method: 'POST', token: author.token, body })).number;
}

const eventsPath = (n: number) => `/repos/trq-org/app/issues/${n}/events`;
const OURS_EVENTS = { path: '/repos/{owner}/{repo}/issues/{issue_number}/events', method: 'get' };
const OURS_TIMELINE = { path: '/repos/{owner}/{repo}/issues/{issue_number}/timeline', method: 'get' };

/** The issue's review request events (GET …/events), each checked against both schemas. */
async function requestEvents(n: number) {
  const listed = await ok(eventsPath(n), { token: author.token });
  expectBothSchemas(listed, OURS_EVENTS, { operationId: 'issues/list-events' });
  const events = listed.filter((e: { event: string }) => e.event.startsWith('review_request'));
  for (const event of events) {
    const component = `${event.event.replace(/_/g, '-')}-issue-event`;
    expect(githubComponentErrors(component, event), component).toBe('');
  }
  return events;
}

const who = (e: Record<string, any>) =>
  `${e.event}:${e.requested_team ? `team:${e.requested_team.slug}` : e.requested_reviewer?.login}`;

async function team(name: string, body: Record<string, unknown> = {}) {
  return ok('/orgs/trq-org/teams', { method: 'POST', token: owner.token, body: { name, ...body } });
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('trq-owner', { scopes: SCOPES });
  author = await server.createUser('trq-author', { scopes: SCOPES });
  reviewer = await server.createUser('trq-rev', { scopes: SCOPES });
  const org = await server.createOrg('trq-org', owner.id);
  await server.services.accounts.addMember(org.id, author.id, 'member');
  await server.services.accounts.addMember(org.id, reviewer.id, 'member');
  await ok('/orgs/trq-org/repos', { method: 'POST', token: owner.token, body: { name: 'app', auto_init: true } });
  await ok('/repos/trq-org/app/hooks', {
    method: 'POST',
    token: owner.token,
    body: { config: { url: 'https://example.com/hook' }, events: ['pull_request'] },
  });
  const core = await team('Core', { repo_names: ['trq-org/app'] });
  await team('Core Web', { parent_team_id: core.id });
  await team('Owners');
  await ok('/orgs/trq-org/teams/owners/repos/trq-org/app', {
    method: 'PUT',
    token: owner.token,
    body: { permission: 'push' },
  });
  await ok('/orgs/trq-org/teams/owners/memberships/trq-author', { method: 'PUT', token: owner.token, body: {} });
  await ok('/orgs/trq-org/teams/core-web/memberships/trq-rev', { method: 'PUT', token: owner.token, body: {} });
  const repoId = (await server.services.repos.find('trq-org', 'app'))!.id;
  newEvents = outboxReader(server, { repositoryIds: [repoId], events: ['pull_request'] });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('team review requests in …/events and the timeline', () => {
  let number: number;
  const requested = () => `/repos/trq-org/app/pulls/${number}/requested_reviewers`;

  it('records one review_requested per team asked, with requested_team and review_requester', async () => {
    number = await openPull('feature-a', 'a.txt');
    await newEvents();
    await ok(requested(), {
      method: 'POST',
      token: author.token,
      body: { reviewers: ['trq-rev'], team_reviewers: ['CORE', 'core-web'] },
    });
    const events = await requestEvents(number);
    expect(events.map(who)).toEqual([
      'review_requested:trq-rev',
      'review_requested:team:core',
      'review_requested:team:core-web',
    ]);
    const [, core, coreWeb] = events;
    expect(core).not.toHaveProperty('requested_reviewer');
    expect(core.review_requester.login).toBe('trq-author');
    expect(core.actor.login).toBe('trq-author');
    expect(core.node_id).toMatch(/^RRE_/);
    expect(coreWeb.requested_team).toMatchObject({
      name: 'Core Web',
      slug: 'core-web',
      node_id: /^T_/,
      parent: { slug: 'core' },
      html_url: expect.stringMatching(/\/orgs\/trq-org\/teams\/core-web$/),
    });
    expect(githubComponentErrors('team', coreWeb.requested_team)).toBe('');
    // One pull_request webhook per request, alongside.
    const hooks = await newEvents();
    expect(actions(hooks)).toEqual(Array(3).fill('pull_request.review_requested'));
    expect(hooks.slice(1).map((e) => e.payload.requested_team.slug)).toEqual(['core', 'core-web']);
  });

  it('asking a team again records nothing more', async () => {
    await ok(requested(), { method: 'POST', token: author.token, body: { team_reviewers: ['core', 'CORE-WEB'] } });
    expect((await requestEvents(number)).length).toBe(3);
    expect(await newEvents()).toEqual([]);
  });

  it('records one review_request_removed per team withdrawn; slugs not asked record nothing', async () => {
    await ok(requested(), {
      method: 'DELETE',
      token: author.token,
      body: { reviewers: [], team_reviewers: ['core-web', 'owners'] },
    });
    const events = await requestEvents(number);
    expect(events.map(who).slice(3)).toEqual(['review_request_removed:team:core-web']);
    expect(events[3].review_requester.login).toBe('trq-author');
    expect(actions(await newEvents())).toEqual(['pull_request.review_request_removed']);
  });

  it('GET …/issues/events/{id} answers the team event', async () => {
    const [, core] = await requestEvents(number);
    const one = await ok(`/repos/trq-org/app/issues/events/${core.id}`, { token: author.token });
    expect(one).toMatchObject({ id: core.id, event: 'review_requested', requested_team: { slug: 'core' } });
    expect(one).not.toHaveProperty('requested_reviewer');
    expectBothSchemas(
      one,
      { path: '/repos/{owner}/{repo}/issues/events/{event_id}', method: 'get' },
      { operationId: 'issues/get-event' },
    );
  });

  it('the timeline lists the same events', async () => {
    const timeline = await ok(`/repos/trq-org/app/issues/${number}/timeline`, { token: author.token });
    expectBothSchemas(timeline, OURS_TIMELINE, { operationId: 'issues/list-events-for-timeline' });
    const events = timeline.filter((e: { event: string }) => e.event.startsWith('review_request'));
    expect(events.map(who)).toEqual([
      'review_requested:trq-rev',
      'review_requested:team:core',
      'review_requested:team:core-web',
      'review_request_removed:team:core-web',
    ]);
  });

  it("a team member's review answers the team's request without a review_request_removed", async () => {
    await ok(`/repos/trq-org/app/pulls/${number}/reviews`, {
      method: 'POST',
      token: reviewer.token,
      body: { event: 'COMMENT', body: 'Looked at it' },
    });
    expect((await requestEvents(number)).length).toBe(4);
    expect(await newEvents()).toEqual([]);
  });
});

const TIMELINE = `query($n: Int!) { repository(owner: "trq-org", name: "app") { pullRequest(number: $n) {
  timelineItems(first: 20, itemTypes: [REVIEW_REQUESTED_EVENT, REVIEW_REQUEST_REMOVED_EVENT]) { nodes {
    __typename
    ... on ReviewRequestedEvent { id actor { login } requestedReviewer { ...reviewer } }
    ... on ReviewRequestRemovedEvent { id actor { login } requestedReviewer { ...reviewer } } } } } } }
  fragment reviewer on RequestedReviewer { __typename ... on User { login } ... on Team { slug databaseId organization { login } } }`;

describe('GraphQL timeline', () => {
  it('ReviewRequestedEvent / ReviewRequestRemovedEvent name the Team as requestedReviewer', async () => {
    expect(validate(github, parse(TIMELINE)).map((error) => error.message)).toEqual([]);
    const answer = await graphqlOk(server, TIMELINE, { n: 1 }, owner.token);
    expect(answer.errors).toBeUndefined();
    const nodes = answer.data!.repository.pullRequest.timelineItems.nodes;
    expect(
      nodes.map((n: any) => `${n.__typename}:${n.requestedReviewer.login ?? `team:${n.requestedReviewer.slug}`}`),
    ).toEqual([
      'ReviewRequestedEvent:trq-rev',
      'ReviewRequestedEvent:team:core',
      'ReviewRequestedEvent:team:core-web',
      'ReviewRequestRemovedEvent:team:core-web',
    ]);
    expect(nodes[1]).toMatchObject({
      actor: { login: 'trq-author' },
      requestedReviewer: { __typename: 'Team', slug: 'core', organization: { login: 'trq-org' } },
    });
    expect(nodes[1].id).toMatch(/^RRE_/);
  });

  it('a team the viewer may not see is no requestedReviewer', async () => {
    // The author is a member of the organization, not of `core` (secret); `core-web` (a child team) is closed.
    const answer = await graphqlOk(server, TIMELINE, { n: 1 }, author.token);
    expect(answer.errors).toBeUndefined();
    const reviewers = answer.data!.repository.pullRequest.timelineItems.nodes.map((n: any) => n.requestedReviewer);
    expect(reviewers.map((r: any) => r?.login ?? r?.slug ?? null)).toEqual(['trq-rev', null, 'core-web', 'core-web']);
  });
});

describe('a deleted team', () => {
  it('leaves its events, without requested_team in REST and with no GraphQL requestedReviewer', async () => {
    await ok('/orgs/trq-org/teams/core-web', { method: 'DELETE', token: owner.token });
    const events = await requestEvents(1);
    expect(events.map((e: Record<string, unknown>) => e.event)).toEqual([
      'review_requested',
      'review_requested',
      'review_requested',
      'review_request_removed',
    ]);
    expect(events[2]).not.toHaveProperty('requested_team');
    expect(events[2]).not.toHaveProperty('requested_reviewer');
    expect(events[2].review_requester.login).toBe('trq-author');
    const answer = await graphqlOk(server, TIMELINE, { n: 1 }, owner.token);
    expect(answer.errors).toBeUndefined();
    const reviewers = answer.data!.repository.pullRequest.timelineItems.nodes.map((n: any) => n.requestedReviewer);
    expect(reviewers.map((r: any) => r?.login ?? r?.slug ?? null)).toEqual(['trq-rev', 'core', null, null]);
  });
});

describe('CODEOWNERS team requests', () => {
  it('are recorded once when the pull request opens, the opener as actor, with one webhook', async () => {
    await put('.github/CODEOWNERS', '* @trq-org/owners\n', 'main');
    await newEvents();
    const n = await openPull('feature-c', 'c.txt');
    const events = await requestEvents(n);
    expect(events.map(who)).toEqual(['review_requested:team:owners']);
    expect(events[0]).toMatchObject({ actor: { login: 'trq-author' }, review_requester: { login: 'trq-author' } });
    const hooks = (await newEvents()).filter((e) => e.action === 'review_requested');
    expect(hooks.map((e) => e.payload.requested_team.slug)).toEqual(['owners']);
  });
});
