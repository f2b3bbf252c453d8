// The issue-list cache never serves a stale page: after every kind of change
// a page can show (through the API or straight in the database, as another
// process would), the next request answers what a page built afresh says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRequest } from '../paging/pagination.js';
import { connect } from '../db/database.js';
import { GenerationReader } from './issue-list-generations.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { listRepositoryIssues, type IssueFilters } from './issue-list.js';
import { issueViews } from './issue-view.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let repoId: number;
let orgRepoId: number;

// Every filter reads something else: each is checked after each change.
const QUERIES: Record<string, string>[] = [
  {},
  { state: 'all', sort: 'updated' },
  { assignee: 'bob' },
  { assignee: 'none', state: 'all' },
  { creator: 'bob' },
  { mentioned: 'carol' },
  { per_page: '2', page: '2' },
];

async function listed(path: string, query: Record<string, string>) {
  const res = await server.api(`${path}/issues?${new URLSearchParams(query)}`, { token: alice.token });
  expect(res.status).toBe(200);
  return {
    json: (await res.json()) as Record<string, unknown>[],
    etag: res.headers.get('etag')!,
    link: res.headers.get('link'),
  };
}

/** The page as built without the cache, from the same functions the handler uses. */
async function fresh(id: number, query: Record<string, string>) {
  const { page, per_page, ...filters } = query;
  const p = pageRequest({ page: page ? Number(page) : undefined, per_page: per_page ? Number(per_page) : undefined });
  const { rows } = await listRepositoryIssues(server.sql, id, filters as IssueFilters, {
    limit: p.perPage,
    offset: p.offset,
  });
  return JSON.parse(JSON.stringify(issueViews(rows, server.services.urls))) as unknown;
}

/** Requests every query twice (the second one from the cache) and compares both with a fresh page. */
async function expectCurrent(path = '/repos/alice/cached', id = repoId) {
  for (const query of QUERIES) {
    const expected = await fresh(id, query);
    expect((await listed(path, query)).json, JSON.stringify(query)).toEqual(expected);
    expect((await listed(path, query)).json, JSON.stringify(query)).toEqual(expected);
  }
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'cached' } });
  repoId = (await server.services.repos.find('alice', 'cached'))!.id;
  for (const title of ['one', 'two', 'three']) {
    const res = await server.api('/repos/alice/cached/issues', { method: 'POST', token: alice.token, body: { title } });
    expect(res.status).toBe(201);
  }
  await server.sql`INSERT INTO issues (repository_id, number, title, user_id) VALUES (${repoId}, 100, 'by bob', ${bob.id})`;
  const org = await server.createOrg('acme', alice.id);
  await server.api(`/orgs/${org.login}/repos`, { method: 'POST', token: alice.token, body: { name: 'org-repo' } });
  orgRepoId = (await server.services.repos.find('acme', 'org-repo'))!.id;
  await server.sql`INSERT INTO issues (repository_id, number, title, user_id) VALUES (${orgRepoId}, 1, 'org issue', ${carol.id})`;
  await expectCurrent();
});
afterAll(() => server.close());

