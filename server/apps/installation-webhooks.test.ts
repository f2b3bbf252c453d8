// Events caused by an installation token's calls name the installation: the
// payload carries `installation: {id, node_id}` and the app's bot as sender,
// the history entry carries `installation_id`. Events caused by a user do not.
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../test-support/contract-schema.js';
import { eventually } from '../test-support/cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../test-support/apps.js';

const REPO = '/repos/hook-owner/watched';

let server: TestServer;
let owner: TestUser;
let receiver: WebhookReceiver;
let app: TestApp;
let installationId: number;
let appToken: string;
let hookId: number;
let mainSha: string;

interface Delivered {
  event: string;
  payload: Record<string, any>;
}

async function deliveriesOf(count: number, act: () => Promise<Response>): Promise<Delivered[]> {
  const start = receiver.received.length;
  const response = await act();
  expect(response.status).toBeLessThan(300);
  const requests = (await receiver.waitFor(start + count)).slice(start);
  return requests.map((r) => ({
    event: r.headers['x-github-event'] as string,
    payload: JSON.parse(r.body.toString('utf8')),
  }));
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  owner = await server.createUser('hook-owner');
  receiver = await startWebhookReceiver();
  const created = await server.api('/user/repos', {
    method: 'POST',
    token: owner.token,
    body: { name: 'watched', auto_init: true },
  });
  const repoId = ((await created.json()) as { id: number }).id;
  mainSha = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
  const hook = await server.api(`${REPO}/hooks`, {
    method: 'POST',
    token: owner.token,
    body: { config: { url: receiver.url }, events: ['*'], active: false },
  });
  hookId = ((await hook.json()) as { id: number }).id;
  await server.api(`${REPO}/hooks/${hookId}`, { method: 'PATCH', token: owner.token, body: { active: true } });
  app = await createTestApp(server, owner.id, 'Hook Bot');
  installationId = (await installTestApp(server, app.app, owner.id)).id;
  const issued = await requestInstallationToken(
    server,
    await appJwt(app, Math.floor(Date.now() / 1000)),
    installationId,
  );
  appToken = issued.body.token as string;
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('events caused with an installation token', () => {
  it("carry installation {id, node_id} and the app's bot as sender", async () => {
    const delivered = await deliveriesOf(2, () =>
      server.api(`${REPO}/git/refs`, {
        method: 'POST',
        token: appToken,
        body: { ref: 'refs/heads/from-app', sha: mainSha },
      }),
    );
    expect(delivered.map((d) => d.event).sort()).toEqual(['create', 'push']);
    for (const { event, payload } of delivered) {
      expect(payload.installation, event).toEqual({ id: installationId, node_id: expect.stringMatching(/^IN_/) });
      expect(payload.sender).toMatchObject({
        login: 'hook-bot[bot]',
        type: 'Bot',
        node_id: expect.stringMatching(/^BOT_/),
      });
      expect(schemaErrors('webhook-payload', payload), event).toBe('');
      expect(githubWebhookErrors(event, payload.action, payload), event).toBe('');
    }
    expect(delivered.find((d) => d.event === 'push')!.payload.pusher.name).toBe('hook-bot[bot]');
  });

  it('record installation_id in the delivery history', async () => {
    // An entry is written once its attempt has ended, which may be just after the receiver has the request.
    const refEvents = async () => {
      const list = await server.api(`${REPO}/hooks/${hookId}/deliveries`, { token: owner.token });
      return ((await list.json()) as { event: string; installation_id: number | null }[]).filter(
        (e) => e.event === 'create' || e.event === 'push',
      );
    };
    const fromApp = await eventually(refEvents, (entries) => entries.length >= 2);
    expect(fromApp).toHaveLength(2);
    expect(fromApp.every((e) => e.installation_id === installationId)).toBe(true);
  });

  it('a ping asked for by the app names the installation too', async () => {
    const [ping] = await deliveriesOf(1, () =>
      server.api(`${REPO}/hooks/${hookId}/pings`, { method: 'POST', token: appToken }),
    );
    expect(ping!.payload.installation.id).toBe(installationId);
  });
});

describe('events caused by a user', () => {
  it('carry no installation, and their history entries installation_id null', async () => {
    const before = await eventually(
      async () =>
        (await (await server.api(`${REPO}/hooks/${hookId}/deliveries`, { token: owner.token })).json()) as {
          id: number;
          event: string;
        }[],
      (entries) => entries.some((e) => e.event === 'ping'),
    );
    const lastAppEntry = Math.max(...before.map((e) => e.id));
    const delivered = await deliveriesOf(2, () =>
      server.api(`${REPO}/git/refs`, {
        method: 'POST',
        token: owner.token,
        body: { ref: 'refs/heads/from-user', sha: mainSha },
      }),
    );
    for (const { payload } of delivered) {
      expect(payload).not.toHaveProperty('installation');
      expect(payload.sender.login).toBe('hook-owner');
    }
    const userBranchEntries = async () => {
      const list = await server.api(`${REPO}/hooks/${hookId}/deliveries`, { token: owner.token });
      const entries = (await list.json()) as { id: number; installation_id: number | null }[];
      return entries.filter((e) => e.id > lastAppEntry);
    };
    const latest = await eventually(userBranchEntries, (entries) => entries.length >= 2);
    expect(latest.map((e) => e.installation_id)).toEqual([null, null]);
  });
});
