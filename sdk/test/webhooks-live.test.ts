// The webhook helpers on real deliveries from a live Wharf: parseWebhook on
// what a recording receiver got (ping, create, push), parseNodeWebhook inside
// a node:http receiver whose answers Wharf records, the Fetch adapter, and a
// secret rotation (redelivery signed with the new secret, both accepted).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import {
  startWebhookReceiver,
  type ReceivedRequest,
  type WebhookReceiver,
} from '../../server/test-support/webhook-receiver.js';
import {
  createClient,
  parseFetchWebhook,
  parseNodeWebhook,
  parseWebhook,
  WebhookVerificationError,
  type ParsedWebhookEvent,
  type WharfClient,
} from '../src/index.js';
import { until } from './support/poll.js';

const SECRET = 'receiver secret';
let server: TestServer;
let alice: TestUser;
let receiver: WebhookReceiver;
let client: WharfClient;
const repo = { owner: 'alice', repo: 'hooked' };

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  alice = await server.createUser('alice');
  receiver = await startWebhookReceiver();
  client = createClient({ baseUrl: server.url, token: alice.token });
  expect(
    (await client.repos.createForAuthenticatedUser({ body: { name: 'hooked', auto_init: true } })).response.status,
  ).toBe(201);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function next(count: number): Promise<ReceivedRequest[]> {
  const start = receiver.received.length;
  return (await receiver.waitFor(start + count)).slice(start);
}

const parse = (request: ReceivedRequest, secret: string | string[] = SECRET) =>
  parseWebhook(request.headers, request.body, secret);

describe('parseWebhook on real deliveries', () => {
  let hookId: number;

  it('parses the creation ping', async () => {
    const arrived = next(1);
    hookId = (
      await client.hooks.create({
        ...repo,
        body: { config: { url: receiver.url, secret: SECRET }, events: ['push', 'create'] },
      })
    ).data!.id;
    const [request] = await arrived;
    const event = await parse(request!);
    expect(event).toMatchObject({ event: 'ping', hookId, id: request!.headers['x-github-delivery'] });
    if (event.event !== 'ping') throw new Error('expected a ping');
    expect(event.payload.hook_id).toBe(hookId);
    expect(event.payload.hook?.config.url).toBe(receiver.url);
    expect(event.payload.repository?.full_name).toBe('alice/hooked');
    await expect(parse(request!, 'not the secret')).rejects.toThrow(WebhookVerificationError);
  });

  it('parses the create and push events of a new branch', async () => {
    const main = (await client.git.getRef({ ...repo, ref: 'heads/main' })).data!;
    const arrived = next(2);
    expect(
      (await client.git.createRef({ ...repo, body: { ref: 'refs/heads/feature', sha: main.object.sha } })).response
        .status,
    ).toBe(201);
    const events = await Promise.all((await arrived).map((request) => parse(request)));
    const byName = new Map<string, ParsedWebhookEvent>(events.map((e) => [e.event, e]));
    const create = byName.get('create');
    const push = byName.get('push');
    expect(create?.event === 'create' && create.payload).toMatchObject({
      ref: 'feature',
      ref_type: 'branch',
      master_branch: 'main',
    });
    expect(push?.event === 'push' && push.payload).toMatchObject({
      ref: 'refs/heads/feature',
      after: main.object.sha,
      created: true,
      pusher: { name: 'alice' },
    });
  });

  it('accepts a redelivery signed with a rotated secret when given old and new', async () => {
    await client.hooks.update({ ...repo, hook_id: hookId, body: { config: { url: receiver.url, secret: 'rotated' } } });
    const [latest] = (await client.hooks.listDeliveries({ ...repo, hook_id: hookId })).data!;
    const arrived = next(1);
    expect((await client.hooks.redeliver({ ...repo, hook_id: hookId, delivery_id: latest!.id })).response.status).toBe(
      202,
    );
    const [request] = await arrived;
    await expect(parse(request!)).rejects.toThrow(WebhookVerificationError);
    expect(await parse(request!, [SECRET, 'rotated'])).toMatchObject({ id: latest!.guid });
    // The Fetch adapter on the same bytes.
    const asFetch = new Request('http://receiver.test/hook', {
      method: 'POST',
      headers: request!.headers as Record<string, string>,
      body: new Uint8Array(request!.body),
    });
    expect(await parseFetchWebhook(asFetch, ['rotated'])).toMatchObject({ id: latest!.guid });
  });
});

describe('parseNodeWebhook in a node:http receiver', () => {
  let node: Server;
  let url: string;
  const parsed: ParsedWebhookEvent[] = [];

  beforeAll(async () => {
    node = createServer((req, res) => {
      parseNodeWebhook(req, SECRET).then(
        (event) => (parsed.push(event), res.writeHead(204).end()),
        (error: unknown) => res.writeHead(error instanceof WebhookVerificationError ? 401 : 400).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(node.address() as { port: number }).port}/events`;
  });
  afterAll(async () => {
    node.closeAllConnections();
    await new Promise<void>((resolve) => node.close(() => resolve()));
  });

  it('accepts signed deliveries (json and form) and refuses one signed with another secret, as Wharf records', async () => {
    const good = (await client.hooks.create({ ...repo, body: { config: { url, secret: SECRET } } })).data!;
    const form = (
      await client.hooks.create({ ...repo, body: { config: { url, secret: SECRET, content_type: 'form' } } })
    ).data!;
    const bad = (await client.hooks.create({ ...repo, body: { config: { url, secret: 'someone else' } } })).data!;
    const statusOf = (hookId: number) =>
      until(async () => (await client.hooks.listDeliveries({ ...repo, hook_id: hookId })).data?.[0]?.status_code);
    expect(await statusOf(good.id)).toBe(204);
    expect(await statusOf(form.id)).toBe(204);
    expect(await statusOf(bad.id)).toBe(401);
    expect(parsed.map((e) => [e.event, e.hookId]).sort()).toEqual(
      [
        ['ping', good.id],
        ['ping', form.id],
      ].sort(),
    );
  });
});
