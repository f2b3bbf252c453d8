// Values no stored text can hold, or that name nothing, where each reaches
// the database or git (issue 32, finding 7): a lone surrogate in a title
// (JSON's `"\ud800"`, made U+FFFD when the body is parsed, as POST stored
// it), `..` and absolute paths as a commit list's path, a NUL as a check
// name filter. Each was a 500; contract-tests/hostile-strings.test.ts sends
// such values to every parameter of every operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiOk } from '../test-support/api-call.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startRepositoryFixture, type RepositoryFixture } from '../test-support/repository-fixture.js';

let f: RepositoryFixture;
let pullNumber: number;

/** A body sent as written: JSON.stringify would not spell the escape the way a hostile client does. */
const raw = (path: string, method: string, rawBody: string) =>
  apiCall(f.server, path, { method, token: f.owner.token, rawBody });

beforeAll(async () => {
  f = await startRepositoryFixture('proj');
  const { server, owner, repo } = f;
  await apiOk(server, `${repo.path}/git/refs`, {
    method: 'POST',
    token: owner.token,
    body: { ref: 'refs/heads/topic', sha: repo.head },
  });
  await apiOk(server, `${repo.path}/contents/topic.txt`, {
    method: 'PUT',
    token: owner.token,
    body: { message: 'topic', content: Buffer.from('topic\n').toString('base64'), branch: 'topic' },
  });
  await apiOk(server, `${repo.path}/issues`, { method: 'POST', token: owner.token, body: { title: 'an issue' } });
  pullNumber = (
    await apiOk(server, `${repo.path}/pulls`, {
      method: 'POST',
      token: owner.token,
      body: { title: 'a pull', head: 'topic', base: 'main' },
    })
  ).number;
});
afterAll(() => f?.server.close());

describe('a lone surrogate in a title', () => {
  it('is U+FFFD on POST and PATCH of an issue alike (PATCH was a 500: its rename event is jsonb)', async () => {
    const created = await raw(`${f.repo.path}/issues`, 'POST', '{"title":"a\\ud800b"}');
    expect(created.status).toBe(201);
    expect(created.json.title).toBe('a\uFFFDb');
    const patched = await raw(`${f.repo.path}/issues/${created.json.number}`, 'PATCH', '{"title":"c\\udc00d"}');
    expect(patched.status).toBe(200);
    expect(patched.json.title).toBe('c\uFFFDd');
    const events = await apiOk(f.server, `${f.repo.path}/issues/${created.json.number}/events`, {
      token: f.owner.token,
    });
    expect(events.find((e: any) => e.event === 'renamed').rename).toEqual({ from: 'a\uFFFDb', to: 'c\uFFFDd' });
  });

  it('is U+FFFD on PATCH of a pull request; a surrogate pair is kept', async () => {
    const patched = await raw(`${f.repo.path}/pulls/${pullNumber}`, 'PATCH', '{"title":"\\ud800 \\ud83d\\ude00"}');
    expect(patched.status).toBe(200);
    expect(patched.json.title).toBe('\uFFFD 😀');
  });

  it('is U+FFFD through GraphQL updateIssue and updatePullRequest variables', async () => {
    const ids = await graphqlOk(
      f.server,
      `{ repository(owner: "alice", name: "proj") { issue(number: 1) { id } pullRequest(number: ${pullNumber}) { id } } }`,
      {},
      f.owner.token,
    );
    const { issue, pullRequest } = ids.data!.repository;
    const send = async (mutation: string, id: string) => {
      const res = await raw(
        '/api/graphql',
        'POST',
        `{"query":"mutation($id: ID!, $title: String) { ${mutation}(input: {${mutation === 'updateIssue' ? 'id' : 'pullRequestId'}: $id, title: $title}) { clientMutationId } }","variables":{"id":"${id}","title":"x\\ud800"}}`,
      );
      expect(res.status).toBe(200);
      return res.json;
    };
    expect((await send('updateIssue', issue.id)).errors).toBeUndefined();
    expect((await send('updatePullRequest', pullRequest.id)).errors).toBeUndefined();
    expect((await apiOk(f.server, `${f.repo.path}/issues/1`, { token: f.owner.token })).title).toBe('x\uFFFD');
    expect((await apiOk(f.server, `${f.repo.path}/pulls/${pullNumber}`, { token: f.owner.token })).title).toBe(
      'x\uFFFD',
    );
  });
});

describe('a commit list path that names nothing in a tree', () => {
  it.each(['..', '../x', '/etc', 'a/../README.md', '%00'])('path=%s is an empty list, not a 500', async (path) => {
    const res = await apiCall(f.server, `${f.repo.path}/commits?path=${path}`, { token: f.owner.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it('path=/ and path=/README.md read as the root and README.md, as the contents API reads them', async () => {
    for (const path of ['/', '/README.md']) {
      const res = await apiCall(f.server, `${f.repo.path}/commits?path=${path}`, { token: f.owner.token });
      expect(res.status).toBe(200);
      expect(res.json.map((c: any) => c.sha)).toContain(f.repo.head);
    }
  });

  it('GraphQL history(path: "..") is empty, not an error', async () => {
    const answer = await graphqlOk(
      f.server,
      `{ repository(owner: "alice", name: "proj") { defaultBranchRef { target { ... on Commit {
      dotdot: history(first: 5, path: "..") { totalCount nodes { oid } } nul: history(first: 5, path: "a\\u0000") { totalCount } root: history(first: 5, path: "/") { totalCount } } } } } }`,
      {},
      f.owner.token,
    );
    expect(answer.errors).toBeUndefined();
    const target = answer.data!.repository.defaultBranchRef.target;
    expect(target.dotdot).toEqual({ totalCount: 0, nodes: [] });
    expect(target.nul.totalCount).toBe(0);
    expect(target.root.totalCount).toBeGreaterThan(0);
  });
});

describe('a check name with a NUL', () => {
  it.each(['check-runs', 'check-suites'])(
    'GET …/commits/{ref}/%s with check_name NUL matches nothing',
    async (kind) => {
      const res = await apiCall(f.server, `${f.repo.path}/commits/main/${kind}?check_name=%00`, {
        token: f.owner.token,
      });
      expect(res.status).toBe(200);
      expect(res.json.total_count).toBe(0);
    },
  );
});
