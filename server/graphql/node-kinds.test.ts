// Every node kind of the interface (the twenty, gists' G_ and GC_ too), made
// through the public API on one server: each resolves through `node` in both
// ID forms, `nodes` batches them at one statement per kind, a stranger sees
// none of a private repository's, and each kind's deletion retires its id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_KINDS, type NodeType } from '../ids/node-kinds.js';
import { installationTokenFor } from '../test-support/apps.js';
import {
  legacyOf,
  makeGistNodes,
  makeRepoNodes,
  NODE_FIELDS,
  type GistNodes,
  type MadeNode,
  type RepoNodes,
} from '../test-support/node-kinds-scenario.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let stranger: TestUser;
let appToken: string;
let accounts: MadeNode[];
let pub: RepoNodes;
let other: RepoNodes;
let secret: RepoNodes;
let gists: GistNodes;
let secretGists: GistNodes;
const statements: string[] = [];

// The interface's twenty kinds (codes 1..20; the later ones are the timeline's and apps').
const SERVED = NODE_KINDS.filter((k) => k.code <= 20);

async function gql(query: string, variables: Record<string, unknown>, token = alice.token) {
  const response = await server.api('/api/graphql', { method: 'POST', token, body: { query, variables } });
  expect(response.status).toBe(200);
  return (await response.json()) as { data?: Record<string, any>; errors?: { type?: string }[] };
}

