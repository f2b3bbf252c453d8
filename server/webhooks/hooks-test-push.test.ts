import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../test-support/contract-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let receiver: WebhookReceiver;
let head: string;
const hooks: Record<string, number> = {};

/** A hook created inactive, so no creation ping arrives, then activated unless asked not to. */
async function createHook(repo: string, events: string[], active = true): Promise<number> {
  const res = await server.api(`/repos/alice/${repo}/hooks`, {
    method: 'POST',
    token: alice.token,
    body: { config: { url: `${receiver.url}?repo=${repo}&events=${events.join(',')}` }, events, active: false },
  });
  expect(res.status).toBe(201);
  const { id } = await res.json();
  if (active)
    expect(
      (
        await server.api(`/repos/alice/${repo}/hooks/${id}`, {
          method: 'PATCH',
          token: alice.token,
          body: { active: true },
        })
      ).status,
    ).toBe(200);
  return id;
}

const jobsOf = async (hookId: number) =>
  (await server.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM webhook_jobs WHERE hook_id = ${hookId}`)[0]!.n;
const testPush = (repo: string, hookId: number | string, token: string | null = alice.token, base = '') =>
  server.api(`${base}/repos/alice/${repo}/hooks/${hookId}/tests`, { method: 'POST', token: token ?? undefined });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  receiver = await startWebhookReceiver();
  const repo = await (
    await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'site', auto_init: true } })
  ).json();
  head = (await server.services.git.resolveRef(repo.id, 'refs/heads/main'))!;
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
  hooks.push = await createHook('site', ['push']);
  hooks.star = await createHook('site', ['*']);
  hooks.issues = await createHook('site', ['issues']);
  hooks.empty = await createHook('empty', ['push']);
  hooks.inactive = await createHook('site', ['push'], false);
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('POST /repos/{owner}/{repo}/hooks/{hook_id}/tests', () => {
  for (const [base, hook] of [
    ['', 'push'],
    ['/api/v3', 'star'],
  ] as const) {
    it(`sends a push of the default branch head to that hook only (${hook} hook, ${base || 'root'})`, async () => {
      const start = receiver.received.length;
      const res = await testPush('site', hooks[hook]!, alice.token, base);
      expect(res.status).toBe(204);
      const [request] = (await receiver.waitFor(start + 1)).slice(start);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received.length).toBe(start + 1); // no other hook got anything
      expect(request!.headers['x-github-event']).toBe('push');
      expect(request!.headers['x-github-hook-id']).toBe(String(hooks[hook]));
      const payload = JSON.parse(request!.body.toString('utf8'));
      expect(payload).toMatchObject({
        ref: 'refs/heads/main',
        before: '0'.repeat(40),
        after: head,
        created: true,
        deleted: false,
        forced: false,
        repository: { full_name: 'alice/site' },
        sender: { login: 'alice' },
        pusher: { name: 'alice' },
        head_commit: { id: head },
        commits: [{ id: head }],
      });
      expect(schemaErrors('webhook-payload', payload)).toBe('');
    });
  }

  it('records the delivery in the hook history', async () => {
    const res = await server.api(`/repos/alice/site/hooks/${hooks.push}/deliveries`, { token: alice.token });
    expect((await res.json()).map((d: { event: string }) => d.event)).toContain('push');
  });

  it('answers 204 and sends nothing when the hook does not subscribe to push', async () => {
    expect((await testPush('site', hooks.issues!)).status).toBe(204);
    expect(await jobsOf(hooks.issues!)).toBe(0);
  });

  it('answers 204 and sends nothing to an inactive hook', async () => {
    expect((await testPush('site', hooks.inactive!)).status).toBe(204);
    expect(await jobsOf(hooks.inactive!)).toBe(0);
  });

  it('answers 204 and sends nothing when the repository is empty', async () => {
    expect((await testPush('empty', hooks.empty!)).status).toBe(204);
    expect(await jobsOf(hooks.empty!)).toBe(0);
  });

  it('needs what hooks/ping needs: 404 anonymous, 403 without admin, 404 for an unknown or malformed hook', async () => {
    expect((await testPush('site', hooks.push!, null)).status).toBe(404);
    expect((await testPush('site', hooks.push!, bob.token)).status).toBe(403);
    expect((await testPush('site', 99999999)).status).toBe(404);
    expect((await testPush('site', 'abc')).status).toBe(404);
    expect((await testPush('empty', hooks.push!)).status).toBe(404); // another repository's hook
    const readOnly = await server.tokenFor(alice.id, ['user']);
    expect((await testPush('site', hooks.push!, readOnly)).status).toBe(403);
  });
});
