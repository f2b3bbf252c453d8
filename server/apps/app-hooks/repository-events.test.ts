// GitHub delivers every event an app subscribes to, on a repository it is
// installed on, to the app's webhook, with `installation` set to the app's
// installation: pushes (ref sync), issues, and caller events (labels) here.
// Repositories outside the installation, and events the app does not
// subscribe to, send it nothing; repository hooks get their payload unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, installTestApp, type TestApp } from '../../test-support/apps.js';
import { githubWebhookErrors } from '../../test-support/github-webhook-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import {
  startWebhookReceiver,
  type ReceivedRequest,
  type WebhookReceiver,
} from '../../test-support/webhook-receiver.js';
import { signature256 } from '../../webhooks/signature.js';
import { setAppHook } from './app-hooks-store.js';

let server: TestServer;
let owner: TestUser;
let appReceiver: WebhookReceiver;
let repoReceiver: WebhookReceiver;
let app: TestApp;
let installationId: number;
const repos: Record<string, { id: number; sha: string }> = {};

const parsed = (r: ReceivedRequest) => ({
  event: r.headers['x-github-event'] as string,
  payload: JSON.parse(r.body.toString('utf8')) as Record<string, any>,
});

async function appJobs(repositoryId: number): Promise<number> {
  const [row] = await server.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM webhook_jobs j JOIN hooks h ON h.id = j.hook_id
    WHERE h.app_id = ${app.app.id} AND j.repository_id = ${repositoryId}`;
  return row!.n;
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  owner = await server.createUser('repo-events-owner');
  appReceiver = await startWebhookReceiver();
  repoReceiver = await startWebhookReceiver();
  for (const name of ['watched', 'unwatched']) {
    const created = await server.api('/user/repos', {
      method: 'POST',
      token: owner.token,
      body: { name, auto_init: true },
    });
    const id = ((await created.json()) as { id: number }).id;
    repos[name] = { id, sha: (await server.services.git.resolveRef(id, 'refs/heads/main'))! };
  }
  await server.api('/repos/repo-events-owner/watched/hooks', {
    method: 'POST',
    token: owner.token,
    body: { config: { url: repoReceiver.url }, events: ['push'] },
  });
  app = await createTestApp(server, owner.id, 'Repo Events App', { contents: 'read', issues: 'write' }, [
    'push',
    'issues',
    'label',
  ]);
  await server.sql.begin((tx) => setAppHook(tx, app.app.id, { url: appReceiver.url, secret: 'repo-events-secret' }));
  installationId = (await installTestApp(server, app.app, owner.id, { repositoryIds: [repos.watched!.id] })).id;
  await appReceiver.waitFor(1); // installation created
});
afterAll(async () => {
  await server.close();
  await appReceiver.close();
  await repoReceiver.close();
});

describe('events of installed repositories to the app', () => {
  it('a push reaches the app with its installation, and the repository hook without one', async () => {
    const start = appReceiver.received.length;
    const repoStart = repoReceiver.received.length;
    const unwatched = await server.api('/repos/repo-events-owner/unwatched/git/refs', {
      method: 'POST',
      token: owner.token,
      body: { ref: 'refs/heads/elsewhere', sha: repos.unwatched!.sha },
    });
    expect(unwatched.status).toBe(201);
    const watched = await server.api('/repos/repo-events-owner/watched/git/refs', {
      method: 'POST',
      token: owner.token,
      body: { ref: 'refs/heads/feature', sha: repos.watched!.sha },
    });
    expect(watched.status).toBe(201);
    const [request] = (await appReceiver.waitFor(start + 1)).slice(start);
    expect(request!.headers['x-hub-signature-256']).toBe(signature256('repo-events-secret', request!.body));
    const { event, payload } = parsed(request!);
    expect(event).toBe('push'); // `create` is not subscribed
    expect(payload.ref).toBe('refs/heads/feature');
    expect(payload.installation).toEqual({ id: installationId, node_id: expect.stringMatching(/^IN_/) });
    expect(githubWebhookErrors('push', null, payload)).toBe('');
    expect(await appJobs(repos.unwatched!.id)).toBe(0);
    const [repoRequest] = (await repoReceiver.waitFor(repoStart + 1)).slice(repoStart);
    expect(parsed(repoRequest!).payload.installation).toBeUndefined();
    expect(parsed(repoRequest!).payload.ref).toBe('refs/heads/feature');
  });

  it('issues and labels (caller events) reach the app too', async () => {
    const start = appReceiver.received.length;
    const issue = await server.api('/repos/repo-events-owner/watched/issues', {
      method: 'POST',
      token: owner.token,
      body: { title: 'seen by the app' },
    });
    expect(issue.status).toBe(201);
    const label = await server.api('/repos/repo-events-owner/watched/labels', {
      method: 'POST',
      token: owner.token,
      body: { name: 'triage', color: 'ff0000' },
    });
    expect(label.status).toBe(201);
    const delivered = (await appReceiver.waitFor(start + 2)).slice(start).map(parsed);
    expect(delivered.map((d) => `${d.event}.${d.payload.action}`).sort()).toEqual(['issues.opened', 'label.created']);
    for (const { event, payload } of delivered) {
      expect(payload.installation, event).toEqual({ id: installationId, node_id: expect.stringMatching(/^IN_/) });
      expect(githubWebhookErrors(event, payload.action, payload), event).toBe('');
    }
  });

  it('removing the repository from the installation stops its events', async () => {
    const start = appReceiver.received.length;
    await installTestApp(server, app.app, owner.id, { repositoryIds: [repos.unwatched!.id] });
    await appReceiver.waitFor(start + 2); // installation_repositories added and removed
    const before = await appJobs(repos.watched!.id);
    const issue = await server.api('/repos/repo-events-owner/watched/issues', {
      method: 'POST',
      token: owner.token,
      body: { title: 'unseen' },
    });
    expect(issue.status).toBe(201);
    expect(await appJobs(repos.watched!.id)).toBe(before);
  });

  it('deleting an installed repository delivers installation_repositories removed once the row is gone', async () => {
    const start = appReceiver.received.length;
    expect(
      (await server.api('/repos/repo-events-owner/unwatched', { method: 'DELETE', token: owner.token })).status,
    ).toBe(204);
    const [request] = (await appReceiver.waitFor(start + 1)).slice(start);
    expect(request!.headers['x-hub-signature-256']).toBe(signature256('repo-events-secret', request!.body));
    const { event, payload } = parsed(request!);
    expect(event).toBe('installation_repositories');
    expect(payload).toMatchObject({
      action: 'removed',
      installation: { id: installationId },
      repositories_removed: [{ id: repos.unwatched!.id }],
    });
    expect(githubWebhookErrors(event, payload.action, payload)).toBe('');
  });
});
