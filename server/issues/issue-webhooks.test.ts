// The `issues` and `issue_comment` events: written to the outbox with their
// change, one per action in a fixed order, each payload valid against
// GitHub's published schema for its event and action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
/** Events queued since the last call, each checked against GitHub's schema. */
let newEvents: () => Promise<QueuedEvent[]>;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  const repositoryId = await hookedRepository(server, alice, 'hooked', ['issues', 'issue_comment']);
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repositoryId}, ${bob.id}, 'write')`;
  newEvents = outboxReader(server, { repositoryIds: [repositoryId] });
});
afterAll(() => server.close());

const call = (path: string, method: string, body?: unknown, token = alice.token) =>
  apiOk(server, path, { method, body, token });

describe('issues events', () => {
  it('opened, then assigned for each assignee', async () => {
    const issue = await call('/repos/alice/hooked/issues', 'POST', {
      title: 'Hooked',
      body: 'text',
      assignees: ['bob', 'alice'],
    });
    const events = await newEvents();
    expect(actions(events)).toEqual(['issues.opened', 'issues.assigned', 'issues.assigned']);
    expect(events.map((e) => e.payload.assignee?.login)).toEqual([undefined, 'bob', 'alice']);
    expect(events[0]!.payload).toMatchObject({
      issue: { number: issue.number, title: 'Hooked' },
      repository: { full_name: 'alice/hooked' },
      sender: { login: 'alice' },
    });
  });

  it('one PATCH emits edited (with changes), unassigned/assigned, then closed — in that order', async () => {
    const issue = await call('/repos/alice/hooked/issues', 'POST', {
      title: 'Before',
      body: 'old body',
      assignees: ['bob'],
    });
    await newEvents();
    await call(`/repos/alice/hooked/issues/${issue.number}`, 'PATCH', {
      title: 'After',
      body: 'new body',
      assignees: ['alice'],
      state: 'closed',
    });
    const events = await newEvents();
    expect(actions(events)).toEqual(['issues.edited', 'issues.unassigned', 'issues.assigned', 'issues.closed']);
    expect(events[0]!.payload.changes).toEqual({ title: { from: 'Before' }, body: { from: 'old body' } });
    expect(events[3]!.payload.issue).toMatchObject({ state: 'closed', state_reason: 'completed', title: 'After' });
    await call(`/repos/alice/hooked/issues/${issue.number}`, 'PATCH', { state: 'open' });
    expect(actions(await newEvents())).toEqual(['issues.reopened']);
    // Nothing changed, nothing emitted.
    await call(`/repos/alice/hooked/issues/${issue.number}`, 'PATCH', { title: 'After' });
    expect(await newEvents()).toEqual([]);
  });

  it('locked and unlocked, assignees endpoints, by a collaborator', async () => {
    const issue = await call('/repos/alice/hooked/issues', 'POST', { title: 'Lockable' });
    await newEvents();
    await call(`/repos/alice/hooked/issues/${issue.number}/lock`, 'PUT', { lock_reason: 'spam' }, bob.token);
    await call(`/repos/alice/hooked/issues/${issue.number}/assignees`, 'POST', { assignees: ['bob'] }, bob.token);
    await call(`/repos/alice/hooked/issues/${issue.number}/assignees`, 'DELETE', { assignees: ['bob'] }, bob.token);
    await call(`/repos/alice/hooked/issues/${issue.number}/lock`, 'DELETE', undefined, bob.token);
    const events = await newEvents();
    expect(actions(events)).toEqual(['issues.locked', 'issues.assigned', 'issues.unassigned', 'issues.unlocked']);
    expect(events[0]!.payload.issue).toMatchObject({ locked: true, active_lock_reason: 'spam' });
    expect(events.every((e) => e.payload.sender.login === 'bob')).toBe(true);
  });
});

describe('issue_comment events', () => {
  it('created, edited (with changes) and deleted', async () => {
    const issue = await call('/repos/alice/hooked/issues', 'POST', { title: 'Commented' });
    await newEvents();
    const comment = await call(
      `/repos/alice/hooked/issues/${issue.number}/comments`,
      'POST',
      { body: 'hello' },
      bob.token,
    );
    await call(`/repos/alice/hooked/issues/comments/${comment.id}`, 'PATCH', { body: 'hello, edited' }, bob.token);
    await call(`/repos/alice/hooked/issues/comments/${comment.id}`, 'DELETE', undefined, alice.token);
    const events = await newEvents();
    expect(actions(events)).toEqual(['issue_comment.created', 'issue_comment.edited', 'issue_comment.deleted']);
    expect(events[0]!.payload).toMatchObject({
      comment: { id: comment.id, body: 'hello' },
      issue: { number: issue.number, comments: 1 },
    });
    expect(events[1]!.payload.changes).toEqual({ body: { from: 'hello' } });
    expect(events[2]!.payload).toMatchObject({
      comment: { id: comment.id },
      issue: { comments: 0 },
      sender: { login: 'alice' },
    });
  });

  it('writes nothing when the change rolls back', async () => {
    const failed = await server.api('/repos/alice/hooked/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'x', assignees: ['nobody'] },
    });
    expect(failed.status).toBe(422);
    expect(await newEvents()).toEqual([]);
  });
});