const NODE = `query($id: ID!) { node(id: $id) { ${NODE_FIELDS} } }`;
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { ${NODE_FIELDS} } }`;
const answerOf = (node: MadeNode) => ({ __typename: node.type, id: node.id, ...node.answer });
const all = (repo: RepoNodes) => [...repo.nodes.values()];
const gistsOf = (made: GistNodes) => [made.gist, made.comment];

/** The SQL statements of one request (not the pipeline's own: token, rate limit windows, bus). */
async function counted(ids: string[], token = alice.token) {
  await gql('{ viewer { login } }', {}, token); // warm the token cache and the rate-limit lease
  statements.length = 0;
  const body = await gql(NODES, { ids }, token);
  const reads = statements.filter((q) => !/\b(rate_limit\w*|tokens|oauth\w*|bus_\w*|pg_notify|LISTEN)\b/i.test(q));
  return { body, reads };
}

async function expectGone(node: MadeNode, token = alice.token) {
  const body = await gql(NODE, { id: node.id }, token);
  expect(body.data?.node ?? null, `${node.type} ${node.id}`).toBeNull();
  expect(body.errors?.[0]?.type).toBe('NOT_FOUND');
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, { onStatement: (q) => void statements.push(q) });
  alice = await server.createUser('alice');
  stranger = await server.createUser('stranger');
  await server.createOrg('acme', alice.id);
  appToken = await installationTokenFor(server, alice.id, 'Node CI', { checks: 'write' });
  const user = (await (await server.api('/users/alice', { token: alice.token })).json()) as { node_id: string };
  const org = (await (await server.api('/orgs/acme', { token: alice.token })).json()) as { node_id: string };
  accounts = [
    { type: 'User', id: user.node_id, answer: { login: 'alice' } },
    { type: 'Organization', id: org.node_id, answer: { login: 'acme' } },
  ];
  pub = await makeRepoNodes(server, alice, appToken, 'pub');
  other = await makeRepoNodes(server, alice, appToken, 'other');
  secret = await makeRepoNodes(server, alice, appToken, 'secret', true);
  gists = await makeGistNodes(server, alice);
  secretGists = await makeGistNodes(server, alice, false);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('every node kind', () => {
  it('has the interface prefix and resolves through node, in both ID forms', async () => {
    const made = [...accounts, ...all(pub), ...gistsOf(gists), ...gistsOf(secretGists)];
    expect([...new Set(made.map((n) => n.type))].sort()).toEqual(SERVED.map((k) => k.type).sort());
    for (const node of made) {
      expect(node.id.startsWith(SERVED.find((k) => k.type === node.type)!.prefix), node.id).toBe(true);
      const byId = await gql(NODE, { id: node.id });
      expect(byId.errors, node.type).toBeUndefined();
      expect(byId.data!.node).toEqual(answerOf(node));
      // The legacy form resolves to the same node, which answers with its prefixed id.
      const byLegacy = await gql(NODE, { id: legacyOf(node.id) });
      expect(byLegacy.errors, `${node.type} ${legacyOf(node.id)}`).toBeUndefined();
      expect(byLegacy.data!.node).toEqual(answerOf(node));
    }
  });

  it('nodes with 100 mixed ids answers as node does, at one statement per kind', async () => {
    const distinct = [
      ...accounts,
      ...all(pub),
      ...all(other),
      ...all(secret),
      ...gistsOf(gists),
      ...gistsOf(secretGists),
    ];
    const ids = Array.from({ length: 100 }, (_v, i) => distinct[(i * 7) % distinct.length]!.id);
    const { body, reads } = await counted(ids);
    expect(body.errors).toBeUndefined();
    expect(body.data!.nodes).toEqual(ids.map((id) => answerOf(distinct.find((n) => n.id === id)!)));
    // One id of each kind costs what 100 do: nothing is read one row per id.
    const one = await counted([...accounts, ...all(pub), ...gistsOf(gists)].map((n) => n.id));
    expect(one.body.errors).toBeUndefined();
    expect(reads.length, reads.join('\n---\n')).toBe(one.reads.length);
    expect(reads.length, reads.join('\n---\n')).toBeLessThanOrEqual(SERVED.length + 1);
    // Every read is a batch (`= ANY(…)`), never one row of a kind by its id.
    expect(reads.filter((q) => !/= ANY\(/.test(q))).toEqual([]);
  });

  it('a stranger gets null for every kind inside a private repository, through node and nodes', async () => {
    const hidden = all(secret);
    for (const node of hidden) await expectGone(node, stranger.token);
    const { body, reads } = await counted(
      hidden.map((n) => n.id),
      stranger.token,
    );
    expect(body.data!.nodes).toEqual(hidden.map(() => null));
    expect(reads.length, reads.join('\n---\n')).toBeLessThanOrEqual(SERVED.length + 1);
    expect(reads.filter((q) => !/= ANY\(/.test(q))).toEqual([]);
  });

  it('deleting each kind retires its id: node answers null, and the next one of the kind gets another id', async () => {
    const old = all(pub);
    const node = (type: NodeType) => pub.nodes.get(type)!;
    const remove = async (path: string) =>
      expect((await server.api(path, { method: 'DELETE', token: alice.token })).status, path).toBe(204);
    // The kinds GitHub deletes on their own.
    for (const [path, type] of [
      [pub.paths.reaction, 'Reaction'],
      [pub.paths.issueComment, 'IssueComment'],
      [pub.paths.label, 'Label'],
      [pub.paths.milestone, 'Milestone'],
      [pub.paths.asset, 'ReleaseAsset'],
      [pub.paths.release, 'Release'],
      [pub.paths.reviewComment, 'PullRequestReviewComment'],
    ] as const) {
      await remove(path);
      await expectGone(node(type));
    }
    // A gist's comment, then the gist (a secret one too: its comment goes with it).
    await remove(gists.paths.comment);
    await expectGone(gists.comment);
    for (const made of [gists, secretGists]) {
      await remove(made.paths.gist);
      await expectGone(made.gist);
    }
    await expectGone(secretGists.comment);
    const nextGist = await makeGistNodes(server, alice);
    for (const made of gistsOf(nextGist))
      expect([gists.gist.id, gists.comment.id, secretGists.gist.id, secretGists.comment.id]).not.toContain(made.id);
    // A review is deleted while pending only (a submitted one goes with the repository below).
    const pending = await server.api(`${pub.pull}/reviews`, {
      method: 'POST',
      token: alice.token,
      body: { body: 'p' },
    });
    const review = (await pending.json()) as { id: number; node_id: string };
    expect((await gql(NODE, { id: review.node_id })).data?.node).toMatchObject({ __typename: 'PullRequestReview' });
    expect(
      (await server.api(`${pub.pull}/reviews/${review.id}`, { method: 'DELETE', token: alice.token })).status,
    ).toBe(200);
    await expectGone({ type: 'PullRequestReview', id: review.node_id, answer: {} });
    const deleted = await gql('mutation($id: ID!) { deleteIssue(input: { issueId: $id }) { clientMutationId } }', {
      id: node('Issue').id,
    });
    expect(deleted.errors).toBeUndefined();
    await expectGone(node('Issue'));
    // Pull requests, reviews, threads, checks, statuses and commits have no delete of their own: they go with
    // the repository, and so does it.
    await remove(`/repos/${pub.repo}`);
    for (const gone of old) await expectGone(gone);

    // The same repository made again, with the same first commit. A commit's id is its repository's id and its
    // sha, so "retired" for a commit means: its repository's deletion retires it, and the same sha in the new
    // repository (a new repository id) is another node.
    const again = await makeRepoNodes(server, alice, appToken, 'pub');
    expect(again.nodes.get('Commit')!.answer).toEqual(node('Commit').answer);
    const oldIds = new Set(old.map((n) => n.id));
    for (const made of all(again)) expect(oldIds.has(made.id), `${made.type} ${made.id} reused`).toBe(false);
    for (const gone of old) await expectGone(gone);
    // Users and organizations: Wharf has no API that deletes an account, so nothing retires their ids yet.
  });
});
