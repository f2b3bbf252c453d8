// Git content that makes small queries large (issue 32): a tree whose
// entries all point at one subtree (five levels of 20 make 3.2 million
// paths), a large tree, and one blob's text (or commit's message) selected
// hundreds of times. Each is refused before it runs, or bounded as its answer
// is built, and the price (`rateLimit.cost`) counts the lists and texts a
// query asks for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

interface GraphqlBody {
  data?: any;
  errors?: { message: string; type?: string }[];
}

let server: TestServer;
let alice: TestUser;
const trees: string[] = []; // trees[0] holds 20 blobs; trees[i] 20 entries pointing at trees[i - 1]
let blobSha = '';
let wideTree = '';
let shortTree = '';

async function post(path: string, body: unknown): Promise<any> {
  const response = await server.api(`/repos/alice/bomb/git/${path}`, { method: 'POST', token: alice.token, body });
  expect(response.status).toBe(201);
  return response.json();
}

async function gql(query: string, variables?: Record<string, unknown>) {
  const response = await server.api('/api/graphql', { method: 'POST', token: alice.token, body: { query, variables } });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { bytes: text.length, body: JSON.parse(text) as GraphqlBody };
}

function expectRefused(body: GraphqlBody, type: string) {
  expect(body.data ?? undefined).toBeUndefined();
  expect(body.errors).toHaveLength(1);
  expect(body.errors![0]).toMatchObject({ type });
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_RATE_LIMIT_AUTHENTICATED: '100000' });
  alice = await server.createUser('alice');
  await server.createRepo(alice.token, { name: 'bomb', auto_init: true });
  // A 256 KB text blob, and the trees, through the git data API as anyone may make them in their own repository.
  blobSha = (await post('blobs', { content: 'x'.repeat(256 * 1024), encoding: 'utf-8' })).sha;
  const entries = (mode: string, type: string, sha: string) =>
    Array.from({ length: 20 }, (_, i) => ({ path: `e${i}`, mode, type, sha }));
  trees.push((await post('trees', { tree: entries('100644', 'blob', blobSha) })).sha);
  for (let level = 1; level < 5; level++)
    trees.push((await post('trees', { tree: entries('040000', 'tree', trees[level - 1]!) })).sha);
  // 1,500 entries with long names: past the cap, and too large (130 KB) to be read whole.
  const wide = Array.from({ length: 1500 }, (_, i) => ({
    path: `f${String(i).padStart(4, '0')}-${'n'.repeat(60)}`,
    mode: '100644',
    type: 'blob',
    sha: blobSha,
  }));
  wideTree = (await post('trees', { tree: wide })).sha;
  // 1,500 entries with short names (46 KB): past the cap, read whole.
  shortTree = (
    await post('trees', { tree: wide.map((entry, i) => ({ ...entry, path: `f${String(i).padStart(4, '0')}` })) })
  ).sha;
});
afterAll(() => server?.close());

/** `entries { name object { ... on Tree { <inner> } } }` nested `levels` deep: the 313-byte query at 5. */
function nestedEntries(levels: number): string {
  let inner = 'oid';
  for (let i = 0; i < levels; i++) inner = `entries{name object{...on Tree{${inner}}}}`;
  return `{repository(owner:"alice",name:"bomb"){object(oid:"${trees[4]}"){...on Tree{${inner}}}}}`;
}

