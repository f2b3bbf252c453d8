// Repository content over GraphQL (the data: git-content-fixture.ts): refs
// and their pagination, and objects by expression and oid (commits with
// authors matched to users, trees, blobs), hostile expressions.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GitCli } from '../test-support/git-cli.js';
import type { TestServer } from '../test-support/test-server.js';
import { BIG, useGitContentFixture } from '../test-support/graphql/git-content-fixture.js';

const { fx, sha, gql, repo } = useGitContentFixture();
let server: TestServer;
let git: GitCli;
let repoId: number;
beforeAll(() => {
  ({ server, git, repoId } = fx);
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
    expect(first.edges[0].node).toEqual({
      name: 'feature/a',
      prefix: 'refs/heads/',
      target: { __typename: 'Commit', oid: sha(2) },
    });
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
    const asc = await page({
      prefix: 'refs/tags/',
      first: 10,
      orderBy: { field: 'TAG_COMMIT_DATE', direction: 'ASC' },
    });
    expect(asc.edges.map((e: any) => [e.node.name, e.node.target.__typename])).toEqual([
      ['v1', 'Commit'],
      ['v2', 'Tag'],
    ]);
    const desc = await page({
      prefix: 'refs/tags/',
      first: 10,
      orderBy: { field: 'TAG_COMMIT_DATE', direction: 'DESC' },
    });
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
      name: 'v2',
      prefix: 'refs/tags/',
      target: {
        __typename: 'Tag',
        name: 'v2',
        message: 'Release 2',
        tagger: { name: 'Alice', email: 'alice@example.com', date: '2023-11-15T05:46:40+02:00' },
        target: { oid: sha(53) },
      },
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
      __typename: 'Commit',
      oid: sha(2),
      abbreviatedOid: sha(2).slice(0, 7),
      message: 'Add docs\n\nWith a body\nof two lines.',
      messageHeadline: 'Add docs',
      messageBody: 'With a body\nof two lines.',
      committedDate: '2023-11-14T22:30:00Z',
      authoredDate: '2023-11-14T22:30:00Z',
      url: `${server.url}/alice/content/commit/${sha(2)}`,
      commitUrl: `${server.url}/alice/content/commit/${sha(2)}`,
      author: { name: 'Carol', email: 'carol@example.com', date: '2023-11-14T22:30:00+00:00', user: null },
    });
    expect(r.object.tree.oid).toBe(
      await git.ok(['--git-dir', server.services.git.pathOf(repoId), 'rev-parse', `${sha(2)}^{tree}`]),
    );
    expect(r.object.parents).toEqual({
      totalCount: 1,
      nodes: [
        {
          oid: sha(1),
          message: 'Initial commit',
          // author matched to alice by her address (case-insensitively); git's own offsets kept in `date`
          author: {
            name: 'Alice A',
            email: 'ALICE@Example.com',
            date: '2023-11-14T23:13:20+01:00',
            user: { login: 'alice' },
          },
          committer: { date: '2023-11-14T17:15:00-05:00' },
        },
      ],
    });
  });

  it('a tree by path lists entries with full paths, modes, sizes and objects', async () => {
    const r = await repo(`object(expression: "main:docs") { __typename ... on Tree {
      oid entries { name path type mode size extension oid object { __typename ... on Blob { text byteSize } } }
    } }`);
    expect(r.object.__typename).toBe('Tree');
    expect(r.object.entries).toEqual([
      {
        name: 'guide.md',
        path: 'docs/guide.md',
        type: 'blob',
        mode: 33188,
        size: 9,
        extension: '.md',
        oid: await git.ok(['--git-dir', server.services.git.pathOf(repoId), 'rev-parse', 'main:docs/guide.md']),
        object: { __typename: 'Blob', text: 'Guide v2\n', byteSize: 9 },
      },
    ]);
    const root = await repo('object(expression: "main^{tree}") { ... on Tree { entries { name type path } } }');
    expect(root.object.entries).toEqual([
      { name: 'README.md', type: 'blob', path: 'README.md' },
      { name: 'big.txt', type: 'blob', path: 'big.txt' },
      { name: 'counter.txt', type: 'blob', path: 'counter.txt' },
      { name: 'docs', type: 'tree', path: 'docs' },
      { name: 'logo.bin', type: 'blob', path: 'logo.bin' },
    ]);
  });

  it('blobs: text, binary, truncated', async () => {
    const r = await repo(`
      readme: object(expression: "main:README.md") { __typename ... on Blob { text byteSize isBinary isTruncated } }
      logo: object(expression: "main:logo.bin") { ... on Blob { text byteSize isBinary isTruncated } }
      big: object(expression: "main:big.txt") { ... on Blob { text byteSize isTruncated } }`);
    expect(r.readme).toEqual({
      __typename: 'Blob',
      text: '# Hello\n',
      byteSize: 8,
      isBinary: false,
      isTruncated: false,
    });
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
    expect(r).toEqual({
      byOid: { __typename: 'Commit', oid: sha(1) },
      upper: { oid: sha(1) },
      unknown: null,
      short: null,
      missing: null,
      path: null,
    });
  });

  it('hostile expressions: never an option, never a second line, never outside the repository', async () => {
    const out = join(git.home, 'pwned');
    for (const expression of [
      `--output=${out}`,
      '-h',
      '--all',
      `main\n${sha(1)}`,
      'main\0',
      '',
      'x'.repeat(5000),
      'main:../../../../etc/passwd',
      '@{-1}',
    ]) {
      const body = await gql(
        'query($e: String) { repository(owner: "alice", name: "content") { object(expression: $e) { oid } } }',
        { e: expression },
      );
      expect(body.errors, JSON.stringify(expression)).toBeUndefined();
      expect(body.data!.repository.object, JSON.stringify(expression)).toBeNull();
    }
    // One expression git dies on does not take the others of its batch down.
    const mixed = await repo(
      'bad: object(expression: "main:../x") { oid } good: object(expression: "release") { oid }',
    );
    expect(mixed).toEqual({ bad: null, good: { oid: sha(1) } });
    expect(existsSync(out)).toBe(false);
  });
});
