// The organization webhook operations: owners only (everyone else 404, even
// members), `admin:org_hook` for tokens and `organization_hooks` for apps,
// bodies in GitHub's shapes, the secret in no response and no log line, and
// the history shared with repository hooks (ping, list, get, redeliver).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiOk } from '../../test-support/api-call.js';
import { installationTokenFor } from '../../test-support/apps.js';
import { githubResponseErrors } from '../../test-support/github-schema.js';
import { ALL_SCOPES, startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

const SECRET = 'org-hook-secret-5d41402abc';
const HOOKS = '/orgs/acme/hooks';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let ownerToken: string;
const bodies: string[] = [];

async function call(path: string, options: Parameters<typeof apiCall>[2] = {}) {
  const answer = await apiCall(server, path, { token: ownerToken, ...options });
  bodies.push(JSON.stringify(answer.json ?? null));
  return answer;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off', WHARF_LOG_LEVEL: 'debug' });
  owner = await server.createUser('olivia');
  member = await server.createUser('mike', { scopes: [...ALL_SCOPES, 'admin:org_hook'] });
  outsider = await server.createUser('oscar', { scopes: [...ALL_SCOPES, 'admin:org_hook'] });
  ownerToken = await server.tokenFor(owner.id, [...ALL_SCOPES, 'admin:org_hook']);
  const org = await server.createOrg('acme', owner.id);
  await server.services.accounts.addMember(org.id, member.id, 'member');
});
afterAll(() => server.close());

