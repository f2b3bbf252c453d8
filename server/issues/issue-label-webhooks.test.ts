// The `issues` events of labels and milestones: written to the outbox with
// their change, in a fixed order, each payload valid against GitHub's
// published schema for its action. GitHub sends `opened` and then `labeled`
// once per label for an issue created with labels (its payloads show the
// issue with all its labels); Wharf writes them in that order, then
// `milestoned`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let newEvents: () => Promise<QueuedEvent[]>;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  const repositoryId = await hookedRepository(server, alice, 'tagged', ['issues', 'label']);
  newEvents = outboxReader(server, { repositoryIds: [repositoryId] });
  for (const title of ['v1', 'v2']) await call('/repos/alice/tagged/milestones', 'POST', { title });
});
afterAll(() => server.close());

const call = (path: string, method: string, body?: unknown) =>
  apiOk(server, path, { method, body, token: alice.token });

describe('issues events of labels and milestones', () => {
  it('creating: label.created for a new label, then opened, labeled per label, milestoned', async () => {
    await newEvents();
    const issue = await call('/repos/alice/tagged/issues', 'POST', {
      title: 'Tagged',
      labels: ['bug', 'brand-new'],
      milestone: 1,
    });
    const events = await newEvents();
    expect(actions(events)).toEqual([
      'label.created',
      'issues.opened',
      'issues.labeled',
      'issues.labeled',
      'issues.milestoned',
    ]);
    expect(events[0]!.payload.label).toMatchObject({ name: 'brand-new', color: 'ededed' });
    expect(events.slice(2, 4).map((e) => e.payload.label.name)).toEqual(['bug', 'brand-new']);
    expect(events[4]!.payload.milestone).toMatchObject({ number: 1, title: 'v1', open_issues: 1 });
    // Every payload shows the issue as it is after the whole change.
    for (const event of events.slice(1)) {
      expect(event.payload.issue).toMatchObject({
        number: issue.number,
        labels: [{ name: 'brand-new' }, { name: 'bug' }],
        milestone: { number: 1 },
      });
    }
  });

  it('one PATCH emits unlabeled/labeled, then demilestoned/milestoned, then closed', async () => {
    const issue = await call('/repos/alice/tagged/issues', 'POST', { title: 'Moving', labels: ['bug'], milestone: 1 });
    await newEvents();
    await call(`/repos/alice/tagged/issues/${issue.number}`, 'PATCH', {
      labels: ['enhancement'],
      milestone: 2,
      state: 'closed',
    });
    const events = await newEvents();
    expect(actions(events)).toEqual([
      'issues.unlabeled',
      'issues.labeled',
      'issues.demilestoned',
      'issues.milestoned',
      'issues.closed',
    ]);
    expect(events[0]!.payload.label.name).toBe('bug');
    expect(events[1]!.payload.label.name).toBe('enhancement');
    expect(events[2]!.payload.milestone.title).toBe('v1');
    expect(events[3]!.payload.milestone.title).toBe('v2');
    await call(`/repos/alice/tagged/issues/${issue.number}`, 'PATCH', { milestone: null });
    expect(actions(await newEvents())).toEqual(['issues.demilestoned']);
    // The same labels again, or the same (no) milestone: nothing changed, nothing emitted.
    await call(`/repos/alice/tagged/issues/${issue.number}/labels`, 'PUT', { labels: ['Enhancement'] });
    await call(`/repos/alice/tagged/issues/${issue.number}`, 'PATCH', { milestone: null });
    expect(await newEvents()).toEqual([]);
    await call(`/repos/alice/tagged/issues/${issue.number}/labels/enhancement`, 'DELETE');
    expect(actions(await newEvents())).toEqual(['issues.unlabeled']);
  });

  it('writes nothing when the change rolls back (an unknown milestone after new labels)', async () => {
    const issue = await call('/repos/alice/tagged/issues', 'POST', { title: 'Rollback' });
    await newEvents();
    const failed = await server.api(`/repos/alice/tagged/issues/${issue.number}`, {
      method: 'PATCH',
      token: alice.token,
      body: { labels: ['ghost'], milestone: 99 },
    });
    expect(failed.status).toBe(422);
    expect(await newEvents()).toEqual([]);
  });
});
