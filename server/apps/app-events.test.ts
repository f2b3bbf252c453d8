// emitAppEvent: an app's webhook gets the events it subscribes to (and the
// always-sent ones), signed with the app's secret, through the repository
// hooks' outbox and dispatcher; nothing when the hook is inactive, and the
// hook goes with its app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test-support/cli.js';
import { signature256 } from '../webhooks/signature.js';
import { createTestApp, type TestApp } from '../test-support/apps.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { emitAppEvent, type AppEvent } from './app-events.js';
import { findAppHook, setAppHook } from './app-hooks/app-hooks-store.js';

let server: TestServer;
let owner: TestUser;
let receiver: WebhookReceiver;
let app: TestApp;

const emit = (e: Partial<AppEvent> & { event: string }) =>
  server.sql.begin((tx) =>
    emitAppEvent(tx, {
      appId: app.app.id,
      installationId: null,
      repositoryId: null,
      action: null,
      payload: { hello: e.event },
      ...e,
    }),
  );

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  owner = await server.createUser('app-events-owner');
  receiver = await startWebhookReceiver();
  app = await createTestApp(server, owner.id, 'Events Bot', { checks: 'write' }, ['push', 'check_run']);
  await server.sql.begin((tx) => setAppHook(tx, app.app.id, { url: receiver.url, secret: 'app-secret' }));
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('emitAppEvent', () => {
  it("delivers a subscribed event, signed with the app hook's secret and naming the app as target", async () => {
    const start = receiver.received.length;
    expect(await emit({ event: 'push', installationId: 7, repositoryId: 9, payload: { ref: 'refs/heads/main' } })).toBe(
      1,
    );
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    expect(request!.headers['x-github-event']).toBe('push');
    expect(request!.headers['x-hub-signature-256']).toBe(signature256('app-secret', request!.body));
    expect(request!.headers['x-github-hook-installation-target-type']).toBe('integration');
    expect(request!.headers['x-github-hook-installation-target-id']).toBe(String(app.app.id));
    expect(JSON.parse(request!.body.toString('utf8'))).toEqual({ ref: 'refs/heads/main' });
    // The history entry is written once the attempt ends, just after the receiver answered.
    const [entry] = await eventually(
      () => server.sql<{ installation_id: number; repository_id: number }[]>`
      SELECT d.installation_id, d.repository_id FROM webhook_deliveries d JOIN hooks h ON h.id = d.hook_id
      WHERE h.app_id = ${app.app.id} AND d.guid = ${request!.headers['x-github-delivery'] as string}`,
      (rows) => rows.length > 0,
      30_000,
    );
    expect(entry).toEqual({ installation_id: 7, repository_id: 9 });
  });

  it('writes nothing for an event the app does not subscribe to, unless it is always sent', async () => {
    expect(await emit({ event: 'issues', action: 'opened' })).toBe(0);
    const start = receiver.received.length;
    expect(await emit({ event: 'installation', action: 'created', subscribedOnly: false })).toBe(1);
    const [request] = (await receiver.waitFor(start + 1)).slice(start);
    expect(request!.headers['x-github-event']).toBe('installation');
  });

  it("writes in the caller's transaction: a rollback leaves no job", async () => {
    const before = await server.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM webhook_jobs`;
    await expect(
      server.sql.begin(async (tx) => {
        expect(
          await emitAppEvent(tx, {
            appId: app.app.id,
            installationId: null,
            repositoryId: null,
            event: 'push',
            action: null,
            payload: {},
          }),
        ).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await server.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM webhook_jobs`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('writes nothing while the hook is inactive, or for an app without a hook', async () => {
    await server.sql.begin((tx) => setAppHook(tx, app.app.id, { active: false }));
    expect(await emit({ event: 'push' })).toBe(0);
    expect(await emit({ event: 'installation', subscribedOnly: false })).toBe(0);
    await server.sql.begin((tx) => setAppHook(tx, app.app.id, { active: true }));
    const other = await createTestApp(server, owner.id, 'No Hook Bot', {}, ['push']);
    expect(
      await server.sql.begin((tx) =>
        emitAppEvent(tx, {
          appId: other.app.id,
          installationId: null,
          repositoryId: null,
          event: 'push',
          action: null,
          payload: {},
        }),
      ),
    ).toBe(0);
  });

  it('keeps one hook per app, and deleting the app deletes its hook', async () => {
    const doomed = await createTestApp(server, owner.id, 'Doomed Bot');
    const first = await server.sql.begin((tx) =>
      setAppHook(tx, doomed.app.id, { url: 'http://127.0.0.1:9/a', secret: 's' }),
    );
    const second = await server.sql.begin((tx) => setAppHook(tx, doomed.app.id, { url: 'http://127.0.0.1:9/b' }));
    expect(second).toMatchObject({ id: first.id, url: 'http://127.0.0.1:9/b', secret: 's' });
    await expect(
      server.sql`INSERT INTO hooks (app_id, events, url) VALUES (${doomed.app.id}, '{}', 'http://x.test/')`,
    ).rejects.toThrow(/hooks_app_key/);
    await server.sql`DELETE FROM apps WHERE id = ${doomed.app.id}`;
    expect(await findAppHook(server.sql, doomed.app.id)).toBeNull();
    expect(await server.sql`SELECT 1 FROM hooks WHERE id = ${first.id}`).toHaveLength(0);
  });

  it('refuses a hook with both or neither of a repository and an app', async () => {
    await expect(server.sql`INSERT INTO hooks (events, url) VALUES ('{}', 'http://x.test/')`).rejects.toThrow(
      /hooks_one_owner/,
    );
  });
});
