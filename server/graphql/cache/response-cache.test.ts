// The GraphQL response cache (response-cache.ts) over real HTTP: a repeated
// query is answered without executing, and every change a page could show
// (REST and GraphQL writes, an account rename, a visibility change) is seen
// by the next query; viewers never share entries, access is checked again on
// a hit, hits are charged, and uncacheable fields are never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, parse } from 'graphql';
import { readFileSync } from 'node:fs';
import { SCHEMA_PATH } from '../../asset-paths.js';
import { apiOk } from '../../test-support/api-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { CACHEABLE_FIELDS } from './cacheable-field-list.js';
import { cacheableQuery } from './cacheable-fields.js';
import { graphqlResponseCache, type GraphqlResponseCache } from './response-cache.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let cache: GraphqlResponseCache;
const statements: string[] = [];

const PAGE = `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
  nameWithOwner isPrivate issues(first: 50) { totalCount pageInfo { hasNextPage endCursor } nodes {
    id number title state author { login } labels(first: 10) { nodes { name color } } comments { totalCount } } } } }`;

interface Answer {
  data?: Record<string, any> | null;
  errors?: { type?: string; message: string }[];
}

async function gql(query: string, variables: Record<string, unknown> = {}, token = alice.token) {
  const response = await server.api('/api/graphql', { method: 'POST', token, body: { query, variables } });
  const body = (await response.json()) as Answer;
  return {
    status: response.status,
    body,
    used: Number(response.headers.get('x-ratelimit-used')),
    type: response.headers.get('content-type'),
  };
}

/** The page of `alice/<name>` twice in a row: the second must be a hit whose answer equals the first. */
async function pageTwice(name: string, token = alice.token) {
  const first = await gql(PAGE, { owner: 'alice', name }, token);
  const hits = cache.hits;
  const second = await gql(PAGE, { owner: 'alice', name }, token);
  expect(cache.hits).toBe(hits + 1);
  expect(second.body).toEqual(first.body);
  return first.body;
}

const rest = (path: string, method: string, body?: unknown, token = alice.token) =>
  apiOk(server, path, { method, token, body });

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  cache = graphqlResponseCache(server.services);
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await rest('/user/repos', 'POST', { name: 'tracker' });
  await rest('/user/repos', 'POST', { name: 'secret', private: true });
  await rest('/user/repos', 'POST', { name: 'open' });
  for (const name of ['tracker', 'secret', 'open']) {
    await rest(`/repos/alice/${name}/issues`, 'POST', { title: `${name} one`, labels: ['bug'] });
    await rest(
      `/repos/alice/${name}/issues`,
      'POST',
      { title: `${name} two` },
      name === 'tracker' ? bob.token : alice.token,
    );
  }
});
afterAll(() => server.close());

