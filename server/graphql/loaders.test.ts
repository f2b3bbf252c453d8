// The loader pattern (loaders.ts) keeps GraphQL's SQL bounded by the kinds a
// query touches, not by how many objects it returns: `nodes(ids:)` with 100
// mixed ids reads the accounts once, the repositories once and the caller's
// permissions once. Every statement the server sends is counted (postgres.js
// `debug`), and the answers are checked too: batching must not change who
// sees what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNodeId } from '../ids/node-id.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let viewer: TestUser;
const statements: string[] = [];
/** The ids asked for, in order, with the answer a correct server gives for each. */
const expected: { id: string; answer: Record<string, unknown> | null }[] = [];

/** Statements that read what a resolver serves (not the pipeline's rate-limit leases or the bus's heartbeats). */
const reads = () => statements.filter((q) => /\b(accounts|repositories|collaborators|org_members)\b/.test(q));

async function gql(query: string, variables: Record<string, unknown>) {
  const response = await server.api('/api/graphql', {
    method: 'POST',
    token: viewer.token,
    body: { query, variables },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
}

/** Runs the request with the statement log cleared first: what is left is this request's. */
async function counted(query: string, variables: Record<string, unknown>) {
  statements.length = 0;
  const body = await gql(query, variables);
  return { body, reads: reads() };
}

beforeAll(async () => {
  server = await startTestServer({}, { onStatement: (query) => void statements.push(query) });
  viewer = await server.createUser('viewer');
  const sql = server.sql;
  const users = [];
  for (let i = 0; i < 20; i++) users.push(await server.services.accounts.create(`user${i}`, 'User'));
  const member = await server.createOrg('member-org', viewer.id); // viewer is an admin of it
  const other = await server.createOrg('other-org', users[0]!.id);
  for (const user of users.slice(0, 10))
    expected.push({ id: encodeNodeId('User', user.id), answer: { __typename: 'User', login: user.login } });
  for (const org of [member, other])
    expected.push({
      id: encodeNodeId('Organization', org.id),
      answer: { __typename: 'Organization', login: org.login },
    });
  // 80 repositories: public ones anyone sees; private ones only through ownership, org rights or a grant.
  const owners = [...users, member, other];
  for (let i = 0; i < 80; i++) {
    const owner = owners[i % owners.length]!;
    const isPrivate = i % 3 === 0;
    const [row] = await sql<{ id: number }[]>`
      INSERT INTO repositories (owner_id, name, private) VALUES (${owner.id}, ${`repo-${i}`}, ${isPrivate}) RETURNING id`;
    const granted = isPrivate && i % 2 === 0 && owner.id !== member.id;
    if (granted)
      await sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${row!.id}, ${viewer.id}, 'read')`;
    const visible = !isPrivate || granted || owner.id === member.id;
    expected.push({
      id: encodeNodeId('Repository', row!.id),
      answer: visible ? { __typename: 'Repository', nameWithOwner: `${owner.login}/repo-${i}` } : null,
    });
  }
  // Warm the pipeline (token cache, rate-limit lease) so the counts are the resolvers' own.
  await gql('{ viewer { login } }', {});
});

afterAll(async () => {
  await server?.close();
});

const NODES = `query($ids: [ID!]!) {
  nodes(ids: $ids) {
    __typename
    ... on User { login }
    ... on Organization { login }
    ... on Repository { nameWithOwner }
  }
}`;

describe('GraphQL loaders', () => {
  it('nodes with 100 mixed ids: one statement per kind, answers as one node at a time would give', async () => {
    expect(expected).toHaveLength(92);
    const ids = [...expected.map((e) => e.id), ...expected.slice(0, 8).map((e) => e.id)]; // 100, with repeats
    const { body, reads } = await counted(NODES, { ids });
    expect(body.errors).toBeUndefined();
    expect(body.data!.nodes).toEqual(ids.map((id) => expected.find((e) => e.id === id)!.answer));
    // accounts (users and organizations share one table), repositories, the viewer's permissions.
    expect(reads.filter((q) => /\bFROM accounts\b/.test(q) && !/\brepositories\b/.test(q))).toHaveLength(1);
    // The permissions read grants through the view of collaborators and teams (repository_grants).
    expect(reads.filter((q) => /\bFROM repositories r\b/.test(q) && !/repository_grants/.test(q))).toHaveLength(1);
    expect(reads.filter((q) => /repository_grants/.test(q))).toHaveLength(1);
    expect(reads).toHaveLength(3);

    // The same answers one id at a time (no batching across requests: each call has its own loaders).
    for (const { id, answer } of expected.filter((_e, i) => i % 9 === 0)) {
      const single = await gql(
        'query($id: ID!) { node(id: $id) { __typename ... on User { login } ... on Organization { login } ... on Repository { nameWithOwner } } }',
        { id },
      );
      expect(single.data?.node ?? null).toEqual(answer);
    }
  });

  it('repositories asking for their owners add one statement for all owners', async () => {
    const repoIds = expected.filter((e) => e.answer?.__typename === 'Repository').map((e) => e.id);
    const { body, reads } = await counted(
      'query($ids: [ID!]!) { nodes(ids: $ids) { ... on Repository { nameWithOwner owner { login } } } }',
      { ids: repoIds },
    );
    expect(body.errors).toBeUndefined();
    for (const node of body.data!.nodes as { nameWithOwner: string; owner: { login: string } }[]) {
      expect(node.owner.login).toBe(node.nameWithOwner.split('/')[0]);
    }
    expect(reads).toHaveLength(3); // repositories, permissions, owners
  });

  it('repository(owner:, name:) with its owner: at most one statement per kind', async () => {
    const query =
      'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { nameWithOwner isPrivate owner { login } } }';
    const { body, reads } = await counted(query, { owner: 'user1', name: 'repo-1' });
    expect(body.data!.repository).toEqual({
      nameWithOwner: 'user1/repo-1',
      isPrivate: false,
      owner: { login: 'user1' },
    });
    expect(reads.length).toBeLessThanOrEqual(3); // the repository (until cached), permission, owner
    const again = await counted(query, { owner: 'user1', name: 'repo-1' });
    expect(again.reads.length).toBeLessThanOrEqual(2);
  });
});
