// GET /search/issues over real HTTP: the qualifiers GitHub evaluates beyond
// the basic ones (dates, counts, milestone, reason, commenter, involves,
// archived, @me, negation, NOT) and the reaction sorts, on issues whose
// dates are set so every boundary is tested; the search stays the same
// number of statements whatever it asks for; private repositories stay out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser; // owns board (public) and vault (private)
let bob: TestUser;
let carol: TestUser; // owns attic (public, archived); no rights on vault
const statements: string[] = [];

const search = async (q: string, token?: string, extra = '') => {
  const res = await server.api(`/search/issues?q=${encodeURIComponent(q)}${extra}`, { token });
  return { status: res.status, json: await res.json() };
};
const titles = async (q: string, token?: string) => {
  const { status, json } = await search(q, token);
  expect(status, `${q}: ${JSON.stringify(json)}`).toBe(200);
  expect(json.total_count).toBe(json.items.length);
  return json.items.map((item: { title: string }) => item.title).sort();
};

async function post(path: string, token: string, body: Record<string, unknown>, method = 'POST') {
  const res = await server.api(path, { method, token, body });
  expect(res.status, path).toBeLessThan(300);
  return res.status === 204 ? undefined : res.json();
}

async function dated(id: number, created: string, updated: string, closed?: string) {
  await server.sql`UPDATE issues SET created_at = ${created}, updated_at = ${updated}, closed_at = ${closed ?? null} WHERE id = ${id}`;
}

