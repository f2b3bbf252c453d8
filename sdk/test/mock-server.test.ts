// The SDK against the spec-driven mock server (`npm run mock`), as a reader
// would use it: the hook flow end to end, and a request the contract forbids.
// Every operation's documented answers, one by one, are in
// mock-every-operation.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../contract-tests/mock/mock-server.js';
import { schemaErrors } from '../../server/test-support/contract-schema.js';
import { createClient, type WharfClient } from '../src/index.js';

let mock: MockServer;
let client: WharfClient;

beforeAll(async () => {
  mock = await startMockServer();
  // The mock checks that a credential is present, not which: any token passes.
  client = createClient({ baseUrl: mock.url, token: 'ghp_mock', retry: { retries: 0 } });
});
afterAll(async () => {
  await mock?.close();
});

const owner = 'octocat';
const repo = 'Hello-World';

describe('the SDK against the mock server', () => {
  it('walks the hook flow: create, list, deliveries, one delivery, redeliver', async () => {
    const hook = await client.hooks.create({
      owner,
      repo,
      body: { config: { url: 'https://example.com/webhook', content_type: 'json' }, events: ['push'] },
    });
    expect(hook.response.status).toBe(201);
    expect(schemaErrors('hook', hook.data)).toBe('');

    const hooks = await client.hooks.list({ owner, repo });
    expect(hooks.data?.length).toBeGreaterThan(0);

    const deliveries = await client.hooks.listDeliveries({ owner, repo, hook_id: 12345678 });
    for (const entry of deliveries.data ?? []) expect(schemaErrors('hook-delivery-item', entry)).toBe('');

    const delivery = await client.hooks.getDelivery({ owner, repo, hook_id: 12345678, delivery_id: 12345678 });
    expect(schemaErrors('hook-delivery', delivery.data)).toBe('');

    const again = await client.hooks.redeliver({ owner, repo, hook_id: 12345678, delivery_id: 12345678 });
    expect(again.response.status).toBe(202);
  });

  it('answers a request the contract forbids with a validation error value, never throws', async () => {
    // Prism validates requests against the contract, as the server does: a hook without config.url.
    const invalid = await client.hooks.create({ owner, repo, body: { config: {} as { url: string } } });
    expect([400, 422]).toContain(invalid.response.status);
    expect(invalid.data).toBeUndefined();
  });
});
