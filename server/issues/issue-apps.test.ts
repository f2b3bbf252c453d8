// Issues through an installation token: the app's `issues` permission decides
// (write opens and comments, read only reads), the app's bot is the author,
// and the events name the installation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;
let writer: string;
let reader: string;
let installationId: number;
let repositoryId: number;

async function tokenFor(
  name: string,
  permissions: Record<string, 'read' | 'write'>,
  ownerId: number,
  accountId: number,
) {
  const app = await createTestApp(server, ownerId, name, permissions);
  const installation = await installTestApp(server, app.app, accountId);
  const { status, body } = await requestInstallationToken(
    server,
    await appJwt(app, Math.floor(Date.now() / 1000)),
    installation.id,
  );
  expect(status).toBe(201);
  return { token: body.token as string, installationId: installation.id };
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const owner = await server.createUser('owner');
  const org = await server.createOrg('tracker-org', owner.id);
  const created = await server.api(`/orgs/${org.login}/repos`, {
    method: 'POST',
    token: owner.token,
    body: { name: 'tracked' },
  });
  repositoryId = ((await created.json()) as { id: number }).id;
  await server.api('/repos/tracker-org/tracked/hooks', {
    method: 'POST',
    token: owner.token,
    body: { config: { url: 'https://example.com/h' }, events: ['issues', 'issue_comment'] },
  });
  const w = await tokenFor('issue-writer', { issues: 'write', metadata: 'read' }, owner.id, org.id);
  writer = w.token;
  installationId = w.installationId;
  reader = (await tokenFor('issue-reader', { issues: 'read', metadata: 'read' }, owner.id, org.id)).token;
});
afterAll(() => server.close());

describe('issues and installation tokens', () => {
  it("opens and comments with issues:write, as the app's bot, naming the installation in the events", async () => {
    const opened = await server.api('/repos/tracker-org/tracked/issues', {
      method: 'POST',
      token: writer,
      body: { title: 'From the app' },
    });
    expect(opened.status).toBe(201);
    const issue = (await opened.json()) as { number: number; user: { login: string; type: string } };
    expect(issue.user).toMatchObject({ login: 'issue-writer[bot]', type: 'Bot' });
    const comment = await server.api(`/repos/tracker-org/tracked/issues/${issue.number}/comments`, {
      method: 'POST',
      token: writer,
      body: { body: 'beep' },
    });
    expect(comment.status).toBe(201);
    const jobs = await server.sql<{ event: string; action: string; payload: string; installation_id: number }[]>`
      SELECT event, action, payload, installation_id FROM webhook_jobs WHERE repository_id = ${repositoryId} AND event <> 'ping' ORDER BY id`;
    expect(jobs.map((j) => `${j.event}.${j.action}`)).toEqual(['issues.opened', 'issue_comment.created']);
    for (const job of jobs) {
      const payload = JSON.parse(job.payload);
      expect(job.installation_id).toBe(installationId);
      expect(payload.installation.id).toBe(installationId);
      expect(payload.sender).toMatchObject({ login: 'issue-writer[bot]', type: 'Bot' });
      expect(githubWebhookErrors(job.event, job.action, payload)).toBe('');
    }
  });

  it('reads but cannot open with issues:read', async () => {
    expect((await server.api('/repos/tracker-org/tracked/issues', { token: reader })).status).toBe(200);
    const refused = await server.api('/repos/tracker-org/tracked/issues', {
      method: 'POST',
      token: reader,
      body: { title: 'nope' },
    });
    expect(refused.status).toBe(403);
  });
});