describe('organization hooks', () => {
  let hookId: number;

  it('creates a hook (201, Location, GitHub org-hook shape, secret masked) and pings it', async () => {
    const created = await call(HOOKS, {
      method: 'POST',
      body: {
        name: 'web',
        config: { url: 'https://example.com/org', secret: SECRET, insecure_ssl: 0 },
        events: ['push', 'issues'],
      },
    });
    expect(created.status).toBe(201);
    expect(githubResponseErrors('orgs/create-webhook', 201, created.json)).toBe('');
    hookId = created.json.id;
    expect(created.res.headers.get('location')).toBe(created.json.url);
    expect(created.json).toMatchObject({
      type: 'Organization',
      name: 'web',
      active: true,
      events: ['push', 'issues'],
      config: { url: 'https://example.com/org', content_type: 'json', insecure_ssl: '0', secret: '********' },
    });
    expect(created.json.url).toMatch(new RegExp(`/orgs/acme/hooks/${hookId}$`));
    const [ping] = await server.sql<{ event: string; payload: string; repository_id: number | null }[]>`
      SELECT event, payload, repository_id FROM webhook_jobs WHERE hook_id = ${hookId}`;
    expect(ping).toMatchObject({ event: 'ping', repository_id: null });
    const payload = JSON.parse(ping!.payload);
    expect(payload.organization.login).toBe('acme');
    expect(payload.hook.id).toBe(hookId);
  });

  it('lists, gets, updates and reads the config', async () => {
    const list = await call(HOOKS);
    expect(list.status).toBe(200);
    expect(githubResponseErrors('orgs/list-webhooks', 200, list.json)).toBe('');
    expect(list.json.map((h: { id: number }) => h.id)).toEqual([hookId]);
    const got = await call(`${HOOKS}/${hookId}`);
    expect(githubResponseErrors('orgs/get-webhook', 200, got.json)).toBe('');
    const patched = await call(`${HOOKS}/${hookId}`, {
      method: 'PATCH',
      body: { events: ['*'], config: { url: 'https://example.com/org2' } },
    });
    expect(patched.status).toBe(200);
    expect(githubResponseErrors('orgs/update-webhook', 200, patched.json)).toBe('');
    // A config with only `url` keeps the secret.
    expect(patched.json).toMatchObject({
      events: ['*'],
      config: { url: 'https://example.com/org2', secret: '********' },
    });
    const config = await call(`${HOOKS}/${hookId}/config`);
    expect(githubResponseErrors('orgs/get-webhook-config-for-org', 200, config.json)).toBe('');
    expect(config.json).toEqual({
      url: 'https://example.com/org2',
      content_type: 'json',
      insecure_ssl: '0',
      secret: '********',
    });
    const changed = await call(`${HOOKS}/${hookId}/config`, { method: 'PATCH', body: { content_type: 'form' } });
    expect(githubResponseErrors('orgs/update-webhook-config-for-org', 200, changed.json)).toBe('');
    expect(changed.json).toMatchObject({ url: 'https://example.com/org2', content_type: 'form', secret: '********' });
    const [row] = await server.sql<{ secret: string }[]>`SELECT secret FROM hooks WHERE id = ${hookId}`;
    expect(row!.secret).toBe(SECRET);
  });

  it('refuses bad input with 422 and errors[]', async () => {
    const bad = await call(HOOKS, { method: 'POST', body: { name: 'web', config: { url: 'ftp://example.com' } } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.length).toBeGreaterThan(0);
    const noName = await call(HOOKS, { method: 'POST', body: { config: { url: 'https://example.com' } } });
    expect(noName.status).toBe(422);
    const badEvent = await call(`${HOOKS}/${hookId}`, { method: 'PATCH', body: { events: ['nope'] } });
    expect(badEvent.status).toBe(422);
  });

  it('is 404 to members, outsiders and anonymous callers; 403 for an owner token without admin:org_hook', async () => {
    for (const token of [member.token, outsider.token, undefined]) {
      expect((await apiCall(server, HOOKS, { token })).status).toBe(404);
      expect((await apiCall(server, `${HOOKS}/${hookId}`, { token })).status).toBe(404);
      expect(
        (
          await apiCall(server, HOOKS, {
            token,
            method: 'POST',
            body: { name: 'web', config: { url: 'https://x.example' } },
          })
        ).status,
      ).toBe(404);
    }
    expect((await apiCall(server, HOOKS, { token: owner.token })).status).toBe(403);
    expect((await call('/orgs/nobody-here/hooks')).status).toBe(404);
    expect((await call(`/orgs/${owner.login}/hooks`)).status).toBe(404);
    expect((await call(`${HOOKS}/999999`)).status).toBe(404);
    // A repository hook id is not one of the organization's.
    const repo = await server.createRepo(ownerToken, { name: 'mine' });
    const repoHook = await apiOk(server, `/repos/${repo.full_name}/hooks`, {
      method: 'POST',
      token: ownerToken,
      body: { config: { url: 'https://example.com/r' } },
    });
    expect((await call(`${HOOKS}/${repoHook.id}`)).status).toBe(404);
    expect((await apiCall(server, `/repos/${repo.full_name}/hooks/${hookId}`, { token: ownerToken })).status).toBe(404);
  });

  it('answers installation tokens of an app installed on the organization with organization_hooks', async () => {
    const [org] = await server.sql<{ id: number }[]>`SELECT id FROM accounts WHERE login = 'acme'`;
    const reader = await installationTokenFor(server, org!.id, 'hook-reader', { organization_hooks: 'read' });
    expect((await apiCall(server, HOOKS, { token: reader })).status).toBe(200);
    const write = await apiCall(server, HOOKS, {
      token: reader,
      method: 'POST',
      body: { name: 'web', config: { url: 'https://x.example' } },
    });
    expect(write.status).toBe(403);
    const without = await installationTokenFor(server, org!.id, 'no-hooks', { members: 'read' });
    expect((await apiCall(server, HOOKS, { token: without })).status).toBe(403);
    // Installed elsewhere: the organization's hooks are not its business.
    const elsewhere = await installationTokenFor(server, owner.id, 'elsewhere', { organization_hooks: 'write' });
    expect((await apiCall(server, HOOKS, { token: elsewhere })).status).toBe(404);
  });

  it('shares the history: ping, list deliveries, get one, redeliver it', async () => {
    expect((await call(`${HOOKS}/${hookId}/pings`, { method: 'POST' })).status).toBe(204);
    // No dispatcher here: record an ended attempt of the queued ping as the dispatcher would.
    const [job] = await server.sql<{ id: number; guid: string; payload: string }[]>`
      SELECT id, guid, payload FROM webhook_jobs WHERE hook_id = ${hookId} ORDER BY id DESC LIMIT 1`;
    await server.sql`INSERT INTO webhook_deliveries (job_id, hook_id, guid, event, action, redelivery, url, repository_id,
        installation_id, delivered_at, duration, status, status_code, request_headers, request_payload, response_headers, response_payload)
      VALUES (${job!.id}, ${hookId}, ${job!.guid}, 'ping', NULL, false, 'https://example.com/org2', NULL, NULL, now(), 0.1, 'OK', 200,
        '{}'::jsonb, ${job!.payload}, '{}'::jsonb, 'ok')`;
    const list = await call(`${HOOKS}/${hookId}/deliveries?per_page=1`);
    expect(list.status).toBe(200);
    expect(githubResponseErrors('orgs/list-webhook-deliveries', 200, list.json)).toBe('');
    const deliveryId = list.json[0].id;
    const one = await call(`${HOOKS}/${hookId}/deliveries/${deliveryId}`);
    expect(githubResponseErrors('orgs/get-webhook-delivery', 200, one.json)).toBe('');
    expect(one.json).toMatchObject({ event: 'ping', repository_id: null, request: { payload: { hook_id: hookId } } });
    expect((await call(`${HOOKS}/${hookId}/deliveries/${deliveryId}/attempts`, { method: 'POST' })).status).toBe(202);
    const [again] = await server.sql<{ redelivery: boolean; guid: string }[]>`
      SELECT redelivery, guid FROM webhook_jobs WHERE hook_id = ${hookId} ORDER BY id DESC LIMIT 1`;
    expect(again).toEqual({ redelivery: true, guid: job!.guid });
    expect((await call(`${HOOKS}/${hookId}/deliveries/999999`)).status).toBe(404);
  });

  it('deletes the hook (204, then 404)', async () => {
    expect((await call(`${HOOKS}/${hookId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`${HOOKS}/${hookId}`)).status).toBe(404);
    expect((await call(`${HOOKS}/${hookId}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('never shows the secret in a response body or a log line', () => {
    expect(bodies.join('\n')).not.toContain(SECRET);
    expect(server.logs.join('\n')).not.toContain(SECRET);
  });
});
