// The issue endpoints acting on a pull request: GitHub sends `pull_request`
// events (labeled, unlabeled, assigned, unassigned, milestoned,
// demilestoned, edited, closed, reopened, locked, unlocked) with the pull
// request's body, never `issues` ones, and the timeline rows are an issue's.
// Comments on a pull request's conversation are `issue_comment` events whose
// issue carries `pull_request`. Every payload is checked against GitHub's
// webhook schema for its action by the outbox reader.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;
let number: number;
let issueNumber: number;
let newEvents: () => Promise<QueuedEvent[]>;

const call = (path: string, method = 'GET', body?: unknown) =>
  apiOk(server, path, { method, body, token: alice.token });
const issuePath = (n = number) => `/repos/alice/pi/issues/${n}`;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
  const repoId = await hookedRepository(server, alice, 'pi', ['pull_request', 'issues', 'issue_comment']);
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${bob.id}, 'write')`;
  newEvents = outboxReader(server, { repositoryIds: [repoId], events: ['pull_request', 'issues', 'issue_comment'] });
  const work = join(git.home, 'work');
  await git.ok(['init', '--quiet', '-b', 'main', work]);
  await git.ok(['remote', 'add', 'origin', cloneUrl(server.url, 'alice/pi.git', alice.token)], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'root'], { cwd: work });
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'feature'], { cwd: work });
  await git.ok(['push', '--quiet', 'origin', 'HEAD~1:refs/heads/main', 'HEAD:refs/heads/feature'], { cwd: work });
  await call('/repos/alice/pi/milestones', 'POST', { title: 'v1' });
  number = (await call('/repos/alice/pi/pulls', 'POST', { title: 'Change', head: 'feature', base: 'main' })).number;
  issueNumber = (await call('/repos/alice/pi/issues', 'POST', { title: 'Plain issue' })).number;
  await newEvents();
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

/** The events since the last call: all `pull_request`, each with the pull request's number and body. */
async function pullEvents(): Promise<QueuedEvent[]> {
  const events = await newEvents();
  for (const event of events) {
    expect(event.event).toBe('pull_request');
    expect(event.payload).toMatchObject({
      number,
      pull_request: { number, url: `${server.url}/api/v3/repos/alice/pi/pulls/${number}` },
    });
  }
  return events;
}

describe('issue endpoints on a pull request', () => {
  it('labels: added, set and removed give pull_request labeled / unlabeled with `label`', async () => {
    await call(`${issuePath()}/labels`, 'POST', { labels: ['bug', 'docs'] });
    let events = await pullEvents();
    expect(actions(events)).toEqual(['pull_request.labeled', 'pull_request.labeled']);
    expect(events.map((e) => e.payload.label.name)).toEqual(['bug', 'docs']);
    expect(events[1]!.payload.pull_request.labels.map((l: { name: string }) => l.name)).toEqual(['bug', 'docs']);
    await call(`${issuePath()}/labels`, 'PUT', { labels: ['docs', 'ready'] });
    events = await pullEvents();
    expect(actions(events)).toEqual(['pull_request.unlabeled', 'pull_request.labeled']);
    expect(events.map((e) => e.payload.label.name)).toEqual(['bug', 'ready']);
    await call(`${issuePath()}/labels/ready`, 'DELETE');
    events = await pullEvents();
    expect(actions(events)).toEqual(['pull_request.unlabeled']);
    expect(events[0]!.payload.label.name).toBe('ready');
  });

  it('assignees: added and removed give pull_request assigned / unassigned with `assignee`', async () => {
    await call(`${issuePath()}/assignees`, 'POST', { assignees: ['bob', 'alice'] });
    let events = await pullEvents();
    expect(actions(events)).toEqual(['pull_request.assigned', 'pull_request.assigned']);
    expect(events.map((e) => e.payload.assignee.login)).toEqual(['bob', 'alice']);
    await call(`${issuePath()}/assignees`, 'DELETE', { assignees: ['bob'] });
    events = await pullEvents();
    expect(actions(events)).toEqual(['pull_request.unassigned']);
    expect(events[0]!.payload).toMatchObject({
      assignee: { login: 'bob' },
      pull_request: { assignees: [{ login: 'alice' }] },
    });
  });

  it('PATCH: title and body, milestone, state give edited, milestoned/demilestoned, closed/reopened', async () => {
    await call(issuePath(), 'PATCH', { title: 'Better change', body: 'Why', milestone: 1 });
    let events = await pullEvents();
    expect(actions(events)).toEqual(['pull_request.edited', 'pull_request.milestoned']);
    expect(events[0]!.payload.changes).toEqual({ title: { from: 'Change' }, body: { from: '' } });
    expect(events[1]!.payload.milestone).toMatchObject({ number: 1, title: 'v1', open_issues: 1 });
    expect(events[1]!.payload.pull_request).toMatchObject({ title: 'Better change', milestone: { number: 1 } });
    await call(issuePath(), 'PATCH', { milestone: null, state: 'closed' });
    events = await pullEvents();
    expect(actions(events)).toEqual(['pull_request.demilestoned', 'pull_request.closed']);
    expect(events[1]!.payload.pull_request).toMatchObject({ state: 'closed', merged: false });
    await call(issuePath(), 'PATCH', { state: 'open' });
    expect(actions(await pullEvents())).toEqual(['pull_request.reopened']);
  });

  it('lock and unlock give pull_request locked / unlocked', async () => {
    await server.api(`${issuePath()}/lock`, { method: 'PUT', token: alice.token, body: { lock_reason: 'resolved' } });
    await server.api(`${issuePath()}/lock`, { method: 'DELETE', token: alice.token });
    expect(actions(await pullEvents())).toEqual(['pull_request.locked', 'pull_request.unlocked']);
  });

  it('writes the timeline rows an issue would have', async () => {
    const timeline = await call(`${issuePath()}/events?per_page=100`);
    expect(timeline.map((e: { event: string }) => e.event)).toEqual([
      'labeled',
      'labeled',
      'unlabeled',
      'labeled',
      'unlabeled',
      'assigned',
      'assigned',
      'unassigned',
      'renamed',
      'milestoned',
      'demilestoned',
      'closed',
      'reopened',
      'locked',
      'unlocked',
    ]);
  });

  it('leaves issues that are not pull requests with `issues` events', async () => {
    await call(`${issuePath(issueNumber)}/labels`, 'POST', { labels: ['bug'] });
    await call(issuePath(issueNumber), 'PATCH', { state: 'closed' });
    expect(actions(await newEvents())).toEqual(['issues.labeled', 'issues.closed']);
  });
});

describe('issue_comment on a pull request', () => {
  it('is issue_comment created / edited / deleted whose issue carries pull_request', async () => {
    const comment = await call(`${issuePath()}/comments`, 'POST', { body: 'Looks good' });
    await call(`/repos/alice/pi/issues/comments/${comment.id}`, 'PATCH', { body: 'Looks great' });
    await server.api(`/repos/alice/pi/issues/comments/${comment.id}`, { method: 'DELETE', token: alice.token });
    const events = await newEvents();
    expect(actions(events)).toEqual(['issue_comment.created', 'issue_comment.edited', 'issue_comment.deleted']);
    for (const event of events) {
      expect(event.payload.issue).toMatchObject({
        number,
        pull_request: {
          url: `${server.url}/api/v3/repos/alice/pi/pulls/${number}`,
          html_url: `${server.url}/alice/pi/pull/${number}`,
          merged_at: null,
        },
      });
      expect(event.payload.comment.id).toBe(comment.id);
    }
  });

  it("links the conversation and its comments under /pull/, in REST, webhooks and GraphQL; an issue's stay under /issues/", async () => {
    const html = `${server.url}/alice/pi/pull/${number}`;
    expect((await call(issuePath())).html_url).toBe(html);
    const comment = await call(`${issuePath()}/comments`, 'POST', { body: 'Linked' });
    expect(comment.html_url).toBe(`${html}#issuecomment-${comment.id}`);
    expect((await call(`/repos/alice/pi/issues/comments/${comment.id}`)).html_url).toBe(comment.html_url);
    expect((await call(`${issuePath()}/comments`)).map((c: { html_url: string }) => c.html_url)).toContain(
      comment.html_url,
    );
    const [created] = await newEvents();
    expect(created!.payload).toMatchObject({ issue: { html_url: html }, comment: { html_url: comment.html_url } });
    const { data } = await graphqlOk(
      server,
      `query($n: Int!) { repository(owner: "alice", name: "pi") {
      pullRequest(number: $n) { comments(last: 1) { nodes { url resourcePath } } } } }`,
      { n: number },
      alice.token,
    );
    expect(data!.repository.pullRequest.comments.nodes).toEqual([
      { url: comment.html_url, resourcePath: `/alice/pi/pull/${number}#issuecomment-${comment.id}` },
    ]);

    const plain = await call(`${issuePath(issueNumber)}/comments`, 'POST', { body: 'On an issue' });
    expect(plain.html_url).toBe(`${server.url}/alice/pi/issues/${issueNumber}#issuecomment-${plain.id}`);
    expect((await call(issuePath(issueNumber))).html_url).toBe(`${server.url}/alice/pi/issues/${issueNumber}`);
    await newEvents();
  });
});
