// GET /search/issues over real HTTP: full-text matching and its ranking, the
// qualifiers, what GitHub refuses (422), private repositories left out for
// those who cannot read them, and bodies checked against both schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser; // owns tracker (public) and secret (private)
let bob: TestUser; // collaborator on secret
let carol: TestUser; // no rights
let publicOnly: string; // alice's token without `repo` scope
const numbers: Record<string, number> = {};

async function call(path: string, token?: string) {
  const res = await server.api(path, { token });
  const text = await res.text();
  return { res, status: res.status, json: text ? JSON.parse(text) : undefined };
}

const search = (q: string, token?: string, extra = '') =>
  call(`/search/issues?q=${encodeURIComponent(q)}${extra}`, token);
const titles = (json: { items: { title: string }[] }) => json.items.map((item) => item.title).sort();

async function open(repo: string, body: Record<string, unknown>, token = alice.token) {
  const res = await server.api(`/repos/alice/${repo}/issues`, { method: 'POST', token, body });
  expect(res.status).toBe(201);
  const json = await res.json();
  numbers[body.title as string] = json.number;
  return json;
}

beforeAll(async () => {
  // Many searches here: the search resource's own limits are tested in search-rate-limit.test.ts.
  server = await startTestServer({
    WHARF_WEBHOOK_DISPATCH: 'off',
    WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED: '100000',
    WHARF_RATE_LIMIT_SEARCH_UNAUTHENTICATED: '100000',
  });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  publicOnly = await server.tokenFor(alice.id, ['user']);
  for (const [name, priv] of [
    ['tracker', false],
    ['secret', true],
  ] as const) {
    expect(
      (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name, private: priv } })).status,
    ).toBe(201);
  }
  const secret = await server.services.repos.find('alice', 'secret');
  const tracker = await server.services.repos.find('alice', 'tracker');
  for (const repo of [secret!, tracker!]) {
    await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repo.id}, ${bob.id}, 'write')`;
  }
  await open('tracker', { title: 'Crash when saving files', body: 'The editor stops on save.', assignees: ['bob'] });
  await open('tracker', { title: 'Typo in the README', body: 'A crash is spelled wrong; cc @bob' }, carol.token);
  const feature = await open('tracker', { title: 'Dark mode', body: 'Please add it.' });
  await server.api(`/repos/alice/tracker/issues/${feature.number}/comments`, {
    method: 'POST',
    token: bob.token,
    body: { body: 'It crashes my eyes without it' },
  });
  await server.api(`/repos/alice/tracker/issues/${feature.number}`, {
    method: 'PATCH',
    token: alice.token,
    body: { state: 'closed' },
  });
  await open('secret', { title: 'Secret crash', body: 'Only for us.' });
});
afterAll(() => server.close());

describe('free text', () => {
  it("finds title and body hits, stemmed, ranks title hits first, with GitHub's body", async () => {
    const { status, json, res } = await search('crashes');
    expect(status).toBe(200);
    expect(json).toMatchObject({ total_count: 2, incomplete_results: false, search_type: 'lexical' });
    expect(json.items.map((i: { title: string }) => i.title)).toEqual([
      'Crash when saving files',
      'Typo in the README',
    ]);
    expect(json.items[0].score).toBeGreaterThan(json.items[1].score);
    expect(json.items[0]).toMatchObject({
      number: numbers['Crash when saving files'],
      state: 'open',
      assignees: [{ login: 'bob' }],
    });
    expectBothSchemas(
      json,
      { path: '/search/issues', method: 'get' },
      { operationId: 'search/issues-and-pull-requests' },
    );
    expect(res.headers.get('x-ratelimit-resource')).toBe('search');
  });

  it('looks only where in: says, comments included on demand', async () => {
    expect(titles((await search('crash in:title')).json)).toEqual(['Crash when saving files']);
    expect(titles((await search('crash in:body')).json)).toEqual(['Typo in the README']);
    expect(titles((await search('crash in:comments')).json)).toEqual(['Dark mode']);
    expect(titles((await search('crash in:title,body,comments')).json)).toEqual([
      'Crash when saving files',
      'Dark mode',
      'Typo in the README',
    ]);
  });

  it('takes phrases, OR and -word; a query of stop words only restricts nothing', async () => {
    expect(titles((await search('"saving files"')).json)).toEqual(['Crash when saving files']);
    expect(titles((await search('"files saving"')).json)).toEqual([]);
    expect(titles((await search('typo OR dark')).json)).toEqual(['Dark mode', 'Typo in the README']);
    expect(titles((await search('crash -editor')).json)).toEqual(['Typo in the README']);
    expect((await search('the repo:alice/tracker')).json.total_count).toBe(3);
  });
});

describe('qualifiers', () => {
  const cases: [string, string[]][] = [
    ['repo:alice/tracker is:closed', ['Dark mode']],
    ['repo:alice/tracker state:open', ['Crash when saving files', 'Typo in the README']],
    ['user:alice is:issue is:open', ['Crash when saving files', 'Secret crash', 'Typo in the README']],
    ['repo:alice/tracker is:pr', []],
    ['repo:alice/tracker author:carol', ['Typo in the README']],
    ['repo:alice/tracker -author:carol', ['Crash when saving files', 'Dark mode']],
    ['repo:alice/tracker assignee:bob', ['Crash when saving files']],
    ['repo:alice/tracker no:assignee', ['Dark mode', 'Typo in the README']],
    ['repo:alice/tracker mentions:bob', ['Typo in the README']],
    ['repo:alice/tracker is:unlocked is:public', ['Crash when saving files', 'Dark mode', 'Typo in the README']],
    ['crash repo:ALICE/Tracker', ['Crash when saving files', 'Typo in the README']],
  ];
  for (const [q, expected] of cases) {
    it(`${q} → ${expected.length} results`, async () => {
      const { status, json } = await search(q, alice.token);
      expect(status).toBe(200);
      expect(titles(json)).toEqual(expected);
      expect(json.total_count).toBe(expected.length);
    });
  }

  it('label: (repeatable, quoted, negated) and no:label through issue_labels', async () => {
    await server.sql`INSERT INTO issue_labels (issue_id, label_id)
      SELECT i.id, l.id FROM issues i JOIN labels l ON l.repository_id = i.repository_id JOIN repositories r ON r.id = i.repository_id
      WHERE r.name = 'tracker' AND ((i.number = ${numbers['Crash when saving files']!} AND l.name IN ('bug', 'help wanted'))
                                 OR (i.number = ${numbers['Typo in the README']!} AND l.name = 'documentation'))
      ON CONFLICT DO NOTHING`;
    expect(titles((await search('repo:alice/tracker label:bug')).json)).toEqual(['Crash when saving files']);
    expect(titles((await search('repo:alice/tracker label:BUG label:"help wanted"')).json)).toEqual([
      'Crash when saving files',
    ]);
    expect(titles((await search('repo:alice/tracker label:documentation label:bug')).json)).toEqual([]);
    expect(titles((await search('repo:alice/tracker label:documentation,bug')).json)).toEqual([
      'Crash when saving files',
      'Typo in the README',
    ]);
    expect(titles((await search('repo:alice/tracker -label:bug')).json)).toEqual(['Dark mode', 'Typo in the README']);
    expect(titles((await search('repo:alice/tracker no:label')).json)).toEqual(['Dark mode']);
  });
});

describe('sorting and pages', () => {
  it('sorts by created, updated and comments in either order', async () => {
    const created = (await search('repo:alice/tracker', undefined, '&sort=created&order=asc')).json;
    expect(created.items.map((i: { number: number }) => i.number)).toEqual([1, 2, 3]);
    const desc = (await search('repo:alice/tracker', undefined, '&sort=created')).json;
    expect(desc.items.map((i: { number: number }) => i.number)).toEqual([3, 2, 1]);
    const comments = (await search('repo:alice/tracker', undefined, '&sort=comments&order=desc')).json;
    expect(comments.items[0]).toMatchObject({ title: 'Dark mode', comments: 1 });
  });

  it('pages with a Link header, and refuses pages past the first 1000 results', async () => {
    const first = await search('repo:alice/tracker', undefined, '&per_page=1&sort=created&order=asc');
    expect(first.json).toMatchObject({ total_count: 3, items: [{ number: 1 }] });
    expect(first.res.headers.get('link')).toMatch(/[?&]page=2[^>]*>; rel="next".*[?&]page=3[^>]*>; rel="last"/);
    const past = await search('repo:alice/tracker', undefined, '&per_page=100&page=11');
    expect(past.status).toBe(422);
    expect(past.json.message).toBe('Only the first 1000 search results are available');
  });
});

describe('visibility', () => {
  it('searches private repositories only for those who can read them', async () => {
    expect(titles((await search('secret')).json)).toEqual([]);
    expect(titles((await search('secret', carol.token)).json)).toEqual([]);
    expect(titles((await search('secret', publicOnly)).json)).toEqual([]);
    expect(titles((await search('secret', alice.token)).json)).toEqual(['Secret crash']);
    expect(titles((await search('secret is:private', bob.token)).json)).toEqual(['Secret crash']);
  });

  it('lets an installation search its private repositories only with the issues permission', async () => {
    const tokenOf = async (name: string, permissions: Record<string, 'read'>) => {
      const app = await createTestApp(server, alice.id, name, permissions);
      const installation = await installTestApp(server, app.app, alice.id);
      const { body } = await requestInstallationToken(
        server,
        await appJwt(app, Math.floor(Date.now() / 1000)),
        installation.id,
      );
      return body.token as string;
    };
    expect(
      titles((await search('crash', await tokenOf('issue-reader', { issues: 'read', metadata: 'read' }))).json),
    ).toEqual(['Crash when saving files', 'Secret crash', 'Typo in the README']);
    expect(
      titles((await search('crash', await tokenOf('code-reader', { contents: 'read', metadata: 'read' }))).json),
    ).toEqual(['Crash when saving files', 'Typo in the README']);
  });

  it('is 422 for a repo: the caller cannot see, as for one that does not exist', async () => {
    for (const [q, token] of [
      ['repo:alice/secret', carol.token],
      ['repo:alice/secret', undefined],
      ['repo:alice/nothing', alice.token],
    ] as const) {
      const { status, json } = await search(q, token);
      expect(status).toBe(422);
      expect(json.errors[0]).toMatchObject({ resource: 'Search', field: 'q', code: 'invalid' });
      expect(json.errors[0].message).toMatch(/cannot be searched/);
    }
    expect((await search('repo:alice/secret', alice.token)).status).toBe(200);
  });
});

describe('refused queries', () => {
  it('is 422 for an empty q, unknown names, and values GitHub does not take', async () => {
    const empty = await search('   ');
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual([{ resource: 'Search', field: 'q', code: 'missing' }]);
    expect((await call('/search/issues')).status).toBe(422);
    for (const q of [
      '-no:label',
      '-repo:alice/nothing',
      'label:,',
      'author:nobody-here',
      'assignee:nobody-here',
      'user:nobody-here',
      'state:merged',
      'is:draftish',
      'in:labels',
      'no:reviewer',
      'repo:justone',
      'created:>2020-13-01',
      'comments:lots',
      'x'.repeat(257),
    ]) {
      const { status, json } = await search(q);
      expect(status, q).toBe(422);
      expect(json.message).toBe('Validation Failed');
    }
  });

  it('answers semantic and hybrid searches lexically, saying so', async () => {
    const { status, json } = await search('crash', undefined, '&search_type=semantic');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      search_type: 'lexical',
      lexical_fallback_reason: ['service_unavailable'],
      total_count: 2,
    });
  });
});
