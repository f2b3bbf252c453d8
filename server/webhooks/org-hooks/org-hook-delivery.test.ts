// Organization hooks delivered for real: receivers on 127.0.0.1 get each
// event of a repository of the organization exactly once, signed with the
// hook's secret, with GitHub's headers naming the organization; a repository
// hook of the same repository gets its own copy; and `repository` renamed,
// edited, privatized/publicized and archived/unarchived reach the
// organization's hooks. Every payload validates against GitHub's schema.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubWebhookErrors } from '../../test-support/github-webhook-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test-support/webhook-receiver.js';

const ORG_SECRET = 'org-secret-7c4a8d09';
const REPO_SECRET = 'repo-secret-2fd4e1c6';
const SCOPES = ['repo', 'admin:org', 'admin:org_hook', 'admin:repo_hook', 'user'];

let server: TestServer;
let owner: TestUser;
let orgId: number;
let orgReceiver: WebhookReceiver;
let repoReceiver: WebhookReceiver;
let orgHookId: number;
let repoHookId: number;

const call = async (path: string, method = 'GET', body?: unknown) => {
  const res = await server.api(path, { method, token: owner.token, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

const header = (r: ReceivedRequest, name: string) => r.headers[name.toLowerCase()] as string | undefined;
const eventOf = (r: ReceivedRequest) => {
  const payload = JSON.parse(r.body.toString('utf8'));
  return { event: header(r, 'x-github-event'), action: payload.action ?? null, payload };
};
const summary = (rs: ReceivedRequest[]) => rs.map(eventOf).map((e) => `${e.event}${e.action ? `.${e.action}` : ''}`);

/** The requests after the first `from`, once `count` have come and a moment has passed with no more. */
async function settled(receiver: WebhookReceiver, from: number, count: number) {
  await receiver.waitFor(from + count, 20_000);
  await new Promise((resolve) => setTimeout(resolve, 750));
  return receiver.received.slice(from);
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  owner = await server.createUser('ohd-owner', { scopes: SCOPES });
  orgId = (await server.createOrg('ohd-org', owner.id)).id;
  orgReceiver = await startWebhookReceiver();
  repoReceiver = await startWebhookReceiver();
  expect((await call('/orgs/ohd-org/repos', 'POST', { name: 'site', private: true, auto_init: true })).status).toBe(
    201,
  );
  const events = ['push', 'issues', 'pull_request'];
  const orgHook = await call('/orgs/ohd-org/hooks', 'POST', {
    name: 'web',
    config: { url: orgReceiver.url, secret: ORG_SECRET },
    events,
  });
  expect(orgHook.status).toBe(201);
  orgHookId = orgHook.body.id;
  const repoHook = await call('/repos/ohd-org/site/hooks', 'POST', {
    config: { url: repoReceiver.url, secret: REPO_SECRET },
    events,
  });
  expect(repoHook.status).toBe(201);
  repoHookId = repoHook.body.id;
  // Each hook's creation ping.
  await orgReceiver.waitFor(1);
  await repoReceiver.waitFor(1);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await orgReceiver?.close();
  await repoReceiver?.close();
});

describe('organization hook delivery', () => {
  it('delivers push, issues and pull_request of the organization`s repository once each, signed, to both hooks', async () => {
    const orgFrom = orgReceiver.received.length;
    const repoFrom = repoReceiver.received.length;
    const main = await call('/repos/ohd-org/site/git/ref/heads/main');
    expect(main.status).toBe(200);
    // `create` (not subscribed) and `push` of the new branch.
    expect(
      (await call('/repos/ohd-org/site/git/refs', 'POST', { ref: 'refs/heads/feature', sha: main.body.object.sha }))
        .status,
    ).toBe(201);
    await orgReceiver.waitFor(orgFrom + 1, 20_000);
    const content = Buffer.from('hello\n').toString('base64');
    const put = await call('/repos/ohd-org/site/contents/hello.txt', 'PUT', {
      message: 'Add hello',
      content,
      branch: 'feature',
    });
    expect(put.status).toBe(201);
    await orgReceiver.waitFor(orgFrom + 2, 20_000);
    expect((await call('/repos/ohd-org/site/issues', 'POST', { title: 'A bug' })).status).toBe(201);
    await orgReceiver.waitFor(orgFrom + 3, 20_000);
    const pull = await call('/repos/ohd-org/site/pulls', 'POST', { title: 'Hello', head: 'feature', base: 'main' });
    expect(pull.status).toBe(201);

    const expected = ['push', 'push', 'issues.opened', 'pull_request.opened'];
    const toOrg = await settled(orgReceiver, orgFrom, expected.length);
    const toRepo = await settled(repoReceiver, repoFrom, expected.length);
    expect(summary(toOrg)).toEqual(expected);
    expect(summary(toRepo)).toEqual(expected);

    for (const [requests, secret, hookId, type, targetId] of [
      [toOrg, ORG_SECRET, orgHookId, 'organization', orgId],
      [toRepo, REPO_SECRET, repoHookId, 'repository', null],
    ] as const) {
      for (const request of requests) {
        const signature = `sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`;
        expect(header(request, 'x-hub-signature-256')).toBe(signature);
        expect(header(request, 'x-github-hook-id')).toBe(String(hookId));
        expect(header(request, 'x-github-hook-installation-target-type')).toBe(type);
        if (targetId !== null) expect(header(request, 'x-github-hook-installation-target-id')).toBe(String(targetId));
        const { event, action, payload } = eventOf(request);
        expect(githubWebhookErrors(event!, action, payload), `${event}.${action}`).toBe('');
        expect(payload.repository.full_name).toBe('ohd-org/site');
      }
    }
    // The organization's copies name it; each delivery is its own (GUIDs differ across hooks and events).
    for (const request of toOrg)
      expect(eventOf(request).payload.organization).toMatchObject({ login: 'ohd-org', id: orgId });
    const guids = [...toOrg, ...toRepo].map((r) => header(r, 'x-github-delivery'));
    expect(new Set(guids).size).toBe(guids.length);
    // The repository hook's copies say which repository.
    const repoId = eventOf(toRepo[0]!).payload.repository.id;
    for (const request of toRepo) expect(header(request, 'x-github-hook-installation-target-id')).toBe(String(repoId));
  });

  it('delivers `repository` renamed, edited, privatized/publicized and archived/unarchived to the organization`s hook', async () => {
    expect((await call(`/orgs/ohd-org/hooks/${orgHookId}`, 'PATCH', { add_events: ['repository'] })).status).toBe(200);
    const orgFrom = orgReceiver.received.length;
    const repoFrom = repoReceiver.received.length;
    const steps: Array<[string, Record<string, unknown>]> = [
      ['/repos/ohd-org/site', { name: 'website' }],
      ['/repos/ohd-org/website', { description: 'Our site', homepage: 'https://example.com' }],
      ['/repos/ohd-org/website', { private: false }],
      ['/repos/ohd-org/website', { private: true }],
      ['/repos/ohd-org/website', { archived: true }],
      ['/repos/ohd-org/website', { archived: false }],
    ];
    for (const [path, body] of steps) expect((await call(path, 'PATCH', body)).status).toBe(200);
    const expected = [
      'repository.renamed',
      'repository.edited',
      'repository.publicized',
      'repository.privatized',
      'repository.archived',
      'repository.unarchived',
    ];
    const toOrg = await settled(orgReceiver, orgFrom, expected.length);
    expect(summary(toOrg)).toEqual(expected);
    const [renamed, edited] = toOrg.map(eventOf);
    expect(renamed!.payload).toMatchObject({
      changes: { repository: { name: { from: 'site' } } },
      repository: { name: 'website', full_name: 'ohd-org/website' },
      organization: { login: 'ohd-org' },
      sender: { login: 'ohd-owner' },
    });
    expect(edited!.payload.changes).toEqual({ description: { from: null }, homepage: { from: null } });
    for (const request of toOrg) {
      const { event, action, payload } = eventOf(request);
      expect(githubWebhookErrors(event!, action, payload), `${event}.${action}`).toBe('');
      expect(header(request, 'x-github-hook-installation-target-type')).toBe('organization');
    }
    // The repository hook is not subscribed to `repository`: nothing new there.
    expect(repoReceiver.received.length).toBe(repoFrom);
  });
});
