// Repository content over GraphQL, against a history written by the real
// git CLI (fast-import): refs and their pagination, objects by expression
// and oid, commits with authors matched to users, trees, blobs, tags,
// history with a path, commit node IDs (CO_ and legacy), hostile
// expressions, and that a page of 50 commits costs a bounded number of git
// processes and SQL statements.
import { Buffer } from 'node:buffer';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitNodeId } from '../ids/commit-node-id.js';
import { encodeGitObjectNodeId } from '../ids/git-object-node-id.js';
import { gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { fastImport, type FixtureCommit } from './git/fast-import-fixture.js';

interface GraphqlBody { data?: Record<string, any> | null; errors?: { message: string; type?: string }[] }

let server: TestServer;
let git: GitCli;
let alice: TestUser;
let bob: TestUser;
let repoId: number;
let secretId: number;
let marks: Map<number, string>;
const statements: string[] = [];
const sha = (mark: number) => marks.get(mark)!;

const COUNT_COMMITS = 50; // marks 3..52
const BIG = Buffer.alloc(1024 * 1024 + 10, 'a');
const legacy = (text: string) => Buffer.from(text).toString('base64');

async function gql(query: string, variables: Record<string, unknown> = {}, token = alice.token): Promise<GraphqlBody> {
  const response = await server.api('/api/graphql', { method: 'POST', token, body: { query, variables } });
  expect(response.status).toBe(200);
  return (await response.json()) as GraphqlBody;
}

/** `repository(owner: "alice", name: "content") { <fields> }` */
async function repo(fields: string, variables: Record<string, unknown> = {}, declared = ''): Promise<Record<string, any>> {
  const body = await gql(`query${declared ? `(${declared})` : ''} { repository(owner: "alice", name: "content") { ${fields} } }`, variables);
  expect(body.errors).toBeUndefined();
  return body.data!.repository;
}

beforeAll(async () => {
  server = await startTestServer({}, { onStatement: (query) => void statements.push(query) });
  git = await gitCli();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await server.sql`UPDATE accounts SET email = 'alice@example.com' WHERE id = ${alice.id}`;
  const create = async (body: Record<string, unknown>) => ((await (await server.api('/user/repos', { method: 'POST', token: alice.token, body })).json()) as { id: number }).id;
  repoId = await create({ name: 'content' });
  secretId = await create({ name: 'secret', private: true, auto_init: true });

  const noreply = `${alice.id}+alice@users.noreply.${server.services.config.noreplyHost}`;
  const commits: FixtureCommit[] = [
    { mark: 1, message: 'Initial commit\n', author: 'Alice A <ALICE@Example.com> 1700000000 +0100', committer: 'Bob Builder <bob@example.com> 1700000100 -0500', files: { 'README.md': '# Hello\n' } },
    { mark: 2, message: 'Add docs\n\nWith a body\nof two lines.\n', author: 'Carol <carol@example.com> 1700001000 +0000', committer: 'Carol <carol@example.com> 1700001000 +0000',
      files: { 'docs/guide.md': 'Guide\n', 'logo.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), 'big.txt': BIG } },
  ];
  for (let i = 0; i < COUNT_COMMITS; i++) {
    const at = 1700002000 + i * 60;
    commits.push({ mark: 3 + i, message: `Count ${i}\n`, author: `Alice <${noreply}> ${at} +0000`, committer: `Alice <${noreply}> ${at} +0000`, files: { 'counter.txt': `${i}\n` } });
  }
  commits.push({ mark: 53, message: 'Guide v2\n', author: 'Carol <carol@example.com> 1700010000 +0000', committer: 'Carol <carol@example.com> 1700010000 +0000', files: { 'docs/guide.md': 'Guide v2\n' } });
  marks = await fastImport(git, server.services.git.pathOf(repoId), {
    commits,
    branches: { main: 53, 'feature/a': 2, 'feature/b': 2, 'feature/c': 2, release: 1 },
    lightweightTags: { v1: 1 },
    annotatedTags: [{ name: 'v2', mark: 53, tagger: 'Alice <alice@example.com> 1700020000 +0200', message: 'Release 2\n' }],
  });
});

afterAll(async () => {
  await git?.close();
  await server?.close();
});

describe('refs', () => {
  const REFS = `query($prefix: String!, $first: Int, $after: String, $last: Int, $before: String, $orderBy: RefOrder) {
    repository(owner: "alice", name: "content") {
      refs(refPrefix: $prefix, first: $first, after: $after, last: $last, before: $before, orderBy: $orderBy) {
        totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { cursor node { name prefix target { __typename oid } } }
      }
    }
  }`;
  const page = async (variables: Record<string, unknown>) => {
    const body = await gql(REFS, variables);
    expect(body.errors).toBeUndefined();
    return body.data!.repository.refs;
  };

  it('pages branches forwards and backwards with totalCount', async () => {
    const first = await page({ prefix: 'refs/heads/', first: 2 });
    expect(first.totalCount).toBe(5);
    expect(first.edges.map((e: any) => e.node.name)).toEqual(['feature/a', 'feature/b']);
    expect(first.edges[0].node).toEqual({ name: 'feature/a', prefix: 'refs/heads/', target: { __typename: 'Commit', oid: sha(2) } });
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const rest = await page({ prefix: 'refs/heads/', first: 10, after: first.pageInfo.endCursor });
    expect(rest.edges.map((e: any) => e.node.name)).toEqual(['feature/c', 'main', 'release']);
    expect(rest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const last = await page({ prefix: 'refs/heads/', last: 2 });
    expect(last.edges.map((e: any) => e.node.name)).toEqual(['main', 'release']);
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = await page({ prefix: 'refs/heads/', last: 1, before: last.pageInfo.startCursor });
    expect(before.edges.map((e: any) => e.node.name)).toEqual(['feature/c']);
    const desc = await page({ prefix: 'refs/heads/', first: 2, orderBy: { field: 'ALPHABETICAL', direction: 'DESC' } });
    expect(desc.edges.map((e: any) => e.node.name)).toEqual(['release', 'main']);
  });

  it('lists tags with lightweight and annotated targets, by commit date', async () => {
    const asc = await page({ prefix: 'refs/tags/', first: 10, orderBy: { field: 'TAG_COMMIT_DATE', direction: 'ASC' } });
    expect(asc.edges.map((e: any) => [e.node.name, e.node.target.__typename])).toEqual([['v1', 'Commit'], ['v2', 'Tag']]);
    const desc = await page({ prefix: 'refs/tags/', first: 10, orderBy: { field: 'TAG_COMMIT_DATE', direction: 'DESC' } });
    expect(desc.edges.map((e: any) => e.node.name)).toEqual(['v2', 'v1']);
  });

  it('refuses a cursor it did not write', async () => {
    const body = await gql(REFS, { prefix: 'refs/heads/', first: 1, after: 'bm9wZQ==' });
    expect(body.errors?.[0]).toMatchObject({ type: 'INVALID_CURSOR_ARGUMENTS' });
  });

  it('ref(qualifiedName) checks the full name, then branches, then tags', async () => {
    const r = await repo(`
      main: ref(qualifiedName: "main") { name prefix target { oid } }
      full: ref(qualifiedName: "refs/heads/release") { name prefix }
      tag: ref(qualifiedName: "v2") { name prefix target { __typename ... on Tag { name message tagger { name email date } target { oid } } } }
      none: ref(qualifiedName: "nope") { name }
      defaultBranchRef { name target { ... on Commit { oid messageHeadline } } }`);
    expect(r.main).toEqual({ name: 'main', prefix: 'refs/heads/', target: { oid: sha(53) } });
    expect(r.full).toEqual({ name: 'release', prefix: 'refs/heads/' });
    expect(r.tag).toEqual({
      name: 'v2', prefix: 'refs/tags/',
      target: { __typename: 'Tag', name: 'v2', message: 'Release 2', tagger: { name: 'Alice', email: 'alice@example.com', date: '2023-11-15T05:46:40+02:00' }, target: { oid: sha(53) } },
    });
    expect(r.none).toBeNull();
    expect(r.defaultBranchRef).toEqual({ name: 'main', target: { oid: sha(53), messageHeadline: 'Guide v2' } });
  });
});

describe('objects', () => {
  it('a commit by expression: message parts, dates, author and committer, tree, parents', async () => {
    const r = await repo(`object(expression: "feature/a") { __typename ... on Commit {
      oid abbreviatedOid message messageHeadline messageBody committedDate authoredDate url commitUrl
      author { name email date user { login } } committer { name email date user { login } }
      tree { oid } parents(first: 5) { totalCount nodes { oid message author { name email date user { login } } committer { date } } }
    } }`);
    expect(r.object).toMatchObject({
      __typename: 'Commit', oid: sha(2), abbreviatedOid: sha(2).slice(0, 7),
      message: 'Add docs\n\nWith a body\nof two lines.', messageHeadline: 'Add docs', messageBody: 'With a body\nof two lines.',
      committedDate: '2023-11-14T22:30:00Z', authoredDate: '2023-11-14T22:30:00Z',
      url: `${server.url}/alice/content/commit/${sha(2)}`, commitUrl: `${server.url}/alice/content/commit/${sha(2)}`,
      author: { name: 'Carol', email: 'carol@example.com', date: '2023-11-14T22:30:00+00:00', user: null },
    });
    expect(r.object.tree.oid).toBe(await git.ok(['--git-dir', server.services.git.pathOf(repoId), 'rev-parse', `${sha(2)}^{tree}`]));
    expect(r.object.parents).toEqual({
      totalCount: 1,
      nodes: [{
        oid: sha(1), message: 'Initial commit',
        // author matched to alice by her address (case-insensitively); git's own offsets kept in `date`
        author: { name: 'Alice A', email: 'ALICE@Example.com', date: '2023-11-14T23:13:20+01:00', user: { login: 'alice' } },
        committer: { date: '2023-11-14T17:15:00-05:00' },
      }],
    });
  });

  it('a tree by path lists entries with full paths, modes, sizes and objects', async () => {
    const r = await repo(`object(expression: "main:docs") { __typename ... on Tree {
      oid entries { name path type mode size extension oid object { __typename ... on Blob { text byteSize } } }
    } }`);
    expect(r.object.__typename).toBe('Tree');
    expect(r.object.entries).toEqual([{
      name: 'guide.md', path: 'docs/guide.md', type: 'blob', mode: 33188, size: 9, extension: '.md',
      oid: await git.ok(['--git-dir', server.services.git.pathOf(repoId), 'rev-parse', 'main:docs/guide.md']),
      object: { __typename: 'Blob', text: 'Guide v2\n', byteSize: 9 },
    }]);
    const root = await repo('object(expression: "main^{tree}") { ... on Tree { entries { name type path } } }');
    expect(root.object.entries).toEqual([
      { name: 'README.md', type: 'blob', path: 'README.md' }, { name: 'big.txt', type: 'blob', path: 'big.txt' },
      { name: 'counter.txt', type: 'blob', path: 'counter.txt' }, { name: 'docs', type: 'tree', path: 'docs' },
      { name: 'logo.bin', type: 'blob', path: 'logo.bin' },
    ]);
  });

  it('blobs: text, binary, truncated', async () => {
    const r = await repo(`
      readme: object(expression: "main:README.md") { __typename ... on Blob { text byteSize isBinary isTruncated } }
      logo: object(expression: "main:logo.bin") { ... on Blob { text byteSize isBinary isTruncated } }
      big: object(expression: "main:big.txt") { ... on Blob { text byteSize isTruncated } }`);
    expect(r.readme).toEqual({ __typename: 'Blob', text: '# Hello\n', byteSize: 8, isBinary: false, isTruncated: false });
    expect(r.logo).toEqual({ text: null, byteSize: 7, isBinary: true, isTruncated: false });
    expect(r.big).toEqual({ text: null, byteSize: BIG.length, isTruncated: true });
  });

  it('an object by oid; null for an unknown or malformed oid or expression', async () => {
    const r = await repo(`
      byOid: object(oid: "${sha(1)}") { __typename oid }
      upper: object(oid: "${sha(1).toUpperCase()}") { oid }
      unknown: object(oid: "${'1'.repeat(40)}") { oid }
      short: object(oid: "${sha(1).slice(0, 7)}") { oid }
      missing: object(expression: "no-such-branch") { oid }
      path: object(expression: "main:no/such/file") { oid }`);
    expect(r).toEqual({ byOid: { __typename: 'Commit', oid: sha(1) }, upper: { oid: sha(1) }, unknown: null, short: null, missing: null, path: null });
  });

  it('hostile expressions: never an option, never a second line, never outside the repository', async () => {
    const out = join(git.home, 'pwned');
    for (const expression of [`--output=${out}`, '-h', '--all', `main\n${sha(1)}`, 'main\0', '', 'x'.repeat(5000), 'main:../../../../etc/passwd', '@{-1}']) {
      const body = await gql('query($e: String) { repository(owner: "alice", name: "content") { object(expression: $e) { oid } } }', { e: expression });
      expect(body.errors, JSON.stringify(expression)).toBeUndefined();
      expect(body.data!.repository.object, JSON.stringify(expression)).toBeNull();
    }
    // One expression git dies on does not take the others of its batch down.
    const mixed = await repo('bad: object(expression: "main:../x") { oid } good: object(expression: "release") { oid }');
    expect(mixed).toEqual({ bad: null, good: { oid: sha(1) } });
    expect(existsSync(out)).toBe(false);
  });
});

describe('history', () => {
  const HISTORY = `query($first: Int, $after: String, $path: String) { repository(owner: "alice", name: "content") {
    defaultBranchRef { target { ... on Commit { history(first: $first, after: $after, path: $path) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { oid }
    } } } } } }`;
  const history = async (variables: Record<string, unknown>) => {
    const body = await gql(HISTORY, variables);
    expect(body.errors).toBeUndefined();
    return body.data!.repository.defaultBranchRef.target.history;
  };

  it('pages through git log order', async () => {
    const all = (await git.ok(['--git-dir', server.services.git.pathOf(repoId), 'rev-list', 'main'])).split('\n');
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await history({ first: 20, after });
      expect(page.totalCount).toBe(all.length);
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      seen.push(...page.nodes.map((n: any) => n.oid));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(all);
    expect(all).toHaveLength(COUNT_COMMITS + 3);
  });

  it('filters by path (a directory or a file)', async () => {
    expect((await history({ first: 10, path: 'docs' })).nodes).toEqual([{ oid: sha(53) }, { oid: sha(2) }]);
    const readme = await history({ first: 10, path: '/README.md' });
    expect(readme).toMatchObject({ totalCount: 1, nodes: [{ oid: sha(1) }] });
    // A path is literal: pathspec magic matches nothing.
    expect((await history({ first: 10, path: ':(glob)**' })).nodes).toEqual([]);
  });
});

describe('commit node IDs', () => {
  const NODE = 'query($id: ID!) { node(id: $id) { __typename id ... on Commit { oid messageHeadline repository { name } } ... on Tree { oid } ... on Blob { oid text } } }';

  it('Commit.id is the CO_ ID; node() resolves it and the legacy form', async () => {
    const r = await repo(`object(oid: "${sha(1)}") { id }`);
    const id = commitNodeId(repoId, sha(1));
    expect(r.object.id).toBe(id);
    for (const input of [id, legacy(`06:Commit${repoId}:${sha(1)}`)]) {
      const body = await gql(NODE, { id: input });
      expect(body.errors).toBeUndefined();
      expect(body.data!.node).toEqual({ __typename: 'Commit', id, oid: sha(1), messageHeadline: 'Initial commit', repository: { name: 'content' } });
    }
    const nodes = await gql('query($ids: [ID!]!) { nodes(ids: $ids) { ... on Commit { oid } } }', { ids: [id, commitNodeId(repoId, sha(2))] });
    expect(nodes.data!.nodes).toEqual([{ oid: sha(1) }, { oid: sha(2) }]);
  });

  it('trees and blobs resolve by their IDs too', async () => {
    const r = await repo('tree: object(expression: "main^{tree}") { id oid } blob: object(expression: "main:README.md") { id oid }');
    expect(r.tree.id).toBe(encodeGitObjectNodeId('Tree', repoId, r.tree.oid));
    expect((await gql(NODE, { id: r.tree.id })).data!.node).toEqual({ __typename: 'Tree', id: r.tree.id, oid: r.tree.oid });
    expect((await gql(NODE, { id: r.blob.id })).data!.node).toEqual({ __typename: 'Blob', id: r.blob.id, oid: r.blob.oid, text: '# Hello\n' });
  });

  it('null when the object is gone, of another type, or its repository is not visible', async () => {
    const secretHead = (await server.services.git.resolveRef(secretId, 'refs/heads/main'))!;
    const secretCommit = commitNodeId(secretId, secretHead);
    expect((await gql(NODE, { id: secretCommit })).data!.node.oid).toBe(secretHead); // alice owns it
    const tree = await git.ok(['--git-dir', server.services.git.pathOf(repoId), 'rev-parse', 'main^{tree}']);
    for (const id of [secretCommit, commitNodeId(repoId, '2'.repeat(40)), commitNodeId(repoId, tree), commitNodeId(repoId + 1000, sha(1))]) {
      const body = await gql(NODE, { id }, bob.token);
      expect(body.data?.node ?? null, id).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ type: 'NOT_FOUND' });
    }
  });
});

describe('cost', () => {
  const PAGE = `query($first: Int) { repository(owner: "alice", name: "content") { defaultBranchRef { target { ... on Commit {
    history(first: $first) { nodes {
      id oid message messageHeadline committedDate authoredDate
      author { name email date user { login } } committer { name email user { login } }
      tree { oid } parents(first: 2) { nodes { oid } }
    } }
  } } } } }`;

  async function measure(first: number) {
    const gitCalls = vi.spyOn(server.services.git, 'git');
    const gitBytesCalls = vi.spyOn(server.services.git, 'gitBytes');
    statements.length = 0;
    const body = await gql(PAGE, { first });
    const processes = gitCalls.mock.calls.length + gitBytesCalls.mock.calls.length;
    gitCalls.mockRestore();
    gitBytesCalls.mockRestore();
    expect(body.errors).toBeUndefined();
    const reads = statements.filter((q) => /\b(accounts|repositories|collaborators|org_members)\b/.test(q));
    return { nodes: body.data!.repository.defaultBranchRef.target.history.nodes as any[], processes, reads: reads.length };
  }

  it('50 commits with authors, committers, users, trees and parents: as many git processes and statements as 2', async () => {
    await measure(2); // warm the repository cache
    const small = await measure(2);
    const large = await measure(50);
    expect(large.nodes).toHaveLength(50);
    expect(large.nodes.filter((n) => n.author.user?.login === 'alice')).toHaveLength(COUNT_COMMITS - 1);
    // the ref is a loose file (no process); then batch-check, log, cat-file --batch.
    expect(large.processes).toBeLessThanOrEqual(3);
    expect(large.processes).toBe(small.processes);
    expect(large.reads).toBeLessThanOrEqual(3); // repository (until cached), permission, users by email and by id
    expect(large.reads).toBe(small.reads);
  });
});
