// addLabelsToLabelable and removeLabelsFromLabelable: triage access, REST's
// `issues` labeled/unlabeled events (valid against GitHub's webhook schemas)
// and timeline rows, labels of another repository refused and unknown ids
// NOT_FOUND with nothing changed; viewerCanLabel; and Label.issues and
// Milestone.issues, with Repository.issues' arguments, batched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubWebhookErrors } from '../../test-support/github-webhook-schema.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { apiOk } from '../../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let repositoryId = 0;
let lastJob = 0;
const statements: string[] = [];
const labels: Record<string, string> = {};
let issueId: string;

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

const rest = (path: string, method = 'GET', body?: unknown, token = alice.token) =>
  apiOk(server, path, { method, token, body });

/** `issues` events queued since the last call, each checked against GitHub's schema. */
async function newEvents() {
  const rows = await server.sql<{ id: number; event: string; action: string; payload: string }[]>`
    SELECT id, event, action, payload FROM webhook_jobs WHERE repository_id = ${repositoryId} AND id > ${lastJob} AND event <> 'ping' ORDER BY id`;
  lastJob = Math.max(lastJob, ...rows.map((r) => r.id));
  return rows.map((row) => {
    const payload = JSON.parse(row.payload);
    expect(githubWebhookErrors(row.event, row.action, payload), `${row.event}.${row.action}`).toBe('');
    return { name: `${row.event}.${row.action}`, payload };
  });
}

const ADD = `mutation($input: AddLabelsToLabelableInput!) { addLabelsToLabelable(input: $input) { clientMutationId
  labelable { __typename labels(first: 10) { totalCount nodes { name } } ... on Issue { number } } } }`;
