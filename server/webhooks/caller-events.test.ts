// The `label` and `milestone` events: one per action, written with the change
// (none when the change fails or changes nothing), only to hooks subscribed to
// them, each payload valid against GitHub's schema for its event and action.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../test-support/contract-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let subscribed: number;
let pushOnly: number;

const REPO = '/repos/alice/evented';

beforeAll(async () => {
  // No dispatcher: the jobs stay in the outbox for the test to read.
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'evented' } });
  const hook = async (events: string[]) => {
    const res = await server.api(`${REPO}/hooks`, {
      method: 'POST',
      token: alice.token,
      body: { config: { url: 'https://example.com/hook' }, events },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  subscribed = await hook(['label', 'milestone']);
  pushOnly = await hook(['push']);
  newEvents = outboxReader(server, { events: ['label', 'milestone'] });
});
afterAll(() => server.close());

/** Label and milestone jobs written since the last call, checked against GitHub's schemas. */
let newEvents: () => Promise<QueuedEvent[]>;

/** The same, checked against our schema too, all alice's in alice/evented. */
async function newJobs(): Promise<QueuedEvent[]> {
  return (await newEvents()).map((job) => {
    expect(schemaErrors('webhook-payload', job.payload), `${job.event} ${job.action}`).toBe('');
    expect(job.payload.sender.login).toBe('alice');
    expect(job.payload.repository.full_name).toBe('alice/evented');
    return job;
  });
}

describe('label events', () => {
  it('created, edited (with changes), deleted; none for a refused or empty change', async () => {
    await server.api(`${REPO}/labels`, {
      method: 'POST',
      token: alice.token,
      body: { name: 'ship it', color: '00ff00' },
    });
    const [created, ...rest] = await newJobs();
    expect(rest).toEqual([]);
    expect(created).toMatchObject({
      hook_id: subscribed,
      event: 'label',
      action: 'created',
      payload: { label: { name: 'ship it', color: '00ff00', default: false } },
    });

    await server.api(`${REPO}/labels`, { method: 'POST', token: alice.token, body: { name: 'SHIP IT' } });
    await server.api(`${REPO}/labels/ship%20it`, { method: 'PATCH', token: alice.token, body: { color: '00ff00' } });
    expect(await newJobs()).toEqual([]);

    await server.api(`${REPO}/labels/ship%20it`, {
      method: 'PATCH',
      token: alice.token,
      body: { new_name: 'shipped', description: 'Done' },
    });
    const [edited] = await newJobs();
    expect(edited!.action).toBe('edited');
    expect(edited!.payload.label).toMatchObject({ name: 'shipped', description: 'Done' });
    // The description had none: GitHub's schema types every `from` as a string.
    expect(edited!.payload.changes).toEqual({ name: { from: 'ship it' }, description: { from: '' } });

    await server.api(`${REPO}/labels/shipped`, { method: 'DELETE', token: alice.token });
    const [deleted] = await newJobs();
    expect(deleted).toMatchObject({ action: 'deleted', payload: { label: { name: 'shipped' } } });
  });
});

describe('milestone events', () => {
  it('created, edited (with changes), closed, opened, deleted', async () => {
    const m = (await (
      await server.api(`${REPO}/milestones`, {
        method: 'POST',
        token: alice.token,
        body: { title: 'v1', due_on: '2030-01-01T00:00:00Z' },
      })
    ).json()) as { number: number };
    const [created] = await newJobs();
    expect(created).toMatchObject({
      event: 'milestone',
      action: 'created',
      payload: { milestone: { title: 'v1', number: m.number, state: 'open' } },
    });

    const path = `${REPO}/milestones/${m.number}`;
    await server.api(path, {
      method: 'PATCH',
      token: alice.token,
      body: { title: 'v1.0', due_on: '2030-02-01T00:00:00Z' },
    });
    const [edited, ...noMore] = await newJobs();
    expect(noMore).toEqual([]);
    expect(edited!.action).toBe('edited');
    expect(edited!.payload.changes).toEqual({ title: { from: 'v1' }, due_on: { from: '2030-01-01T00:00:00Z' } });

    // A title and a state at once: `edited`, then `closed`, as two events.
    await server.api(path, { method: 'PATCH', token: alice.token, body: { state: 'closed', description: 'Shipped' } });
    const both = await newJobs();
    expect(both.map((j) => j.action)).toEqual(['edited', 'closed']);
    expect(both[1]!.payload.milestone.closed_at).not.toBeNull();

    await server.api(path, { method: 'PATCH', token: alice.token, body: { state: 'open' } });
    const [opened] = await newJobs();
    expect(opened).toMatchObject({ action: 'opened', payload: { milestone: { state: 'open', closed_at: null } } });

    await server.api(path, { method: 'PATCH', token: alice.token, body: { state: 'open', title: 'v1.0' } });
    expect(await newJobs()).toEqual([]);

    await server.api(path, { method: 'DELETE', token: alice.token });
    const [deleted] = await newJobs();
    expect(deleted).toMatchObject({ action: 'deleted', payload: { milestone: { number: m.number } } });
  });

  it('reach only hooks subscribed to them', async () => {
    const jobs =
      await server.sql`SELECT 1 FROM webhook_jobs WHERE hook_id = ${pushOnly} AND event IN ('label', 'milestone')`;
    expect(jobs).toHaveLength(0);
  });
});
