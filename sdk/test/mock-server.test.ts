// The SDK against the spec-driven mock server (`npm run mock`): each call's
// answer is the contract's example and must match the operation's schema, so
// the SDK, the mock and openapi.yaml are shown to agree. Errors stay values.
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
  it('reads repositories, refs and the user, typed as the contract says', async () => {
    const repository = await client.repos.get({ owner, repo });
    expect(repository.response.status).toBe(200);
    expect(schemaErrors('full-repository', repository.data)).toBe('');
    expect(repository.data?.full_name).toBe('octocat/Hello-World');

    const ref = await client.git.getRef({ owner, repo, ref: 'heads/featureA' });
    expect(schemaErrors('git-ref', ref.data)).toBe('');

    const me = await client.users.getAuthenticated();
    expect(schemaErrors('private-user', me.data)).toBe('');
  });

  it('walks the hook flow: create, list, deliveries, one delivery, redeliver', async () => {
    const hook = await client.hooks.create({ owner, repo, body: { config: { url: 'https://example.com/webhook', content_type: 'json' }, events: ['push'] } });
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

  it('gets an installation token and lists its repositories', async () => {
    const issued = await client.apps.createInstallationAccessToken({ installation_id: 1 });
    expect(issued.response.status).toBe(201);
    expect(schemaErrors('installation-token', issued.data)).toBe('');

    // Not paginated here: the mock answers every page with the example `Link`
    // (pointing at the example host), so there is no last page to reach.
    const repos = await client.apps.listReposAccessibleToInstallation();
    expect(schemaErrors('installation-repositories', repos.data)).toBe('');
    expect(repos.data?.repositories[0]?.full_name).toBe('octocat/Hello-World');
  });

  it('returns the documented errors as values, never throws', async () => {
    const missing = await client.repos.get({ owner, repo }, { headers: { Prefer: 'code=404' } });
    expect(missing.response.status).toBe(404);
    expect(missing.data).toBeUndefined();
    expect(schemaErrors('basic-error', missing.error)).toBe('');

    // Prism validates requests against the contract, as the server does: a hook without config.url.
    const invalid = await client.hooks.create({ owner, repo, body: { config: {} as { url: string } } });
    expect([400, 422]).toContain(invalid.response.status);
    expect(invalid.data).toBeUndefined();
  });
});
