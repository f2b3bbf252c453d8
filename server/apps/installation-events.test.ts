// `installation` and `installation_repositories` reach the app's webhook as
// the CLI installs, changes and removes installations: signed with the app's
// secret, valid against GitHub's webhook schemas, with the repositories the
// change added or removed. The CLI runs in-process (runAppAdmin), as `wharf
// admin` would run it, without a process start per command.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAppAdmin } from '../cli/admin-apps.js';
import { schemaErrors } from '../test-support/contract-schema.js';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';
import { signature256 } from '../webhooks/signature.js';

let server: TestServer;
let owner: TestUser;
let receiver: WebhookReceiver;
const repoIds: Record<string, number> = {};

async function admin(...argv: string[]): Promise<Record<string, any>> {
  const lines: unknown[] = [];
  await runAppAdmin(server.sql, server.services.urls, argv[0] as 'create-app', argv.slice(1), (value) =>
    lines.push(value),
  );
  return lines[0] as Record<string, any>;
}

interface Delivered {
  event: string;
  payload: Record<string, any>;
}

/** Runs the command and returns the `count` deliveries it caused, checked against GitHub's schemas and signed. */
async function delivered(count: number, ...argv: string[]): Promise<{ out: Record<string, any>; events: Delivered[] }> {
  const start = receiver.received.length;
  const out = await admin(...argv);
  const requests = (await receiver.waitFor(start + count)).slice(start);
  const events = requests.map((r) => {
    expect(r.headers['x-hub-signature-256']).toBe(signature256('inst-secret', r.body));
    const payload = JSON.parse(r.body.toString('utf8')) as Record<string, any>;
    const event = r.headers['x-github-event'] as string;
    expect(githubWebhookErrors(event, payload.action, payload), `${event}.${payload.action}`).toBe('');
    // Our own description too: the history's `request.payload` is a webhook-payload.
    expect(schemaErrors('webhook-payload', payload), `${event}.${payload.action}`).toBe('');
    return { event, payload };
  });
  return { out, events };
}

const names = (list: { full_name: string }[]) => list.map((r) => r.full_name);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  owner = await server.createUser('inst-events-owner');
  receiver = await startWebhookReceiver();
  for (const name of ['one', 'two', 'three']) {
    const response = await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name } });
    repoIds[name] = ((await response.json()) as { id: number }).id;
  }
  await admin(
    'create-app',
    'inst-events-owner',
    'Install Watcher',
    '--webhook-url',
    receiver.url,
    '--webhook-secret',
    'inst-secret',
  );
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('installation events to the app', () => {
  let installationId: number;

  it('a new installation sends installation created with its repositories, though the app subscribes to nothing', async () => {
    const { out, events } = await delivered(
      1,
      'install-app',
      'install-watcher',
      'inst-events-owner',
      '--repositories',
      'one,two',
    );
    installationId = out.id;
    expect(events).toHaveLength(1);
    const [{ event, payload }] = events as [Delivered];
    expect(event).toBe('installation');
    expect(payload.action).toBe('created');
    expect(payload.installation).toMatchObject({
      id: installationId,
      app_slug: 'install-watcher',
      repository_selection: 'selected',
      account: { login: 'inst-events-owner' },
    });
    expect(names(payload.repositories)).toEqual(['inst-events-owner/one', 'inst-events-owner/two']);
    expect(payload.repositories[0].node_id).toMatch(/^R_/);
    expect(payload.sender.login).toBe('inst-events-owner');
  });

  it('changing the selected repositories sends installation_repositories added and removed', async () => {
    const { events } = await delivered(
      2,
      'install-app',
      'install-watcher',
      'inst-events-owner',
      '--repositories',
      'two,three',
    );
    const byAction = Object.fromEntries(events.map((e) => [e.payload.action, e]));
    expect(events.map((e) => e.event)).toEqual(['installation_repositories', 'installation_repositories']);
    expect(names(byAction.added!.payload.repositories_added)).toEqual(['inst-events-owner/three']);
    expect(byAction.added!.payload.repositories_removed).toEqual([]);
    expect(names(byAction.removed!.payload.repositories_removed)).toEqual(['inst-events-owner/one']);
    expect(byAction.removed!.payload.repository_selection).toBe('selected');
  });

  it('all repositories: the ones newly reached are added; re-running unchanged sends nothing', async () => {
    const { events } = await delivered(1, 'install-app', 'install-watcher', 'inst-events-owner');
    expect(events[0]!.payload).toMatchObject({ action: 'added', repository_selection: 'all' });
    expect(names(events[0]!.payload.repositories_added)).toEqual(['inst-events-owner/one']);
    const jobsBefore = await server.sql`SELECT 1 FROM webhook_jobs`;
    await admin('install-app', 'install-watcher', 'inst-events-owner');
    expect(await server.sql`SELECT 1 FROM webhook_jobs`).toHaveLength(jobsBefore.length);
  });

  it('uninstalling sends installation deleted', async () => {
    const { events } = await delivered(1, 'uninstall-app', String(installationId));
    expect(events[0]!.event).toBe('installation');
    expect(events[0]!.payload).toMatchObject({
      action: 'deleted',
      installation: { id: installationId },
      requester: null,
    });
    expect(names(events[0]!.payload.repositories)).toEqual([
      'inst-events-owner/one',
      'inst-events-owner/three',
      'inst-events-owner/two',
    ]);
  });
});

