// The typed client against a live Wharf: resource methods and raw paths,
// errors as values (404, 422), hooks and their deliveries, redelivery, the
// API version reaching the server, the rate-limit state, and GraphQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test-support/webhook-receiver.js';
import { createClient, type WharfClient } from '../src/index.js';
import { until } from './support/poll.js';

let server: TestServer;
let alice: TestUser;
let receiver: WebhookReceiver;
let client: WharfClient;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  alice = await server.createUser('alice');
  receiver = await startWebhookReceiver();
  client = createClient({ baseUrl: server.url, token: alice.token });
  const { response } = await client.repos.createForAuthenticatedUser({ body: { name: 'typed', auto_init: true } });
  expect(response.status).toBe(201);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('typed calls', () => {
  it('gets a repository through the resource layer and through the raw path, with the same body', async () => {
    const { data, error, response } = await client.repos.get({ owner: 'alice', repo: 'typed' });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ full_name: 'alice/typed', owner: { login: 'alice' }, private: false });
    const raw = await client.GET('/repos/{owner}/{repo}', { params: { path: { owner: 'alice', repo: 'typed' } } });
    expect(raw.data?.id).toBe(data?.id);
    expect(client.rateLimit).toMatchObject({ limit: 5000, resource: 'core' });
    expect(client.rateLimit!.remaining).toBeLessThan(5000);
  });

  it('works with a base URL under /api/v3', async () => {
    const v3 = createClient({ baseUrl: `${server.url}/api/v3/`, token: alice.token });
    expect((await v3.repos.get({ owner: 'alice', repo: 'typed' })).data?.name).toBe('typed');
  });

  it('returns errors as values: 404 and 422 with GitHub bodies', async () => {
    const missing = await client.repos.get({ owner: 'alice', repo: 'no-such-repo' });
    expect(missing.data).toBeUndefined();
    expect(missing.response.status).toBe(404);
    expect(missing.error?.message).toBe('Not Found');
    const invalid = await client.hooks.create({
      owner: 'alice',
      repo: 'typed',
      body: { config: { url: 'ftp://example.com/x' } },
    });
    expect(invalid.response.status).toBe(422);
    expect(invalid.status).toBe(422);
    expect(invalid.error).toMatchObject({ message: 'Validation Failed' });
    // `status` narrows the error to the 422 body, GitHub's validation error with its `errors`.
    expect(invalid.status === 422 && invalid.error.errors?.length).toBeGreaterThan(0);
  });

  it('sends X-GitHub-Api-Version: the server refuses a version it does not support', async () => {
    const bad = await createClient({
      baseUrl: server.url,
      token: alice.token,
      apiVersion: '1999-01-01',
    }).users.getAuthenticated();
    expect(bad.response.status).toBe(400);
    const good = await client.users.getAuthenticated();
    expect(good.response.headers.get('x-github-api-version-selected')).toBe('2022-11-28');
  });
});

describe('hooks and deliveries', () => {
  it('creates a hook, lists its deliveries, redelivers one and reads it back', async () => {
    const start = receiver.received.length;
    const created = await client.hooks.create({
      owner: 'alice',
      repo: 'typed',
      body: { config: { url: receiver.url, secret: 's3cret' }, events: ['push'] },
    });
    expect(created.response.status).toBe(201);
    const hookId = created.data!.id;
    expect(created.data).toMatchObject({ active: true, events: ['push'], config: { url: receiver.url } });
    await receiver.waitFor(start + 1);

    const args = { owner: 'alice', repo: 'typed', hook_id: hookId };
    const [ping] = await until(async () => {
      const { data } = await client.hooks.listDeliveries(args);
      return data && data.length > 0 ? data : undefined;
    });
    expect(ping).toMatchObject({ event: 'ping', status_code: 200, redelivery: false });

    const redo = await client.hooks.redeliver({ ...args, delivery_id: ping!.id });
    expect(redo.response.status).toBe(202);
    const entries = await until(async () => {
      const { data } = await client.hooks.listDeliveries({ ...args, per_page: 10 });
      return data && data.length >= 2 ? data : undefined;
    });
    expect(entries[0]).toMatchObject({ guid: ping!.guid, redelivery: true });
    const detail = await client.hooks.getDelivery({ ...args, delivery_id: entries[0]!.id });
    expect(detail.data?.request.payload).toMatchObject({ hook_id: hookId, zen: expect.any(String) });
  });

  it('redelivering an unknown delivery is a 404 value', async () => {
    const hook = await client.hooks.create({
      owner: 'alice',
      repo: 'typed',
      body: { config: { url: receiver.url }, active: false },
    });
    const { error, response } = await client.hooks.redeliver({
      owner: 'alice',
      repo: 'typed',
      hook_id: hook.data!.id,
      delivery_id: 999_999_999,
    });
    expect(response.status).toBe(404);
    expect(error?.message).toBe('Not Found');
  });
});

describe('GraphQL', () => {
  it('runs a raw query at {root}/api/graphql, also from an /api/v3 base URL', async () => {
    for (const baseUrl of [server.url, `${server.url}/api/v3`]) {
      const gql = createClient({ baseUrl, token: alice.token });
      const { data, errors } = await gql.graphql<{ viewer: { login: string } }>('query { viewer { login } }');
      expect(errors).toBeUndefined();
      expect(data?.viewer.login).toBe('alice');
    }
    const { errors } = await client.graphql('query { nope }');
    expect(errors?.[0]?.message).toMatch(/nope/);
  });

  it('resolves node IDs to typed nodes, null for unknown ones, and reports HTTP failures as errors', async () => {
    const repo = (await client.repos.get({ owner: 'alice', repo: 'typed' })).data!;
    const one = await client.node(repo.node_id);
    expect(one.data).toMatchObject({
      __typename: 'Repository',
      nameWithOwner: 'alice/typed',
      databaseId: repo.id,
      owner: { login: 'alice' },
    });
    if (one.data?.__typename === 'Repository') expect(one.data.defaultBranchRef?.name).toBe('main');
    const many = await client.nodes([repo.owner.node_id, 'R_doesnotexist', repo.node_id]);
    expect(many.data?.map((n) => n?.__typename ?? null)).toEqual(['User', null, 'Repository']);
    const anonymous = await createClient({ baseUrl: server.url, token: 'ghp_not_a_real_token' }).node(repo.node_id);
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.errors?.[0]?.message).toMatch(/credentials|authentication/i);
  });
});
