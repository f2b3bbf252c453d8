// Repository content over GraphQL (the data: git-content-fixture.ts):
// history with a path, commit node IDs (CO_ and the legacy form), and that a
// page of 50 commits costs a bounded number of git processes and SQL
// statements.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commitNodeId } from '../ids/commit-node-id.js';
import { encodeGitObjectNodeId } from '../ids/git-object-node-id.js';
import type { GitCli } from '../test-support/git-cli.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { COUNT_COMMITS, legacy, useGitContentFixture } from '../test-support/graphql/git-content-fixture.js';

const { fx, sha, gql, repo } = useGitContentFixture();
let server: TestServer;
let git: GitCli;
let bob: TestUser;
let repoId: number;
let secretId: number;
const statements = fx.statements;
beforeAll(() => {
  ({ server, git, bob, repoId, secretId } = fx);
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
  const NODE =
    'query($id: ID!) { node(id: $id) { __typename id ... on Commit { oid messageHeadline repository { name } } ... on Tree { oid } ... on Blob { oid text } } }';

  it('Commit.id is the CO_ ID; node() resolves it and the legacy form', async () => {
    const r = await repo(`object(oid: "${sha(1)}") { id }`);
    const id = commitNodeId(repoId, sha(1));
    expect(r.object.id).toBe(id);
    for (const input of [id, legacy(`06:Commit${repoId}:${sha(1)}`)]) {
      const body = await gql(NODE, { id: input });
      expect(body.errors).toBeUndefined();
      expect(body.data!.node).toEqual({
        __typename: 'Commit',
        id,
        oid: sha(1),
        messageHeadline: 'Initial commit',
        repository: { name: 'content' },
      });
    }
    const nodes = await gql('query($ids: [ID!]!) { nodes(ids: $ids) { ... on Commit { oid } } }', {
      ids: [id, commitNodeId(repoId, sha(2))],
    });
    expect(nodes.data!.nodes).toEqual([{ oid: sha(1) }, { oid: sha(2) }]);
  });

  it('trees and blobs resolve by their IDs too', async () => {
    const r = await repo(
      'tree: object(expression: "main^{tree}") { id oid } blob: object(expression: "main:README.md") { id oid }',
    );
    expect(r.tree.id).toBe(encodeGitObjectNodeId('Tree', repoId, r.tree.oid));
    expect((await gql(NODE, { id: r.tree.id })).data!.node).toEqual({
      __typename: 'Tree',
      id: r.tree.id,
      oid: r.tree.oid,
    });
    expect((await gql(NODE, { id: r.blob.id })).data!.node).toEqual({
      __typename: 'Blob',
      id: r.blob.id,
      oid: r.blob.oid,
      text: '# Hello\n',
    });
  });

  it('null when the object is gone, of another type, or its repository is not visible', async () => {
    const secretHead = (await server.services.git.resolveRef(secretId, 'refs/heads/main'))!;
    const secretCommit = commitNodeId(secretId, secretHead);
    expect((await gql(NODE, { id: secretCommit })).data!.node.oid).toBe(secretHead); // alice owns it
    const tree = await git.ok(['--git-dir', server.services.git.pathOf(repoId), 'rev-parse', 'main^{tree}']);
    for (const id of [
      secretCommit,
      commitNodeId(repoId, '2'.repeat(40)),
      commitNodeId(repoId, tree),
      commitNodeId(repoId + 1000, sha(1)),
    ]) {
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
    return {
      nodes: body.data!.repository.defaultBranchRef.target.history.nodes as any[],
      processes,
      reads: reads.length,
    };
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