const REMOVE = `mutation($input: RemoveLabelsFromLabelableInput!) { removeLabelsFromLabelable(input: $input) { clientMutationId
  labelable { labels(first: 10) { nodes { name } } } } }`;

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  for (const name of ['tags', 'other']) await rest('/user/repos', 'POST', { name });
  repositoryId = (await server.services.repos.find('alice', 'tags'))!.id;
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repositoryId}, ${bob.id}, 'read')`;
  await rest('/repos/alice/tags/hooks', 'POST', { config: { url: 'https://example.com/hook' }, events: ['issues'] });
  await rest('/repos/alice/tags/issues', 'POST', { title: 'Tag me' });
  const ids = await gql(`{ repository(owner: "alice", name: "tags") { issue(number: 1) { id }
      labels(first: 20) { nodes { id name } } }
    other: repository(owner: "alice", name: "other") { label(name: "bug") { id } } }`);
  issueId = ids.data!.repository.issue.id;
  for (const label of ids.data!.repository.labels.nodes) labels[label.name] = label.id;
  labels.foreign = ids.data!.other.label.id;
  await newEvents();
});
afterAll(() => server.close());

describe('label mutations', () => {
  it('adds labels by ID: issues.labeled for each new one, timeline rows, no event for one already there', async () => {
    const body = await gql(ADD, {
      input: { clientMutationId: 'cm', labelableId: issueId, labelIds: [labels.bug, labels.documentation] },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data!.addLabelsToLabelable).toEqual({
      clientMutationId: 'cm',
      labelable: {
        __typename: 'Issue',
        number: 1,
        labels: { totalCount: 2, nodes: [{ name: 'bug' }, { name: 'documentation' }] },
      },
    });
    let events = await newEvents();
    expect(events.map((e) => [e.name, e.payload.label.name])).toEqual([
      ['issues.labeled', 'bug'],
      ['issues.labeled', 'documentation'],
    ]);
    expect(events[0]!.payload.issue.labels).toHaveLength(2);
    expect((await gql(ADD, { input: { labelableId: issueId, labelIds: [labels.bug] } })).errors).toBeUndefined();
    expect(await newEvents()).toEqual([]);
    const timeline = await rest('/repos/alice/tags/issues/1/timeline');
    expect(timeline.filter((e: any) => e.event === 'labeled').map((e: any) => e.label.name)).toEqual([
      'bug',
      'documentation',
    ]);

    const removed = await gql(REMOVE, { input: { labelableId: issueId, labelIds: [labels.bug, labels.question] } });
    expect(removed.data!.removeLabelsFromLabelable.labelable.labels.nodes).toEqual([{ name: 'documentation' }]);
    events = await newEvents();
    expect(events.map((e) => [e.name, e.payload.label.name])).toEqual([['issues.unlabeled', 'bug']]);
    const after = await rest('/repos/alice/tags/issues/1/timeline');
    expect(after.filter((e: any) => e.event === 'unlabeled').map((e: any) => e.label.name)).toEqual(['bug']);
  });

  it('refuses a label of another repository, unknown IDs, and callers without triage, changing nothing', async () => {
    const foreign = await gql(ADD, { input: { labelableId: issueId, labelIds: [labels.question, labels.foreign] } });
    expect(foreign.errors?.[0]?.type).toBe('UNPROCESSABLE');
    expect((await gql(ADD, { input: { labelableId: issueId, labelIds: ['LA_nope'] } })).errors?.[0]?.type).toBe(
      'NOT_FOUND',
    );
    expect((await gql(ADD, { input: { labelableId: 'I_nope', labelIds: [labels.question] } })).errors?.[0]?.type).toBe(
      'NOT_FOUND',
    );
    const denied = await gql(ADD, { input: { labelableId: issueId, labelIds: [labels.question] } }, bob.token);
    expect(denied.errors?.[0]?.type).toBe('FORBIDDEN');
    expect(
      (await gql(REMOVE, { input: { labelableId: issueId, labelIds: [labels.documentation] } }, bob.token)).errors?.[0]
        ?.type,
    ).toBe('FORBIDDEN');
    expect((await rest('/repos/alice/tags/issues/1/labels')).map((l: any) => l.name)).toEqual(['documentation']);
    expect(await newEvents()).toEqual([]);
    const can = '{ repository(owner: "alice", name: "tags") { issue(number: 1) { viewerCanLabel } } }';
    expect((await gql(can)).data!.repository.issue.viewerCanLabel).toBe(true);
    expect((await gql(can, {}, bob.token)).data!.repository.issue.viewerCanLabel).toBe(false);
  });
});

describe('Label.issues and Milestone.issues', () => {
  it("list a label's and a milestone's issues with filters and pages, batched", async () => {
    await rest('/repos/alice/tags/milestones', 'POST', { title: 'v1' });
    await rest('/repos/alice/tags/milestones', 'POST', { title: 'v2' });
    for (let i = 2; i <= 6; i++) {
      await rest('/repos/alice/tags/issues', 'POST', {
        title: `More ${i}`,
        labels: i % 2 ? ['bug'] : ['bug', 'enhancement'],
        milestone: i % 2 ? 1 : 2,
      });
    }
    await rest('/repos/alice/tags/issues/4', 'PATCH', { state: 'closed' });
    const query = `{ repository(owner: "alice", name: "tags") {
      labels(first: 20) { nodes { name issues(first: 2, states: [OPEN]) { totalCount pageInfo { hasNextPage } nodes { number } } } }
      milestones(first: 5) { nodes { title all: issues(last: 1) { totalCount nodes { number } } open: issues(states: [OPEN]) { totalCount } } } } }`;
    await gql(query); // warm the repository cache
    // The fewest statements of three runs: the server's background work (a
    // rate-limit lease, an expired cache entry) can add one to any single
    // request on a busy machine.
    let body = await gql(query);
    let fewest: string[] | undefined;
    for (let run = 0; run < 3; run++) {
      statements.length = 0;
      body = await gql(query);
      if (!fewest || statements.length < fewest.length) fewest = [...statements];
    }
    statements.splice(0, statements.length, ...fewest!);
    expect(body.errors).toBeUndefined();
    const byName = Object.fromEntries(body.data!.repository.labels.nodes.map((l: any) => [l.name, l.issues]));
    expect(byName.bug).toEqual({
      totalCount: 4,
      pageInfo: { hasNextPage: true },
      nodes: [{ number: 2 }, { number: 3 }],
    });
    expect(byName.enhancement).toEqual({
      totalCount: 2,
      pageInfo: { hasNextPage: false },
      nodes: [{ number: 2 }, { number: 6 }],
    });
    expect(byName.documentation).toEqual({ totalCount: 1, pageInfo: { hasNextPage: false }, nodes: [{ number: 1 }] });
    expect(byName.question).toEqual({ totalCount: 0, pageInfo: { hasNextPage: false }, nodes: [] });
    expect(body.data!.repository.milestones.nodes).toEqual([
      { title: 'v1', all: { totalCount: 2, nodes: [{ number: 5 }] }, open: { totalCount: 2 } },
      { title: 'v2', all: { totalCount: 3, nodes: [{ number: 6 }] }, open: { totalCount: 2 } },
    ]);
    // One statement per distinct issues argument set (the labels', the milestones' two), whatever the number of labels and milestones.
    expect(
      statements.filter((q) => /\bFROM issues i\b/.test(q)),
      statements.join('\n'),
    ).toHaveLength(3);
    // Plus the labels and milestones pages, two statements each (rows and totals).
    expect(statements.length).toBeLessThanOrEqual(7);
  });
});
