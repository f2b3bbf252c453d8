// The `status` event: one per status, written with it (the outbox), with
// GitHub's payload (checked against @octokit/openapi-webhooks by the outbox
// reader, and against our contract's webhook payload): the commit, the
// branches whose head it is, and the installation when an app reported it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { schemaErrors } from '../test-support/contract-schema.js';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { actions, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let repoId: number;
let head: string;
let newEvents: () => Promise<QueuedEvent[]>;

const REPO = '/repos/alice/watched';
const json = async (res: Response) => (await res.json()) as any;

beforeAll(async () => {
  ({
    server,
    owner: alice,
    repo: { id: repoId, head },
  } = await startRepositoryFixture('watched', { hookEvents: ['status'] }));
  expect(
    (
      await server.api(`${REPO}/git/refs`, {
        method: 'POST',
        token: alice.token,
        body: { ref: 'refs/heads/release', sha: head },
      })
    ).status,
  ).toBe(201);
  newEvents = outboxReader(server, { repositoryIds: [repoId] });
});
afterAll(() => server.close());

async function sent(): Promise<QueuedEvent[]> {
  const jobs = await newEvents();
  for (const job of jobs) expect(schemaErrors('webhook-payload', job.payload), job.event).toBe('');
  return jobs;
}

describe('status events', () => {
  it('sends `status` with the status, the commit and the branches at it', async () => {
    const res = await server.api(`${REPO}/statuses/${head}`, {
      method: 'POST',
      token: alice.token,
      body: { state: 'failure', context: 'ci/test', description: 'Two failed', target_url: 'https://ci.example.com/7' },
    });
    expect(res.status).toBe(201);
    const status = await json(res);
    const jobs = await sent();
    expect(actions(jobs)).toEqual(['status']);
    const payload = jobs[0]!.payload;
    expect(payload).toMatchObject({
      id: status.id,
      sha: head,
      name: 'alice/watched',
      state: 'failure',
      context: 'ci/test',
      description: 'Two failed',
      target_url: 'https://ci.example.com/7',
      avatar_url: status.avatar_url,
      created_at: status.created_at,
      updated_at: status.updated_at,
      commit: { sha: head, url: `${server.url}/api/v3${REPO}/commits/${head}` },
      repository: { full_name: 'alice/watched' },
      sender: { login: 'alice' },
    });
    expect(payload.branches.map((b: any) => b.name)).toEqual(['main', 'release']);
    expect(payload.branches[0]).toEqual({
      name: 'main',
      commit: { sha: head, url: `${server.url}/api/v3${REPO}/commits/${head}` },
      protected: false,
    });
    expect(payload).not.toHaveProperty('action');
    expect(payload).not.toHaveProperty('installation');
  });

  it('names no branch for a commit no branch points at', async () => {
    const put = await server.api(`${REPO}/contents/next.txt`, {
      method: 'PUT',
      token: alice.token,
      body: { message: 'next', content: 'eA==' },
    });
    expect(put.status).toBe(201);
    await newEvents();
    expect(
      (await server.api(`${REPO}/statuses/${head}`, { method: 'POST', token: alice.token, body: { state: 'success' } }))
        .status,
    ).toBe(201);
    const [job] = await sent();
    expect(job!.payload.branches.map((b: any) => b.name)).toEqual(['release']);
  });

  it('carries the installation when an app reported the status', async () => {
    const app = await createTestApp(server, alice.id, 'Status Bot', { statuses: 'write' });
    const installation = await installTestApp(server, app.app, alice.id);
    const { body } = await requestInstallationToken(
      server,
      await appJwt(app, Math.floor(Date.now() / 1000)),
      installation.id,
    );
    expect(
      (await server.api(`${REPO}/statuses/${head}`, { method: 'POST', token: body.token, body: { state: 'pending' } }))
        .status,
    ).toBe(201);
    const [job] = await sent();
    expect(job!.payload.installation).toEqual({ id: installation.id, node_id: expect.stringMatching(/^IN_/) });
    expect(job!.payload.sender).toMatchObject({ login: 'status-bot[bot]', type: 'Bot' });
  });

  it('writes nothing when the status is refused', async () => {
    expect(
      (await server.api(`${REPO}/statuses/${head}`, { method: 'POST', token: alice.token, body: { state: 'nope' } }))
        .status,
    ).toBe(422);
    expect(await sent()).toEqual([]);
  });
});