describe('a tree repeating one subtree', () => {
  it('refuses five nested levels of entries before running them, by the node limit', async () => {
    const { body, bytes } = await gql(nestedEntries(5));
    expectRefused(body, 'MAX_NODE_LIMIT_EXCEEDED');
    expect(body.errors![0]!.message).toBe(
      'By the time this query traverses to the entries connection, it is requesting up to 1,000,000,000,000,000 possible nodes which exceeds the maximum limit of 500,000.',
    );
    expect(bytes).toBeLessThan(1000);
  });

  it('refuses two nested levels: a tree counts as 1,000 entries', async () => {
    expectRefused((await gql(nestedEntries(2))).body, 'MAX_NODE_LIMIT_EXCEEDED');
  });

  it('answers one level, priced by the entries and texts below it', async () => {
    const { body } = await gql(`{ rateLimit { cost nodeCount } ${nestedEntries(1).slice(1, -1)} }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.repository.object.entries).toHaveLength(20);
    expect(body.data.repository.object.entries[0]).toEqual({ name: 'e0', object: { oid: trees[3] } });
    expect(body.data.rateLimit).toEqual({ cost: 1, nodeCount: 1000 });
    const texts = await gql(`{ rateLimit { cost } repository(owner: "alice", name: "bomb") {
      object(oid: "${trees[0]}") { ... on Tree { entries { object { ... on Blob { byteSize } } } } } } }`);
    expect(texts.body.data.rateLimit.cost).toBe(1);
    // One read of entries, and one per entry's text: 1,001 requests, 10 points.
    const dry = await gql(`{ rateLimit(dryRun: true) { cost } repository(owner: "alice", name: "bomb") {
      object(oid: "${trees[0]}") { ... on Tree { entries { object { ... on Blob { text } } } } } } }`);
    expect(dry.body.data.rateLimit.cost).toBe(10);
  });
});

describe('a large tree', () => {
  it('lists its first 1,000 entries, in git order, whether read whole or streamed', async () => {
    for (const tree of [shortTree, wideTree]) {
      const { body } = await gql(
        `{ repository(owner: "alice", name: "bomb") { object(oid: "${tree}") { ... on Tree { entries { name } } } } }`,
      );
      expect(body.errors).toBeUndefined();
      const names = body.data.repository.object.entries.map((entry: { name: string }) => entry.name);
      expect(names).toHaveLength(1000);
      expect(names[0]).toMatch(/^f0000/);
      expect(names[999]).toMatch(/^f0999/);
    }
  });
});

describe('one large text selected 400 times', () => {
  it('is refused once the answer passes 10 MB, with one error and no data', async () => {
    const id = (await gql(`{ repository(owner: "alice", name: "bomb") { object(oid: "${blobSha}") { id } } }`)).body
      .data.repository.object.id;
    const aliases = ['a', 'b', 'c', 'd']
      .map((alias) => `${alias}: nodes(ids: $ids) { ... on Blob { text } }`)
      .join(' ');
    const { body, bytes } = await gql(`query($ids: [ID!]!) { ${aliases} }`, { ids: Array<string>(100).fill(id) });
    expectRefused(body, 'MAX_ANSWER_SIZE_EXCEEDED');
    expect(body.errors![0]!.message).toMatch(/larger than the limit of 10 MB of tree entries, blob texts and messages/);
    expect(bytes).toBeLessThan(1000);
    // Within the bound the same text is answered.
    const few = await gql('query($ids: [ID!]!) { nodes(ids: $ids) { ... on Blob { text } } }', {
      ids: Array<string>(10).fill(id),
    });
    expect(few.body.errors).toBeUndefined();
    expect(few.body.data.nodes[9].text).toHaveLength(256 * 1024);
  });

  it('counts commit messages too', async () => {
    const commit = await post('commits', { message: 'm'.repeat(256 * 1024), tree: trees[0] });
    const id = (await gql(`{ repository(owner: "alice", name: "bomb") { object(oid: "${commit.sha}") { id } } }`)).body
      .data.repository.object.id;
    const aliases = ['a', 'b', 'c', 'd']
      .map((alias) => `${alias}: nodes(ids: $ids) { ... on Commit { message } }`)
      .join(' ');
    const { body } = await gql(`query($ids: [ID!]!) { ${aliases} }`, { ids: Array<string>(100).fill(id) });
    expectRefused(body, 'MAX_ANSWER_SIZE_EXCEEDED');
  });
});
