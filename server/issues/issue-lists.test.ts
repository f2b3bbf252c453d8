// Issue lists: per repository with GitHub's filters, sorts and pages, and
// across repositories (/issues, /user/issues, /orgs/{org}/issues) by filter,
// never showing a private repository to someone who cannot read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const call = (path: string, options: CallOptions = {}) => apiCall(server, path, options);

async function open(repo: string, body: Record<string, unknown>, token = alice.token) {
  const { status, json } = await call(`/repos/${repo}/issues`, { method: 'POST', token, body });
  expect(status, JSON.stringify(json)).toBe(201);
  return json.number as number;
}

const titles = (json: { title: string }[]) => json.map((i) => i.title);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  const org = await server.createOrg('acme', alice.id);
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'lists' } });
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'hidden', private: true } });
  await server.api(`/orgs/${org.login}/repos`, { method: 'POST', token: alice.token, body: { name: 'org-repo' } });
  const lists = (await server.services.repos.find('alice', 'lists'))!;
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${lists.id}, ${bob.id}, 'write')`;
  await open('alice/lists', { title: 'A bug', body: 'cc @bob please', assignees: ['bob'] });
  await open('alice/lists', { title: 'B feature' }, carol.token);
  const c = await open('alice/lists', { title: 'C done', assignees: ['alice'] });
  await call(`/repos/alice/lists/issues/${c}`, { method: 'PATCH', token: alice.token, body: { state: 'closed' } });
  const d = await open('alice/lists', { title: 'D discussed' });
  await call(`/repos/alice/lists/issues/${d}/comments`, {
    method: 'POST',
    token: carol.token,
    body: { body: 'ping @Bob' },
  });
  await call(`/repos/alice/lists/issues/${d}/comments`, {
    method: 'POST',
    token: carol.token,
    body: { body: 'again' },
  });
  await open('alice/hidden', { title: 'Private one', assignees: ['alice'] });
  await open('acme/org-repo', { title: 'Org one', assignees: ['alice'] });
});
afterAll(() => server.close());

describe('GET /repos/{owner}/{repo}/issues', () => {
  it("lists open issues newest first by default, with GitHub's bodies", async () => {
    const { status, json } = await call('/repos/alice/lists/issues');
    expect(status).toBe(200);
    expect(titles(json)).toEqual(['D discussed', 'B feature', 'A bug']);
    // The people of a page come from one statement of their own (issue-rows.ts withPeople).
    expect(json[2]).toMatchObject({
      user: { login: 'alice' },
      assignee: { login: 'bob' },
      assignees: [{ login: 'bob' }],
      author_association: 'OWNER',
    });
    expect(json[1]).toMatchObject({
      user: { login: 'carol' },
      assignees: [],
      assignee: null,
      author_association: 'NONE',
    });
    for (const issue of json) expect(issue).toEqual((await call(`/repos/alice/lists/issues/${issue.number}`)).json);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/issues', method: 'get' },
      { operationId: 'issues/list-for-repo' },
    );
  });

  it('filters by state, assignee, creator, mentioned and since', async () => {
    const cases: [string, string[]][] = [
      ['state=closed', ['C done']],
      ['state=all&direction=asc', ['A bug', 'B feature', 'C done', 'D discussed']],
      ['assignee=BOB', ['A bug']],
      ['assignee=none', ['D discussed', 'B feature']],
      ['assignee=*&state=all', ['C done', 'A bug']],
      ['creator=carol', ['B feature']],
      ['creator=nobody', []],
      ['mentioned=bob', ['D discussed', 'A bug']],
      ['mentioned=bo', []],
      ['since=2999-01-01T00:00:00Z', []],
      ['labels=bug', []],
      ['milestone=none', ['D discussed', 'B feature', 'A bug']],
    ];
    for (const [query, expected] of cases) {
      const { status, json } = await call(`/repos/alice/lists/issues?${query}`);
      expect(status, query).toBe(200);
      expect(titles(json), query).toEqual(expected);
    }
  });

  it('sorts by comments and updated, and pages with Link headers on both base URLs', async () => {
    expect(titles((await call('/repos/alice/lists/issues?sort=comments')).json)[0]).toBe('D discussed');
    expect(titles((await call('/repos/alice/lists/issues?sort=updated&direction=asc&state=all')).json)).toHaveLength(4);
    for (const prefix of ['', '/api/v3']) {
      const first = await call(`${prefix}/repos/alice/lists/issues?per_page=2`);
      expect(titles(first.json)).toEqual(['D discussed', 'B feature']);
      const link = first.res.headers.get('link')!;
      expect(link).toContain(`<${server.url}/api/v3/repos/alice/lists/issues?per_page=2&page=2>; rel="next"`);
      const second = await call(`${prefix}/repos/alice/lists/issues?per_page=2&page=2`);
      expect(titles(second.json)).toEqual(['A bug']);
      const past = await call(`${prefix}/repos/alice/lists/issues?per_page=2&page=9`);
      expect(past.json).toEqual([]);
      expect(past.res.headers.get('link')).toContain('rel="first"');
    }
  });

  it('rejects invalid filters with 422', async () => {
    expect((await call('/repos/alice/lists/issues?state=gone')).status).toBe(422);
    expect((await call('/repos/alice/lists/issues?sort=votes')).status).toBe(422);
  });
});

describe('issues across repositories', () => {
  it('GET /issues defaults to assigned, in every repository the caller can see', async () => {
    const { status, json } = await call('/issues', { token: alice.token });
    expect(status).toBe(200);
    expect(titles(json).sort()).toEqual(['Org one', 'Private one']);
    expectBothSchemas(json, { path: '/issues', method: 'get' }, { operationId: 'issues/list' });
    const all = await call('/issues?filter=all&state=all', { token: alice.token });
    expect(titles(all.json)).toHaveLength(6);
    const closed = all.json.find((i: { title: string }) => i.title === 'C done');
    expect(closed).toMatchObject({ closed_by: { login: 'alice' }, assignees: [{ login: 'alice' }] });
  });

  it('filters created, mentioned, subscribed and repos for other users', async () => {
    expect(titles((await call('/user/issues?filter=created', { token: carol.token })).json)).toEqual(['B feature']);
    expect(titles((await call('/user/issues?filter=mentioned', { token: bob.token })).json)).toEqual([
      'D discussed',
      'A bug',
    ]);
    expect(titles((await call('/user/issues?filter=subscribed', { token: carol.token })).json)).toEqual([
      'D discussed',
      'B feature',
    ]);
    expect(titles((await call('/user/issues?filter=repos', { token: bob.token })).json)).toEqual([
      'D discussed',
      'B feature',
      'A bug',
    ]);
    // Carol reads no private repository: assigned or not, its issues stay hidden.
    expect(titles((await call('/issues?filter=all&state=all', { token: carol.token })).json)).not.toContain(
      'Private one',
    );
    const { json } = await call('/user/issues?filter=assigned', { token: bob.token });
    expectBothSchemas(
      json,
      { path: '/user/issues', method: 'get' },
      { operationId: 'issues/list-for-authenticated-user' },
    );
  });

  it('GET /orgs/{org}/issues keeps to the organization, 404 for a user or nobody', async () => {
    const { status, json } = await call('/orgs/acme/issues', { token: alice.token });
    expect(status).toBe(200);
    expect(titles(json)).toEqual(['Org one']);
    expectBothSchemas(json, { path: '/orgs/{org}/issues', method: 'get' }, { operationId: 'issues/list-for-org' });
    expect((await call('/orgs/alice/issues', { token: alice.token })).status).toBe(404);
    expect((await call('/orgs/nope/issues', { token: alice.token })).status).toBe(404);
    expect((await call('/issues')).status).toBe(401);
  });
});
