// The repository the GraphQL content tests read (git-content-*.test.ts):
// a history written with the real git CLI (fast-import) of 53 commits, five
// branches, a lightweight and an annotated tag, authors matched to a user by
// email and by noreply address, a binary file and one over 1 MiB; and a
// private repository alice owns. Each test file that calls
// useGitContentFixture() gets its own server with this data.
import { Buffer } from 'node:buffer';
import { afterAll, beforeAll, expect } from 'vitest';
import { gitCli, type GitCli } from '../git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-server.js';
import { fastImport, type FixtureCommit } from '../git-fast-import.js';

export interface GraphqlBody {
  data?: Record<string, any> | null;
  errors?: { message: string; type?: string }[];
}

export const COUNT_COMMITS = 50; // marks 3..52
export const BIG = Buffer.alloc(1024 * 1024 + 10, 'a');
export const legacy = (text: string) => Buffer.from(text).toString('base64');

/** What the fixture made, filled in by its beforeAll (read it in tests and later hooks). */
export interface GitContent {
  server: TestServer;
  git: GitCli;
  alice: TestUser;
  bob: TestUser;
  repoId: number;
  secretId: number;
  marks: Map<number, string>;
  /** Every SQL statement the server ran (the cost test clears it first). */
  statements: string[];
}

export function useGitContentFixture() {
  const fx = { statements: [] as string[] } as GitContent;
  const sha = (mark: number) => fx.marks.get(mark)!;

  async function gql(
    query: string,
    variables: Record<string, unknown> = {},
    token = fx.alice.token,
  ): Promise<GraphqlBody> {
    const response = await fx.server.api('/api/graphql', { method: 'POST', token, body: { query, variables } });
    expect(response.status).toBe(200);
    return (await response.json()) as GraphqlBody;
  }

  /** `repository(owner: "alice", name: "content") { <fields> }` */
  async function repo(
    fields: string,
    variables: Record<string, unknown> = {},
    declared = '',
  ): Promise<Record<string, any>> {
    const body = await gql(
      `query${declared ? `(${declared})` : ''} { repository(owner: "alice", name: "content") { ${fields} } }`,
      variables,
    );
    expect(body.errors).toBeUndefined();
    return body.data!.repository;
  }

  beforeAll(async () => {
    fx.server = await startTestServer({}, { onStatement: (query) => void fx.statements.push(query) });
    fx.git = await gitCli();
    fx.alice = await fx.server.createUser('alice');
    fx.bob = await fx.server.createUser('bob');
    await fx.server.sql`UPDATE accounts SET email = 'alice@example.com' WHERE id = ${fx.alice.id}`;
    const create = async (body: Record<string, unknown>) =>
      (
        (await (await fx.server.api('/user/repos', { method: 'POST', token: fx.alice.token, body })).json()) as {
          id: number;
        }
      ).id;
    fx.repoId = await create({ name: 'content' });
    fx.secretId = await create({ name: 'secret', private: true, auto_init: true });

    const noreply = `${fx.alice.id}+alice@users.noreply.${fx.server.services.config.noreplyHost}`;
    const commits: FixtureCommit[] = [
      {
        mark: 1,
        message: 'Initial commit\n',
        author: 'Alice A <ALICE@Example.com> 1700000000 +0100',
        committer: 'Bob Builder <bob@example.com> 1700000100 -0500',
        files: { 'README.md': '# Hello\n' },
      },
      {
        mark: 2,
        message: 'Add docs\n\nWith a body\nof two lines.\n',
        author: 'Carol <carol@example.com> 1700001000 +0000',
        committer: 'Carol <carol@example.com> 1700001000 +0000',
        files: {
          'docs/guide.md': 'Guide\n',
          'logo.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
          'big.txt': BIG,
        },
      },
    ];
    for (let i = 0; i < COUNT_COMMITS; i++) {
      const at = 1700002000 + i * 60;
      commits.push({
        mark: 3 + i,
        message: `Count ${i}\n`,
        author: `Alice <${noreply}> ${at} +0000`,
        committer: `Alice <${noreply}> ${at} +0000`,
        files: { 'counter.txt': `${i}\n` },
      });
    }
    commits.push({
      mark: 53,
      message: 'Guide v2\n',
      author: 'Carol <carol@example.com> 1700010000 +0000',
      committer: 'Carol <carol@example.com> 1700010000 +0000',
      files: { 'docs/guide.md': 'Guide v2\n' },
    });
    fx.marks = await fastImport(fx.git, fx.server.services.git.pathOf(fx.repoId), {
      commits,
      branches: { main: 53, 'feature/a': 2, 'feature/b': 2, 'feature/c': 2, release: 1 },
      lightweightTags: { v1: 1 },
      annotatedTags: [
        { name: 'v2', mark: 53, tagger: 'Alice <alice@example.com> 1700020000 +0200', message: 'Release 2\n' },
      ],
    });
  });

  afterAll(async () => {
    await fx.git?.close();
    await fx.server?.close();
  });

  return { fx, sha, gql, repo };
}