describe('issue list cache', () => {
  it('answers an unchanged page from the cache, with the same ETag and a 304 for it', async () => {
    const first = await listed('/repos/alice/cached', {});
    const second = await listed('/repos/alice/cached', {});
    expect(second.etag).toBe(first.etag);
    const res = await server.api('/repos/alice/cached/issues', {
      token: alice.token,
      headers: { 'if-none-match': first.etag },
    });
    expect(res.status).toBe(304);
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  it('sees changes made through the API', async () => {
    const before = await listed('/repos/alice/cached', {});
    const res = await server.api('/repos/alice/cached/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'four', assignees: ['alice'] },
    });
    expect(res.status).toBe(201);
    const after = await listed('/repos/alice/cached', {});
    expect(after.json[0]).toMatchObject({ title: 'four', assignee: { login: 'alice' } });
    expect(after.etag).not.toBe(before.etag);
    await expectCurrent();
    await server.api('/repos/alice/cached/issues/1', {
      method: 'PATCH',
      token: alice.token,
      body: { state: 'closed' },
    });
    await expectCurrent();
    await server.api('/repos/alice/cached/issues/2/comments', {
      method: 'POST',
      token: bob.token,
      body: { body: 'hi @carol' },
    });
    await expectCurrent();
    await server.api('/repos/alice/cached/issues/2/lock', {
      method: 'PUT',
      token: alice.token,
      body: { lock_reason: 'resolved' },
    });
    await expectCurrent();
  });

  it('sees changes to every table a page reads, made straight in the database', async () => {
    const changes = [
      () =>
        server.sql`UPDATE issues SET title = 'retitled', updated_at = now() + interval '1 hour' WHERE repository_id = ${repoId} AND number = 3`,
      () =>
        server.sql`INSERT INTO issue_assignees (issue_id, user_id) SELECT id, ${bob.id} FROM issues WHERE repository_id = ${repoId} AND number = 3`,
      () =>
        server.sql`DELETE FROM issue_assignees WHERE user_id = ${bob.id} AND issue_id IN (SELECT id FROM issues WHERE repository_id = ${repoId} AND number = 4)`,
      () =>
        server.sql`INSERT INTO issue_comments (issue_id, repository_id, user_id, body) SELECT id, ${repoId}, ${bob.id}, '@carol look' FROM issues WHERE repository_id = ${repoId} AND number = 3`,
      () => server.sql`UPDATE issue_comments SET body = 'nobody' WHERE repository_id = ${repoId}`,
      () =>
        server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repoId}, ${bob.id}, 'write')`,
      () => server.sql`UPDATE accounts SET site_admin = true WHERE id = ${bob.id}`,
      () => server.sql`UPDATE accounts SET login = 'robert' WHERE id = ${bob.id}`,
      () => server.sql`UPDATE accounts SET login = 'bob' WHERE id = ${bob.id}`,
      () => server.sql`DELETE FROM collaborators WHERE repository_id = ${repoId} AND user_id = ${bob.id}`,
      () => server.sql`DELETE FROM issues WHERE repository_id = ${repoId} AND number = 2`,
    ];
    for (const change of changes) {
      await change();
      await expectCurrent();
    }
  });

  it('sees a new member of the owning organization (author_association MEMBER)', async () => {
    await expectCurrent('/repos/acme/org-repo', orgRepoId);
    expect((await listed('/repos/acme/org-repo', {})).json[0]).toMatchObject({ author_association: 'NONE' });
    await server.services.accounts.addMember(
      (await server.sql<{ id: number }[]>`SELECT id FROM accounts WHERE login = 'acme'`)[0]!.id,
      carol.id,
      'member',
    );
    expect((await listed('/repos/acme/org-repo', {})).json[0]).toMatchObject({ author_association: 'MEMBER' });
    await expectCurrent('/repos/acme/org-repo', orgRepoId);
  });

  it("sees the repository renamed (its issues' URLs)", async () => {
    await listed('/repos/alice/cached', {});
    const res = await server.api('/repos/alice/cached', {
      method: 'PATCH',
      token: alice.token,
      body: { name: 'renamed' },
    });
    expect(res.status).toBe(200);
    const { json } = await listed('/repos/alice/renamed', {});
    expect(json[0]!.url).toMatch(/\/repos\/alice\/renamed\/issues\/\d+$/);
    await expectCurrent('/repos/alice/renamed');
  });

  it('bumps the generation for labels and milestones, which issue bodies show', async () => {
    const generation = async () =>
      (
        await server.sql<
          { g: string }[]
        >`SELECT generation::text AS g FROM issue_list_generations WHERE repository_id = ${repoId}`
      )[0]?.g;
    const steps = [
      () => server.sql`INSERT INTO labels (repository_id, name, color) VALUES (${repoId}, 'cache test', 'ff0000')`,
      () => server.sql`UPDATE labels SET color = '00ff00' WHERE repository_id = ${repoId} AND name = 'cache test'`,
      () => server.sql`INSERT INTO milestones (repository_id, number, title) VALUES (${repoId}, 1, 'v1')`,
      () => server.sql`UPDATE milestones SET state = 'closed' WHERE repository_id = ${repoId}`,
      () => server.sql`DELETE FROM labels WHERE repository_id = ${repoId} AND name = 'cache test'`,
    ];
    for (const step of steps) {
      const before = await generation();
      await step();
      expect(await generation()).not.toBe(before);
    }
  });
});

describe('generation reads', () => {
  it('share one statement among the requests that wait, and never one sent before a request came', async () => {
    const sent: string[] = [];
    const sql = connect(server.databaseUrl, { max: 2, onStatement: (query) => void sent.push(query) });
    try {
      const reader = new GenerationReader(sql);
      const bump = () => server.sql`UPDATE issues SET title = title WHERE repository_id = ${repoId} AND number = 1`;
      const before = await reader.read(repoId);
      const first = reader.read(repoId);
      // Asked while `first`'s statement may still be out: must not take its answer.
      await bump();
      const after = await reader.read(repoId);
      expect(await first).toBeDefined();
      expect(after).not.toBe(before);
      // Ten at once: the first is sent alone, the nine that wait for it share the next statement.
      sent.length = 0;
      const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => reader.read(i % 2 ? repoId : orgRepoId)));
      expect(sent.length).toBe(2);
      expect(ten[1]).toBe(after);
      expect(ten[0]!.split('/')[1]).toBe(after.split('/')[1]);
    } finally {
      await sql.end();
    }
  });
});
