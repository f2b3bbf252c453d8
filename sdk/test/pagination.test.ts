// client.paginate against a live Wharf: page-number links (by resource method
// and by path), a list wrapped in an object (GET /installation/repositories),
// cursor links (hook deliveries), and an error result thrown as
// WharfRequestError with its status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../../server/test-support/apps.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/test-support/webhook-receiver.js';
import { createClient, WharfRequestError, type WharfClient } from '../src/index.js';
import { until } from './support/poll.js';

let server: TestServer;
let owner: TestUser;
let receiver: WebhookReceiver;
let client: WharfClient;
const NAMES = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'];

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  owner = await server.createUser('pager');
  receiver = await startWebhookReceiver();
  client = createClient({ baseUrl: server.url, token: owner.token });
  for (const name of NAMES)
    expect((await client.repos.createForAuthenticatedUser({ body: { name } })).response.status).toBe(201);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Counts the requests a client sends, through its `fetch` option. */
function counting(token: string) {
  const sent: string[] = [];
  const counted = createClient({
    baseUrl: server.url,
    token,
    fetch: (request) => (sent.push(request.url), fetch(request)),
  });
  return { counted, sent };
}

describe('page-number links', () => {
  it('yields every repository exactly once across pages of 2, by resource method', async () => {
    const { counted, sent } = counting(owner.token);
    const repos = await collect(counted.paginate(counted.repos.listForAuthenticatedUser, { per_page: 2 }));
    expect(repos.map((r) => r.name).sort()).toEqual(NAMES);
    expect(sent).toHaveLength(4);
    expect(new URL(sent[3]!).searchParams.get('page')).toBe('4');
  });

  it('does the same by path, keeping the query of the next link (sort order included)', async () => {
    const repos = await collect(
      client.paginate('/user/repos', { params: { query: { per_page: 2, sort: 'full_name', direction: 'asc' } } }),
    );
    expect(repos.map((r) => r.name)).toEqual(NAMES);
  });
});

describe('a list wrapped in an object', () => {
  it('yields the repositories of GET /installation/repositories', async () => {
    const app = await createTestApp(server, owner.id, 'pager-app');
    const installation = await installTestApp(server, app.app, owner.id);
    const token = await requestInstallationToken(
      server,
      await appJwt(app, Math.floor(Date.now() / 1000)),
      installation.id,
    );
    expect(token.status).toBe(201);
    const bot = createClient({ baseUrl: server.url, token: token.body.token as string });
    const repos = await collect(bot.paginate(bot.apps.listReposAccessibleToInstallation, { per_page: 3 }));
    expect(repos.map((r) => r.full_name).sort()).toEqual(NAMES.map((n) => `pager/${n}`));
  });
});

describe('cursor links', () => {
  it("follows the hook deliveries' cursor: every delivery once, newest first", async () => {
    const hook = (await client.hooks.create({ owner: 'pager', repo: 'r1', body: { config: { url: receiver.url } } }))
      .data!;
    const args = { owner: 'pager', repo: 'r1', hook_id: hook.id };
    for (let i = 0; i < 4; i++) expect((await client.hooks.ping(args)).response.status).toBe(204);
    const all = await until(async () => {
      const { data } = await client.hooks.listDeliveries({ ...args, per_page: 100 });
      return data && data.length >= 5 ? data : undefined;
    });
    const { counted, sent } = counting(owner.token);
    const paged = await collect(counted.paginate(counted.hooks.listDeliveries, { ...args, per_page: 2 }));
    expect(paged.map((d) => d.id)).toEqual(all.map((d) => d.id));
    expect(sent).toHaveLength(3);
    expect(new URL(sent[1]!).searchParams.get('cursor')).toBeTruthy();
  });
});

describe('errors', () => {
  it('throws WharfRequestError with the status and GitHub body when a page fails', async () => {
    const failing = client.paginate(client.hooks.listDeliveries, { owner: 'pager', repo: 'nope', hook_id: 1 });
    const error = await collect(failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WharfRequestError);
    expect(error).toMatchObject({ status: 404, body: { message: 'Not Found' } });
    const anonymous = createClient({ baseUrl: server.url });
    await expect(collect(anonymous.paginate('/user/repos'))).rejects.toMatchObject({
      name: 'WharfRequestError',
      status: 401,
    });
  });
});