describe('wharf admin app-hook', () => {
  it('shows and changes the hook and the events, never the secret', async () => {
    const shown = await admin(
      'app-hook',
      'install-watcher',
      '--secret',
      'rotated',
      '--events',
      'push,issues',
      '--content-type',
      'form',
      '--inactive',
    );
    expect(shown).toMatchObject({
      app_slug: 'install-watcher',
      events: ['push', 'issues'],
      webhook: { url: receiver.url, content_type: 'form', insecure_ssl: '0', active: false, secret_set: true },
    });
    expect(JSON.stringify(shown)).not.toContain('rotated');
    const [row] = await server.sql<{ secret: string }[]>`SELECT secret FROM hooks WHERE id = ${shown.webhook.id}`;
    expect(row!.secret).toBe('rotated');
    const restored = await admin(
      'app-hook',
      'install-watcher',
      '--active',
      '--content-type',
      'json',
      '--secret',
      'inst-secret',
    );
    expect(restored.webhook).toMatchObject({ active: true, content_type: 'json', secret_set: true });
  });

  it('create-app prints the webhook without its secret', async () => {
    const created = await admin(
      'create-app',
      'inst-events-owner',
      'Hooked At Birth',
      '--webhook-url',
      'http://127.0.0.1:9/x',
      '--webhook-secret',
      'birth-secret',
      '--events',
      'push',
    );
    expect(created.webhook).toMatchObject({ url: 'http://127.0.0.1:9/x', active: true, secret_set: true });
    expect(JSON.stringify(created)).not.toContain('birth-secret');
  });

  it('refuses bad input with a message', async () => {
    const cases: [string[], RegExp][] = [
      [['app-hook', 'no-such-app', '--url', 'http://127.0.0.1:9/'], /no app no-such-app/],
      [['app-hook', 'hooked-at-birth', '--url', 'ftp://example.com/'], /http or https/],
      [['app-hook', 'hooked-at-birth', '--active', '--inactive'], /not both/],
      [['app-hook', 'hooked-at-birth', '--content-type', 'xml'], /json or form/],
      [['create-app', 'inst-events-owner', 'No Url', '--webhook-secret', 's'], /needs --webhook-url/],
      [['create-app', 'inst-events-owner', 'Bad Url', '--webhook-url', 'not a url'], /http or https/],
    ];
    for (const [argv, message] of cases) await expect(admin(...argv), argv.join(' ')).rejects.toThrow(message);
    // Refused before anything was written: no app without its hook.
    expect(await server.sql`SELECT 1 FROM apps WHERE slug = 'bad-url'`).toHaveLength(0);
    const plain = await admin('create-app', 'inst-events-owner', 'Plain App');
    await expect(admin('app-hook', String(plain.id), '--secret', 'x')).rejects.toThrow(/give its URL/);
  });
});
