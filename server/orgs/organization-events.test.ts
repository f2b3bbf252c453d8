// The `organization` webhook event's membership actions (issue 37): each
// change queues one job per subscribed organization hook in its own
// transaction, and every payload validates against GitHub's published
// schema for its action (outboxReader checks it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../test-support/api-call.js';
import { wharfCli } from '../test-support/cli.js';
import { ALL_SCOPES, startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let owner: TestUser;
let ivy: TestUser;
let cal: TestUser;
let hookId: number;
let events: () => Promise<QueuedEvent[]>;

const call = (path: string, token: string | undefined, init: { method?: string; body?: unknown } = {}) =>
  apiCall(server, path, { token, ...init });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('olga', { scopes: [...ALL_SCOPES, 'admin:org', 'admin:org_hook'] });
  ivy = await server.createUser('ivy', { scopes: ['repo', 'read:org'] });
  cal = await server.createUser('cal', { scopes: ['repo', 'read:org'] });
  await server.createOrg('acme', owner.id);
  const hook = await call('/orgs/acme/hooks', owner.token, {
    method: 'POST',
    body: { name: 'web', config: { url: 'https://example.com/org' }, events: ['organization'] },
  });
  expect(hook.status).toBe(201);
  hookId = hook.json.id;
  // A hook for other events gets none of these.
  await call('/orgs/acme/hooks', owner.token, {
    method: 'POST',
    body: { name: 'web', config: { url: 'https://example.com/other' }, events: ['push'] },
  });
  events = outboxReader(server, { events: ['organization'] });
});
afterAll(() => server.close());

describe('organization events', () => {
  it('member_invited: an invitation, with its invitee, to the subscribed hook only', async () => {
    const created = await call('/orgs/acme/invitations', owner.token, {
      method: 'POST',
      body: { invitee_id: ivy.id, role: 'admin' },
    });
    expect(created.status).toBe(201);
    const [event, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ hook_id: hookId, action: 'member_invited' });
    expect(event!.payload).toMatchObject({
      invitation: { id: created.json.id, login: 'ivy', role: 'admin' },
      user: { login: 'ivy' },
      organization: { login: 'acme' },
      sender: { login: 'olga' },
    });
    // An email invitation has no user; a refused one emits nothing.
    await call('/orgs/acme/invitations', owner.token, { method: 'POST', body: { email: 'x@example.org' } });
    const [byEmail] = await events();
    expect(byEmail!.payload.invitation).toMatchObject({ login: null, email: 'x@example.org' });
    expect(byEmail!.payload.user).toBeUndefined();
    expect((await call('/orgs/acme/invitations', owner.token, { method: 'POST', body: {} })).status).toBe(422);
    expect(await events()).toEqual([]);
  });

  it('member_invited for a pending membership, member_added when it is accepted', async () => {
    const set = await call('/orgs/acme/memberships/cal', owner.token, { method: 'PUT', body: { role: 'member' } });
    expect(set.json.state).toBe('pending');
    const [invited] = await events();
    expect(invited).toMatchObject({ action: 'member_invited', payload: { user: { login: 'cal' } } });
    const accepted = await call('/user/memberships/orgs/acme', cal.token, {
      method: 'PATCH',
      body: { state: 'active' },
    });
    expect(accepted.status).toBe(200);
    const [added, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(added).toMatchObject({ action: 'member_added' });
    expect(added!.payload).toMatchObject({
      membership: { state: 'active', role: 'member', user: { login: 'cal' } },
      sender: { login: 'cal' },
    });
    // Accepting again changes nothing and emits nothing.
    await call('/user/memberships/orgs/acme', cal.token, { method: 'PATCH', body: { state: 'active' } });
    expect(await events()).toEqual([]);
  });

  it('member_removed when a member is removed; nothing for a cancelled invitation', async () => {
    expect((await call('/orgs/acme/members/cal', owner.token, { method: 'DELETE' })).status).toBe(204);
    const [removed, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(removed).toMatchObject({ action: 'member_removed' });
    expect(removed!.payload).toMatchObject({
      membership: { role: 'member', user: { login: 'cal' } },
      sender: { login: 'olga' },
    });
    expect((await call('/orgs/acme/memberships/ivy', owner.token, { method: 'DELETE' })).status).toBe(204);
    expect(await events()).toEqual([]);
  });

  it('member_added and member_removed from `wharf admin`', async () => {
    await wharfCli(server, 'admin', 'add-member', 'acme', 'ivy');
    const [added] = await events();
    expect(added).toMatchObject({ action: 'member_added', payload: { membership: { user: { login: 'ivy' } } } });
    // A role change of a member is no new member.
    await wharfCli(server, 'admin', 'add-member', 'acme', 'ivy', '--role', 'admin');
    expect(await events()).toEqual([]);
    await wharfCli(server, 'admin', 'remove-member', 'acme', 'ivy');
    const [removed] = await events();
    expect(removed).toMatchObject({ action: 'member_removed', payload: { membership: { role: 'admin' } } });
  });
});