describe('GraphQL response cache', () => {
  it('answers a repeated query without executing it: one statement, the generations', async () => {
    const first = await gql(PAGE, { owner: 'alice', name: 'tracker' });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.repository.issues.totalCount).toBe(2);
    statements.length = 0;
    const hits = cache.hits;
    const second = await gql(PAGE, { owner: 'alice', name: 'tracker' });
    expect(cache.hits).toBe(hits + 1);
    expect(second.body).toEqual(first.body);
    expect(second.type).toBe(first.type);
    expect(statements.some((s) => s.includes('issue_list_generations'))).toBe(true);
    expect(
      statements.filter((s) => /\bissues\b|issue_labels|accounts/.test(s.replace(/issue_list_generations/g, ''))),
    ).toEqual([]);
  });

  it('sees a new issue, a label added and a comment made over REST', async () => {
    await pageTwice('tracker');
    await rest('/repos/alice/tracker/issues', 'POST', { title: 'tracker three' });
    const added = await pageTwice('tracker');
    expect(added.data!.repository.issues.nodes.map((i: { title: string }) => i.title)).toContain('tracker three');
    await rest('/repos/alice/tracker/issues/2/labels', 'POST', { labels: ['docs'] });
    const labelled = await pageTwice('tracker');
    expect(labelled.data!.repository.issues.nodes[1].labels.nodes.map((l: { name: string }) => l.name)).toEqual([
      'docs',
    ]);
    await rest('/repos/alice/tracker/issues/1/comments', 'POST', { body: 'seen' }, bob.token);
    const commented = await pageTwice('tracker');
    expect(commented.data!.repository.issues.nodes[0].comments.totalCount).toBe(1);
  });

  it('sees a GraphQL mutation', async () => {
    const before = await pageTwice('open');
    const repositoryId = (await gql('{ repository(owner: "alice", name: "open") { id } }')).body.data!.repository.id;
    const created = await gql(
      'mutation($id: ID!) { createIssue(input: { repositoryId: $id, title: "made by GraphQL" }) { issue { number } } }',
      { id: repositoryId },
    );
    expect(created.body.errors).toBeUndefined();
    const after = await pageTwice('open');
    expect(after.data!.repository.issues.totalCount).toBe(before.data!.repository.issues.totalCount + 1);
    expect(after.data!.repository.issues.nodes.at(-1).title).toBe('made by GraphQL');
  });

  it("sees an account rename (an author's login)", async () => {
    const before = await pageTwice('tracker');
    expect(before.data!.repository.issues.nodes[1].author.login).toBe('bob');
    await server.services.accounts.rename(bob.id, 'robert');
    const after = await pageTwice('tracker');
    expect(after.data!.repository.issues.nodes[1].author.login).toBe('robert');
  });

  it('never shares an entry between viewers who see differently', async () => {
    const own = await pageTwice('secret');
    expect(own.data!.repository.isPrivate).toBe(true);
    const other = await gql(PAGE, { owner: 'alice', name: 'secret' }, bob.token);
    expect(other.body.data!.repository).toBeNull();
    expect(other.body.errors![0]!.type).toBe('NOT_FOUND');
    // A token of alice's without `repo` does not see private repositories either.
    const narrow = await server.tokenFor(alice.id, ['user']);
    const scoped = await gql(PAGE, { owner: 'alice', name: 'secret' }, narrow);
    expect(scoped.body.data!.repository).toBeNull();
  });

  it('checks access again on a hit: a repository made private is then not found', async () => {
    const seen = await pageTwice('open', bob.token);
    expect(seen.data!.repository.isPrivate).toBe(false);
    await rest('/repos/alice/open', 'PATCH', { private: true });
    const hits = cache.hits;
    const revoked = await gql(PAGE, { owner: 'alice', name: 'open' }, bob.token);
    expect(cache.hits).toBe(hits);
    expect(revoked.body.data!.repository).toBeNull();
    expect(revoked.body.errors![0]!.type).toBe('NOT_FOUND');
    // The owner sees the visibility change as well (the repository row is compared whole).
    expect((await gql(PAGE, { owner: 'alice', name: 'open' })).body.data!.repository.isPrivate).toBe(true);
  });

  it('charges a hit what the query costs', async () => {
    const carol = await server.createUser('carol');
    const miss = await gql(PAGE, { owner: 'alice', name: 'tracker' }, carol.token);
    const hits = cache.hits;
    const hit = await gql(PAGE, { owner: 'alice', name: 'tracker' }, carol.token);
    expect(cache.hits).toBe(hits + 1);
    expect(miss.used).toBeGreaterThan(0);
    expect(hit.used).toBe(2 * miss.used);
    const priced = await gql('{ rateLimit(dryRun: true) { cost } }', {}, carol.token);
    expect(priced.used).toBe(2 * miss.used);
  });

  it('never caches uncacheable fields, errors or mutations', async () => {
    const queries = [
      '{ viewer { login } repository(owner: "alice", name: "tracker") { name } }',
      '{ rateLimit { cost remaining } repository(owner: "alice", name: "tracker") { name } }',
      '{ repository(owner: "alice", name: "tracker") { issue(number: 1) { isPinned } } }',
      '{ repository(owner: "alice", name: "tracker") { issue(number: 1) { repository { name } } } }',
      '{ repository(owner: "alice", name: "tracker") { defaultBranchRef { name } } }',
      '{ repository(owner: "alice", name: "tracker") { owner { ... on User { name } } } }',
      '{ repository(owner: "alice", name: "missing") { name } }',
      '{ __schema { queryType { name } } }',
      'mutation { addComment(input: { subjectId: "nope", body: "x" }) { clientMutationId } }',
    ];
    for (const query of queries) {
      const stores = cache.stores;
      const hits = cache.hits;
      await gql(query);
      await gql(query);
      expect({ query, stores: cache.stores, hits: cache.hits }).toEqual({ query, stores, hits });
    }
  });

  it('lists only fields the schema has', () => {
    const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
    for (const coordinate of CACHEABLE_FIELDS) {
      const [type, field] = coordinate.split('.') as [string, string];
      const named = schema.getType(type) as { getFields?: () => Record<string, unknown> } | undefined;
      expect(named?.getFields?.()[field], coordinate).toBeDefined();
    }
  });

  it('follows fragments and interfaces, and caches queries only', () => {
    const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
    const check = (text: string, operationName?: string) => cacheableQuery(schema, parse(text), operationName);
    const page = '{ repository(owner: "a", name: "b") { issues(first: 1) { nodes { ...F } } } }';
    expect(check(`${page} fragment F on Issue { title author { login ... on User { login } } }`)).toBe(true);
    expect(check(`${page} fragment F on Issue { title ...G } fragment G on Issue { isPinned }`)).toBe(false);
    expect(check(`${page} fragment F on Issue { author { ... on User { name } } }`)).toBe(false);
    expect(check('{ repository(owner: "a", name: "b") { defaultBranchRef { name } } }')).toBe(false);
    expect(check('query A { repository(owner: "a", name: "b") { name } } query B { viewer { login } }', 'A')).toBe(
      true,
    );
    expect(check('query A { repository(owner: "a", name: "b") { name } } query B { viewer { login } }', 'B')).toBe(
      false,
    );
    expect(check('mutation { addComment(input: { subjectId: "x", body: "y" }) { clientMutationId } }')).toBe(false);
  });
});
