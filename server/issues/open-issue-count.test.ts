// A repository's open_issues_count (and open_issues) counts its open issues,
// right after each open, close and reopen: the repository body is cached, and
// the count must not be served stale from the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  expect(
    (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'counted' } })).status,
  ).toBe(201);
});
afterAll(() => server.close());

const call = (path: string, method = 'GET', body?: unknown) =>
  apiOk(server, path, { method, body, token: alice.token });

async function counts() {
  const repo = await call('/repos/alice/counted');
  expect(repo.open_issues).toBe(repo.open_issues_count);
  return repo.open_issues_count as number;
}

describe('repository open_issues_count', () => {
  it('follows opens, closes and reopens, and ignores changes that are not', async () => {
    expect(await counts()).toBe(0);
    const a = await call('/repos/alice/counted/issues', 'POST', { title: 'A' });
    await call('/repos/alice/counted/issues', 'POST', { title: 'B' });
    expect(await counts()).toBe(2);
    await call(`/repos/alice/counted/issues/${a.number}`, 'PATCH', { state: 'closed' });
    expect(await counts()).toBe(1);
    // Closing a closed issue (a new reason) and editing it change nothing.
    await call(`/repos/alice/counted/issues/${a.number}`, 'PATCH', {
      state: 'closed',
      state_reason: 'not_planned',
      title: 'A2',
    });
    expect(await counts()).toBe(1);
    await call(`/repos/alice/counted/issues/${a.number}`, 'PATCH', { state_reason: 'reopened' });
    expect(await counts()).toBe(2);
    const listed = await call('/user/repos?type=owner');
    expect(listed.find((r: { name: string }) => r.name === 'counted').open_issues_count).toBe(2);
    const [row] = await server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM issues i JOIN repositories r ON r.id = i.repository_id
      WHERE r.name = 'counted' AND i.state = 'open'`;
    expect(row!.n).toBe(2);
  });

  it('counts a pull request down when a push to its base merges it', async () => {
    await call('/user/repos', 'POST', { name: 'merged-by-push', auto_init: true });
    const repo = '/repos/alice/merged-by-push';
    const main = await call(`${repo}/git/ref/heads/main`);
    await call(`${repo}/git/refs`, 'POST', { ref: 'refs/heads/topic', sha: main.object.sha });
    const written = await call(`${repo}/contents/topic.txt`, 'PUT', {
      message: 'topic',
      content: Buffer.from('topic\n').toString('base64'),
      branch: 'topic',
    });
    const pull = await call(`${repo}/pulls`, 'POST', { title: 'Topic', head: 'topic', base: 'main' });
    const count = async () => (await call(repo)).open_issues_count as number;
    expect(await count()).toBe(1);
    // The base moves to the head's tip: the pull request is merged by that push, and closed.
    await call(`${repo}/git/refs/heads/main`, 'PATCH', { sha: written.commit.sha });
    const after = await call(`${repo}/pulls/${pull.number}`);
    expect(after).toMatchObject({ state: 'closed', merged: true, merge_commit_sha: written.commit.sha });
    expect(await count()).toBe(0);
  });
});
