// PATCH git/refs goes through changeRefs like a push: the `push` webhook
// (GitHub's payload, checked against @octokit/openapi-webhooks) lists the
// commits made with the git data API, `forced` tells a forced update, and a
// refused update emits nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';

let server: TestServer;
let alice: TestUser;
let receiver: WebhookReceiver;
let main: string;
let tree: string;

const REPO = '/repos/alice/hooked';

async function create(path: string, body: unknown) {
  const res = await server.api(`${REPO}${path}`, { method: 'POST', token: alice.token, body });
  expect(res.status).toBe(201);
  return (await res.json()) as { sha: string };
}

const patchMain = (sha: string, force?: boolean) =>
  server.api(`${REPO}/git/refs/heads/main`, { method: 'PATCH', token: alice.token, body: { sha, force } });

/** The push deliveries that arrive next (exactly `count`), payloads checked against GitHub's schema. */
async function nextPushes(count: number) {
  const start = receiver.received.length;
  return async () => {
    const requests = (await receiver.waitFor(start + count)).slice(start);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.length - start).toBe(count);
    return requests.map((r) => {
      expect(r.headers['x-github-event']).toBe('push');
      const payload = JSON.parse(r.body.toString('utf8'));
      expect(githubWebhookErrors('push', null, payload)).toBe('');
      return payload;
    });
  };
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  alice = await server.createUser('alice');
  receiver = await startWebhookReceiver();
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'hooked', auto_init: true } });
  const hook = await server.api(`${REPO}/hooks`, {
    method: 'POST',
    token: alice.token,
    body: { config: { url: receiver.url }, events: ['push'], active: false },
  });
  const { id } = (await hook.json()) as { id: number };
  await server.api(`${REPO}/hooks/${id}`, { method: 'PATCH', token: alice.token, body: { active: true } });
  main = ((await (await server.api(`${REPO}/git/ref/heads/main`)).json()) as { object: { sha: string } }).object.sha;
  tree = ((await (await server.api(`${REPO}/git/commits/${main}`)).json()) as { tree: { sha: string } }).tree.sha;
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('PATCH /repos/{owner}/{repo}/git/refs/{ref} events', () => {
  it('emits push with the new commit, its files and the pusher', async () => {
    const newTree = await create('/git/trees', {
      base_tree: tree,
      tree: [{ path: 'docs/guide.md', mode: '100644', type: 'blob', content: '# Guide\n' }],
    });
    const commit = await create('/git/commits', { message: 'Add the guide', tree: newTree.sha, parents: [main] });
    const collect = await nextPushes(1);
    expect((await patchMain(commit.sha)).status).toBe(200);
    const [push] = await collect();
    expect(push).toMatchObject({
      ref: 'refs/heads/main',
      before: main,
      after: commit.sha,
      created: false,
      deleted: false,
      forced: false,
      pusher: { name: 'alice' },
      sender: { login: 'alice' },
      commits: [
        {
          id: commit.sha,
          message: 'Add the guide',
          added: ['docs/guide.md'],
          removed: [],
          modified: [],
          author: { name: 'alice' },
        },
      ],
      head_commit: { id: commit.sha },
    });
    main = commit.sha;
  });

  it('marks a forced update as forced, and a refused one emits nothing', async () => {
    const root = await create('/git/commits', { message: 'Unrelated root', tree });
    const refused = await patchMain(root.sha);
    expect(refused.status).toBe(422);
    const collect = await nextPushes(1);
    expect((await patchMain(root.sha, true)).status).toBe(200);
    const [push] = await collect();
    expect(push).toMatchObject({ before: main, after: root.sha, forced: true });
  });
});
