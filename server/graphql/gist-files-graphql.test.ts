// Gist.files and GistFile over real HTTP, on gists made through REST: the
// files at the head in git's order, `limit`, an older revision by `oid`
// (null for an oid of no revision), `text(truncate:)`, content cut at 1 MiB
// as REST cuts it, and the bounds of `limit`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type CreatedGist, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let gist: CreatedGist;
let firstVersion: string;

const gql = (query: string, variables: Record<string, unknown> = {}) =>
  graphqlOk(server, query, variables, alice.token);
const FILES_QUERY = `query($name: String!, $limit: Int, $oid: GitObjectID) { user(login: "alice") { gist(name: $name) {
  files(limit: $limit, oid: $oid) { name encodedName encoding extension isImage isTruncated language { id name color } size text }
} } }`;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice', { scopes: ['gist'] });
  gist = await server.createGist(alice.token, {
    public: true,
    files: {
      'b notes.md': { content: '# Notes\n' },
      'a.ts': { content: 'export const a = 1;\n' },
      'logo.png': { content: 'not really a picture' },
    },
  });
  firstVersion = gist.body.history![0]!.version!;
  await apiOk(server, `/gists/${gist.name}`, {
    method: 'PATCH',
    token: alice.token,
    body: { files: { 'a.ts': { content: 'export const a = 2;\n' }, 'logo.png': null } },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('Gist.files', () => {
  it('lists the head’s files in git’s order with GistFile’s fields', async () => {
    const { data, errors } = await gql(FILES_QUERY, { name: gist.name });
    expect(errors).toBeUndefined();
    expect(data!.user.gist.files).toEqual([
      {
        name: 'a.ts',
        encodedName: 'a.ts',
        encoding: 'UTF-8',
        extension: '.ts',
        isImage: false,
        isTruncated: false,
        // Linguist's TypeScript, with GitHub's legacy id (08:Language378).
        language: {
          id: Buffer.from('08:Language378').toString('base64'),
          name: 'TypeScript',
          color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
        },
        size: 20,
        text: 'export const a = 2;\n',
      },
      {
        name: 'b notes.md',
        encodedName: 'b%20notes.md',
        encoding: 'UTF-8',
        extension: '.md',
        isImage: false,
        isTruncated: false,
        language: expect.objectContaining({ name: 'Markdown' }),
        size: 8,
        text: '# Notes\n',
      },
    ]);
  });

  it('reads an older revision by oid, cuts by limit, and answers null for an oid of no revision', async () => {
    const old = await gql(FILES_QUERY, { name: gist.name, oid: firstVersion, limit: 2 });
    expect(old.errors).toBeUndefined();
    expect(old.data!.user.gist.files.map((f: { name: string; text: string }) => [f.name, f.text])).toEqual([
      ['a.ts', 'export const a = 1;\n'],
      ['b notes.md', '# Notes\n'],
    ]);
    const all = await gql(FILES_QUERY, { name: gist.name, oid: firstVersion });
    expect(all.data!.user.gist.files.at(-1)).toMatchObject({ name: 'logo.png', isImage: true, extension: '.png' });
    const none = await gql(FILES_QUERY, { name: gist.name, oid: 'f'.repeat(40) });
    expect(none.errors).toBeUndefined();
    expect(none.data!.user.gist.files).toBeNull();
  });

  it('truncates text on request and cuts content past 1 MiB as REST does', async () => {
    const big = `${'x'.repeat(1024 * 1024)}tail`;
    const large = await server.createGist(alice.token, { files: { 'big.txt': { content: big } } });
    const { data, errors } = await gql(
      `query($name: String!) { user(login: "alice") { gist(name: $name) {
        files { size isTruncated text } short: files { text(truncate: 3) }
      } } }`,
      { name: large.name },
    );
    expect(errors).toBeUndefined();
    const [file] = data!.user.gist.files;
    expect(file.size).toBe(big.length);
    expect(file.isTruncated).toBe(true);
    expect(file.text).toBe('x'.repeat(1024 * 1024));
    expect(data!.user.gist.short).toEqual([{ text: 'xxx' }]);
  });

  it('refuses a limit outside 1–300 and a negative truncate', async () => {
    for (const limit of [0, 301]) {
      const { data, errors } = await gql(FILES_QUERY, { name: gist.name, limit });
      expect(data?.user?.gist?.files ?? null).toBeNull();
      expect(errors?.[0]).toMatchObject({ type: 'INVALID_ARGUMENTS', path: ['user', 'gist', 'files'] });
    }
    const negative = await gql(
      'query($name: String!) { user(login: "alice") { gist(name: $name) { files { text(truncate: -1) } } } }',
      { name: gist.name },
    );
    expect(negative.errors?.[0]).toMatchObject({ type: 'INVALID_ARGUMENTS' });
  });
});