beforeAll(async () => {
  server = await startTestServer(
    {
      WHARF_WEBHOOK_DISPATCH: 'off',
      WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED: '100000',
      WHARF_RATE_LIMIT_SEARCH_UNAUTHENTICATED: '100000',
    },
    { onStatement: (query) => void statements.push(query) },
  );
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  await post('/user/repos', alice.token, { name: 'board' });
  await post('/user/repos', alice.token, { name: 'vault', private: true });
  await post('/user/repos', carol.token, { name: 'attic' });
  const board = (await server.services.repos.find('alice', 'board'))!;
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${board.id}, ${bob.id}, 'write'), (${board.id}, ${carol.id}, 'triage')`;
  const release = await post('/repos/alice/board/milestones', alice.token, { title: 'Release 1.0' });
  const v2 = await post('/repos/alice/board/milestones', alice.token, { title: 'v2' });

  const alpha = await post('/repos/alice/board/issues', alice.token, {
    title: 'Alpha',
    body: 'First.',
    milestone: release.number,
  });
  for (const body of ['one', 'two'])
    await post(`/repos/alice/board/issues/${alpha.number}/comments`, bob.token, { body });
  for (const [user, content] of [
    [bob, '+1'],
    [carol, '+1'],
    [alice, 'heart'],
  ] as const) {
    await post(`/repos/alice/board/issues/${alpha.number}/reactions`, user.token, { content });
  }
  const beta = await post('/repos/alice/board/issues', carol.token, { title: 'Beta', body: 'Second.' });
  await post(`/repos/alice/board/issues/${beta.number}/assignees`, alice.token, { assignees: ['bob'] });
  await post(`/repos/alice/board/issues/${beta.number}/reactions`, alice.token, { content: 'laugh' });
  await post(`/repos/alice/board/issues/${beta.number}`, alice.token, { state: 'closed' }, 'PATCH');
  const gamma = await post('/repos/alice/board/issues', bob.token, {
    title: 'Gamma',
    body: 'Third, for @alice.',
    milestone: v2.number,
  });
  await post(`/repos/alice/board/issues/${gamma.number}/comments`, carol.token, { body: 'three' });
  await post(
    `/repos/alice/board/issues/${gamma.number}`,
    alice.token,
    { state: 'closed', state_reason: 'not_planned' },
    'PATCH',
  );
  await post(`/repos/alice/board/issues/${gamma.number}/lock`, alice.token, {}, 'PUT');
  const delta = await post('/repos/alice/vault/issues', alice.token, { title: 'Delta', body: 'Private.' });
  const epsilon = await post('/repos/carol/attic/issues', carol.token, { title: 'Epsilon', body: 'Old.' });
  await server.sql`UPDATE repositories SET archived = true WHERE id = ${(await server.services.repos.find('carol', 'attic'))!.id}`;

  await dated(alpha.id, '2024-01-10T12:00:00Z', '2024-03-01T10:00:00Z');
  await dated(beta.id, '2024-02-01T00:30:00Z', '2024-02-15T08:00:00Z', '2024-02-15T08:00:00Z');
  await dated(gamma.id, '2024-03-05T09:00:00Z', '2024-03-20T18:00:00Z', '2024-03-20T18:00:00Z');
  await dated(delta.id, '2024-01-15T00:00:00Z', '2024-01-15T00:00:00Z');
  await dated(epsilon.id, '2023-06-01T00:00:00Z', '2023-06-01T00:00:00Z');
});
afterAll(() => server.close());

const ALL = ['Alpha', 'Beta', 'Gamma'];
const cases: [string, string[]][] = [
  ['created:2024-01-10', ['Alpha']],
  ['created:>2024-01-10', ['Beta', 'Gamma']],
  ['created:>=2024-01-10', ALL],
  ['created:<2024-02-01', ['Alpha']],
  ['created:<=2024-02-01', ['Alpha', 'Beta']],
  ['created:2024-01-01..2024-02-01', ['Alpha', 'Beta']],
  ['created:*..2024-01-31', ['Alpha']],
  ['created:2024-02-02..*', ['Gamma']],
  ['created:*..*', ALL],
  ['created:<=9999-12-31 created:>=0001-01-01T00:00:00+14:00', ALL],
  ['created:>9999-12-31T23:59:59-23:59', []],
  // 2024-02-01T01:00Z and 00:00Z: Beta was created at 00:30Z.
  ['created:>2024-01-31T23:00:00-02:00', ['Gamma']],
  ['created:>=2024-02-01T01:00:00+01:00', ['Beta', 'Gamma']],
  ['created:2024-01-10T12:00:00Z..2024-02-01T00:30:00Z', ['Alpha', 'Beta']],
  ['-created:2024-01-10', ['Beta', 'Gamma']],
  ['updated:<2024-03-02', ['Alpha', 'Beta']],
  ['closed:>=2024-02-15', ['Beta', 'Gamma']],
  ['closed:2024-03-20', ['Gamma']],
  ['closed:*..*', ['Beta', 'Gamma']],
  ['-closed:<2024-03-01', ['Alpha', 'Gamma']],
  ['comments:2', ['Alpha']],
  ['comments:>0', ['Alpha', 'Gamma']],
  ['comments:0', ['Beta']],
  ['comments:1..5', ['Alpha', 'Gamma']],
  ['comments:<1', ['Beta']],
  ['reactions:>=3', ['Alpha']],
  ['reactions:1', ['Beta']],
  ['-reactions:>0', ['Gamma']],
  ['interactions:>2', ['Alpha']],
  ['interactions:1', ['Beta', 'Gamma']],
  ['milestone:"release 1.0"', ['Alpha']],
  ['milestone:v2 milestone:"Release 1.0"', ['Alpha', 'Gamma']],
  ['-milestone:v2', ['Alpha', 'Beta']],
  ['no:milestone', ['Beta']],
  ['no:project no:milestone', ['Beta']],
  ['reason:completed', ['Beta']],
  ['reason:"not planned"', ['Gamma']],
  ['-reason:completed', ['Alpha', 'Gamma']],
  ['commenter:bob', ['Alpha']],
  ['commenter:carol', ['Gamma']],
  ['-commenter:bob', ['Beta', 'Gamma']],
  ['involves:bob', ALL],
  ['involves:alice', ['Alpha', 'Gamma']],
  ['involves:carol', ['Beta', 'Gamma']],
  ['-involves:carol', ['Alpha']],
  ['author:alice author:carol', ['Alpha', 'Beta']],
  ['author:@bob', ['Gamma']],
  ['assignee:*', ['Beta']],
  ['-assignee:*', ['Alpha', 'Gamma']],
  ['is:locked', ['Gamma']],
  ['-is:locked', ['Alpha', 'Beta']],
  ['-is:open', ['Beta', 'Gamma']],
  ['-state:closed', ['Alpha']],
  ['-type:pr', ALL],
  ['-is:issue', []],
  ['-archived:true', ALL],
  ['NOT alpha', ['Beta', 'Gamma']],
  ['label:"help wanted" label:bug', []],
];

describe('qualifiers in repo:alice/board', () => {
  for (const [q, expected] of cases) {
    it(`${q} → ${expected.join(', ') || 'nothing'}`, async () => {
      expect(await titles(`repo:alice/board ${q}`, alice.token)).toEqual(expected);
    });
  }
});

describe('owners, archives and @me', () => {
  it('user:/org: search only the repositories the caller may read', async () => {
    expect(await titles('user:alice', alice.token)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await titles('user:alice', carol.token)).toEqual(ALL);
    expect(await titles('org:alice')).toEqual(ALL);
    expect(await titles('user:alice is:private', carol.token)).toEqual([]);
    expect(await titles('user:alice is:private created:2024-01-15', alice.token)).toEqual(['Delta']);
    expect(await titles('user:alice -repo:alice/board', alice.token)).toEqual(['Delta']);
    expect(await titles('-user:alice', alice.token)).toEqual(['Epsilon']);
    expect(await titles('-user:carol', carol.token)).toEqual(ALL);
    expect(await titles('-repo:carol/attic', bob.token)).toEqual(ALL);
    expect(await titles('user:alice user:carol created:<2024-01-11', carol.token)).toEqual(['Alpha', 'Epsilon']);
  });

  it('archived: picks issues of archived repositories or the others', async () => {
    expect(await titles('archived:true', alice.token)).toEqual(['Epsilon']);
    expect(await titles('archived:false user:carol', alice.token)).toEqual([]);
  });

  it('@me is the caller, and 422 for an anonymous one', async () => {
    expect(await titles('author:@me', carol.token)).toEqual(['Beta', 'Epsilon']);
    expect(await titles('mentions:@me repo:alice/board', alice.token)).toEqual(['Gamma']);
    expect(await titles('involves:@me', bob.token)).toEqual(ALL);
    expect(await titles('user:@me', carol.token)).toEqual(['Epsilon']);
    expect(await titles('-author:@me repo:alice/board', bob.token)).toEqual(['Alpha', 'Beta']);
    const anonymous = await search('author:@me');
    expect(anonymous.status).toBe(422);
    expect(anonymous.json.errors[0]).toMatchObject({ resource: 'Search', field: 'q', code: 'invalid' });
  });
});

describe('reaction and interaction sorts', () => {
  const order = async (sort: string, direction = 'desc') => {
    const { status, json } = await search(
      'repo:alice/board',
      alice.token,
      `&sort=${encodeURIComponent(sort)}&order=${direction}`,
    );
    expect(status).toBe(200);
    expectBothSchemas(
      json,
      { path: '/search/issues', method: 'get' },
      { operationId: 'search/issues-and-pull-requests' },
    );
    return json.items.map((item: { title: string }) => item.title);
  };

  it("sorts by all reactions, one content (GitHub's names) and interactions, ties by id", async () => {
    expect(await order('reactions')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await order('reactions', 'asc')).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect((await order('reactions-+1'))[0]).toBe('Alpha');
    expect((await order('reactions-smile'))[0]).toBe('Beta');
    expect((await order('reactions-heart'))[0]).toBe('Alpha');
    expect(await order('interactions')).toEqual(['Alpha', 'Gamma', 'Beta']);
    expect(await order('comments', 'asc')).toEqual(['Beta', 'Gamma', 'Alpha']);
  });

  it('takes sort: in q, and the sort parameter over it', async () => {
    const inQuery = async (q: string, extra = '') =>
      (await search(`repo:alice/board ${q}`, alice.token, extra)).json.items.map((i: { title: string }) => i.title);
    expect(await inQuery('sort:reactions-asc')).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(await inQuery('sort:interactions')).toEqual(['Alpha', 'Gamma', 'Beta']);
    expect(await inQuery('sort:reactions-heart-asc')).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(await inQuery('sort:created-asc', '&sort=comments')).toEqual(['Alpha', 'Gamma', 'Beta']);
  });
});

describe('malformed values', () => {
  it("is 422 with GitHub's validation body", async () => {
    for (const q of [
      'created:yesterday',
      'created:2024-02-30',
      'created:>',
      'updated:2024-01-01T25:00:00Z',
      'closed:2024-01-01..later',
      'comments:many',
      'comments:-1',
      'reactions:1..x',
      'interactions:>=1.5',
      'reason:later',
      'archived:maybe',
      '-no:label',
      '-in:title',
      '-sort:created',
      'sort:stars',
      'sort:created-up',
      'commenter:*',
      '-org:*',
      'user:*',
      'commenter:nobody-here',
      'involves:nobody-here',
      'draft:true',
    ]) {
      const { status, json } = await search(q, alice.token);
      expect(status, q).toBe(422);
      expect(json.message).toBe('Validation Failed');
      expect(json.errors, q).toEqual([
        expect.objectContaining({ resource: 'Search', field: 'q', code: 'invalid', message: expect.any(String) }),
      ]);
    }
  });
});

describe('cost', () => {
  // The server's background work (a rate-limit lease, an expired cache entry)
  // can add a statement to any one request on a busy machine: the fewest of
  // three is the search's own count.
  const count = async (q: string) => {
    await search(q, alice.token); // warm: caches of the caller and the repository
    const counts: number[] = [];
    for (let round = 0; round < 3; round++) {
      statements.length = 0;
      const { status, json } = await search(q, alice.token);
      expect(status).toBe(200);
      expect(json.items.map((item: { title: string }) => item.title)).toEqual(['Gamma']);
      counts.push(statements.length);
    }
    return Math.min(...counts);
  };

  it('a search with every qualifier takes as many statements as one with a single login', async () => {
    const plain = await count('repo:alice/board author:bob');
    const full = await count(
      'repo:alice/board author:bob commenter:carol involves:@me mentions:alice milestone:v2 created:>2020-01-01 ' +
        'closed:*..* comments:>=0 reactions:0..5 interactions:<100 reason:"not planned" -label:x no:label -assignee:* -archived:true is:locked',
    );
    expect(full).toBe(plain);
  });
});
