// A Wharf started with WHARF_VENDOR=Acme reads `X-Acme-Api-Version` and sends
// `X-Acme-Event`/`X-Acme-Delivery`: the SDK's `vendor` option speaks that
// dialect, for calls and for received deliveries alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test-support/webhook-receiver.js';
import { createClient, parseWebhook, WebhookPayloadError, type WharfClient } from '../src/index.js';

const SECRET = 'acme secret';
let server: TestServer;
let alice: TestUser;
let receiver: WebhookReceiver;
let client: WharfClient;
const repo = { owner: 'alice', repo: 'anvils' };

beforeAll(async () => {
  server = await startTestServer({
    WHARF_VENDOR: 'Acme',
    WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback',
    WHARF_WEBHOOK_RETRY_SCHEDULE: 'none',
  });
  alice = await server.createUser('alice');
  receiver = await startWebhookReceiver();
  client = createClient({ baseUrl: server.url, token: alice.token, vendor: 'Acme' });
  expect((await client.repos.createForAuthenticatedUser({ body: { name: 'anvils' } })).response.status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('the vendor option', () => {
  it('sends the API version in the header the server reads', async () => {
    const fine = await client.users.getAuthenticated();
    expect(fine.response.status).toBe(200);
    expect(fine.response.headers.get('x-acme-api-version-selected')).toBe('2022-11-28');

    // The server answers 400 to a version it does not support, which shows it read the header.
    const unsupported = createClient({
      baseUrl: server.url,
      token: alice.token,
      vendor: 'Acme',
      apiVersion: '1999-01-01',
    });
    const refused = await unsupported.users.getAuthenticated();
    expect(refused.response.status).toBe(400);
    expect(refused.error?.message).toContain('X-Acme-Api-Version');

    // Without the option the version travels as X-GitHub-Api-Version, which an Acme server never reads.
    const unaware = createClient({ baseUrl: server.url, token: alice.token, apiVersion: '1999-01-01' });
    expect((await unaware.users.getAuthenticated()).response.status).toBe(200);
  });

  it('parses deliveries signed under the vendor headers', async () => {
    const arrived = receiver.waitFor(1);
    const created = await client.hooks.create({
      ...repo,
      body: { config: { url: receiver.url, secret: SECRET }, events: ['push'] },
    });
    expect(created.response.status).toBe(201);
    const [ping] = await arrived;
    expect(ping!.headers['x-acme-event']).toBe('ping');

    const event = await parseWebhook(ping!.headers, ping!.body, SECRET, { vendor: 'Acme' });
    expect(event).toMatchObject({ event: 'ping', id: ping!.headers['x-acme-delivery'], hookId: created.data!.id });
    await expect(parseWebhook(ping!.headers, ping!.body, SECRET)).rejects.toThrow(
      new WebhookPayloadError('missing X-GitHub-Event header'),
    );
  });

  it('refuses a vendor word no server would accept, before any request', async () => {
    expect(() => createClient({ baseUrl: server.url, vendor: 'Acme Corp' })).toThrow(TypeError);
    await expect(parseWebhook({}, '{}', SECRET, { vendor: 'x-acme' })).rejects.toThrow(TypeError);
  });
});
