// Repository.submodules, Commit.submodules and Commit.blame (issue 34, round
// 2) on a repository pushed with real git: .gitmodules entries and gitlinks as
// git records them, a malformed file listing nothing, blame ranges and ages
// against the commits that wrote the lines, its bounds (a missing path, a file
// over the size cap), and a private repository hidden from a non-member.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BLAME_BYTES } from '../../repos/git-blame.js';
import { MAX_BLAMES_PER_QUERY } from './blame.js';
import { installationTokenFor } from '../../test-support/apps.js';
import { cloneUrl, gitCli, type GitCli } from '../../test-support/git-cli.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startRepositoryFixture, type RepositoryFixture } from '../../test-support/repository-fixture.js';

let fixture: RepositoryFixture<'bob'>;
let git: GitCli;
let work: string;
const shas: Record<string, string> = {};

async function commit(files: Record<string, string>, message: string, date: string, gitlink?: string): Promise<string> {
  for (const [file, content] of Object.entries(files)) await writeFile(join(work, file), content);
  await git.ok(['add', '-A'], { cwd: work });
  // After `add -A`, which would drop a gitlink whose directory is not checked out.
  if (gitlink) await git.ok(['update-index', '--add', '--cacheinfo', gitlink], { cwd: work });
  const env = { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  await git.ok(['commit', '--quiet', '-m', message], { cwd: work, env });
  return git.ok(['rev-parse', 'HEAD'], { cwd: work });
}

const ask = (query: string, token = fixture.owner.token) => graphqlOk(fixture.server, query, {}, token);

beforeAll(async () => {
  fixture = await startRepositoryFixture('super', { users: ['bob'], private: true });
  git = await gitCli();
  work = await mkdtemp(join(tmpdir(), 'wharf-submodules-'));
  await git.ok(['clone', '--quiet', cloneUrl(fixture.server.url, 'alice/super.git', fixture.owner.token), work]);
  shas.first = await commit({ 'poem.txt': 'one\ntwo\nthree\n' }, 'A poem', '2020-01-01T00:00:00Z');
  shas.second = await commit({ 'poem.txt': 'one\nTWO\nthree\n' }, 'Louder', '2024-01-01T00:00:00Z');
  const lib = 'a'.repeat(40);
  await writeFile(
    join(work, '.gitmodules'),
    [
      '[submodule "libs/one"]',
      '\tpath = libs/one',
      '\turl = https://example.com/one.git',
      '\tbranch = stable',
      '[submodule "two.with.dots"]',
      '\tpath = vendor/two',
      '\turl = ../two.git',
      '[submodule "no-url"]',
      '\tpath = nowhere',
      '',
    ].join('\n'),
  );
  const big = { 'big.txt': 'x'.repeat(MAX_BLAME_BYTES + 1) };
  shas.modules = await commit(big, 'Submodules', '2024-06-01T00:00:00Z', `160000,${lib},libs/one`);
  await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: work });
  await git.ok(['checkout', '--quiet', '-b', 'broken'], { cwd: work });
  shas.broken = await commit(
    { '.gitmodules': '[submodule "x"\n\tpath = = =\n\0garbage' },
    'Broken',
    '2024-07-01T00:00:00Z',
  );
  await git.ok(['push', '--quiet', 'origin', 'broken'], { cwd: work });
}, 120_000);

afterAll(async () => {
  await git?.close();
  await fixture?.server.close();
});

const SUBMODULE_FIELDS = 'totalCount nodes { name nameRaw path pathRaw gitUrl branch subprojectCommitOid }';

describe('submodules', () => {
  it('lists .gitmodules at the default branch with the gitlinks the tree records, as git reads them', async () => {
    const body = await ask(
      `{ repository(owner: "alice", name: "super") { submodules(first: 10) { ${SUBMODULE_FIELDS} } } }`,
    );
    expect(body.errors).toBeUndefined();
    const gitlink = (await git.ok(['ls-tree', shas.modules!, 'libs/one'], { cwd: work })).split(/\s/)[2];
    expect(gitlink).toBe('a'.repeat(40));
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    expect(body.data!.repository.submodules).toEqual({
      totalCount: 2,
      nodes: [
        {
          name: 'libs/one',
          nameRaw: base64('libs/one'),
          path: 'libs/one',
          pathRaw: base64('libs/one'),
          gitUrl: 'https://example.com/one.git',
          branch: 'stable',
          subprojectCommitOid: gitlink,
        },
        {
          name: 'two.with.dots',
          nameRaw: base64('two.with.dots'),
          path: 'vendor/two',
          pathRaw: base64('vendor/two'),
          gitUrl: '../two.git',
          branch: null,
          subprojectCommitOid: null,
        },
      ],
    });
  });

  it("reads a commit's own .gitmodules: none before it was added, none from a file git cannot parse", async () => {
    const body = await ask(`{ repository(owner: "alice", name: "super") {
      first: object(oid: "${shas.first}") { ... on Commit { submodules(first: 10) { totalCount } } }
      modules: object(oid: "${shas.modules}") { ... on Commit { submodules(first: 1) { totalCount nodes { name } } } }
      broken: object(oid: "${shas.broken}") { ... on Commit { submodules(first: 10) { totalCount } } } } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository).toEqual({
      first: { submodules: { totalCount: 0 } },
      modules: { submodules: { totalCount: 2, nodes: [{ name: 'libs/one' }] } },
      broken: { submodules: { totalCount: 0 } },
    });
  });

  it('hides a private repository from a non-member', async () => {
    const body = await ask(
      `{ repository(owner: "alice", name: "super") { submodules(first: 10) { totalCount } } }`,
      fixture.users.bob.token,
    );
    expect(body.data?.repository ?? null).toBeNull();
    expect(body.errors?.[0]?.type).toBe('NOT_FOUND');
  });
});

describe('Commit.blame', () => {
  const blame = (path: string) =>
    ask(`{ repository(owner: "alice", name: "super") { object(oid: "${shas.modules}") { ... on Commit {
      blame(path: ${JSON.stringify(path)}) { ranges { startingLine endingLine age commit { oid message } } } } } } }`);

  it('names the commit that last changed each run of lines, the newest age 1 and the oldest 10', async () => {
    const body = await blame('poem.txt');
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository.object.blame.ranges).toEqual([
      { startingLine: 1, endingLine: 1, age: 10, commit: { oid: shas.first, message: 'A poem' } },
      { startingLine: 2, endingLine: 2, age: 1, commit: { oid: shas.second, message: 'Louder' } },
      { startingLine: 3, endingLine: 3, age: 10, commit: { oid: shas.first, message: 'A poem' } },
    ]);
    // The same runs as git's own blame of the file.
    const porcelain = await git.ok(['blame', '--line-porcelain', shas.modules!, '--', 'poem.txt'], { cwd: work });
    const lineShas = porcelain
      .split('\n')
      .filter((line) => /^[0-9a-f]{40} /.test(line))
      .map((line) => line.slice(0, 40));
    expect(lineShas).toEqual([shas.first, shas.second, shas.first]);
  });

  it('answers NOT_FOUND for a path with no file, and refuses a file over the size cap before running git blame', async () => {
    for (const path of ['missing.txt', 'libs', 'libs/one', '']) {
      const body = await blame(path);
      expect(body.data!.repository.object).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ type: 'NOT_FOUND', path: ['repository', 'object', 'blame'] });
    }
    const big = await blame('big.txt');
    expect(big.errors?.[0]).toMatchObject({ type: 'UNPROCESSABLE', path: ['repository', 'object', 'blame'] });
  });

  it(`runs at most ${MAX_BLAMES_PER_QUERY} blames in one query, one more refused at its field`, async () => {
    const blames = (count: number) => {
      const aliases = Array.from({ length: count }, (_, i) => `b${i}: blame(path: "poem.txt") { ranges { age } }`);
      return ask(`{ repository(owner: "alice", name: "super") {
        object(oid: "${shas.modules}") { ... on Commit { ${aliases.join(' ')} } } } }`);
    };
    const allowed = await blames(MAX_BLAMES_PER_QUERY);
    expect(allowed.errors).toBeUndefined();
    expect(Object.keys(allowed.data!.repository.object)).toHaveLength(MAX_BLAMES_PER_QUERY);
    const over = await blames(MAX_BLAMES_PER_QUERY + 1);
    // A refused Blame! nulls its commit.
    expect(over.data!.repository.object).toBeNull();
    expect(over.errors).toEqual([
      expect.objectContaining({
        type: 'UNPROCESSABLE',
        message: `A query may blame at most ${MAX_BLAMES_PER_QUERY} files.`,
      }),
    ]);
  });
});

describe('an installation', () => {
  it('reads submodules and blame with the contents permission only, as the other git data', async () => {
    const { server, owner } = fixture;
    const query = `{ repository(owner: "alice", name: "super") { name submodules(first: 10) { totalCount }
      object(oid: "${shas.second}") { ... on Commit { blame(path: "poem.txt") { ranges { startingLine } } } } } }`;
    const metadata = await installationTokenFor(server, owner.id, 'meta-app', { metadata: 'read' });
    const refused = await ask(query, metadata);
    // A non-null connection refused: its error nulls the repository, as graphql-js does on GitHub.
    expect(refused.data!.repository).toBeNull();
    expect(refused.errors?.map((e) => [e.type, e.message, e.path?.join('.')])).toEqual(
      expect.arrayContaining([['FORBIDDEN', 'Resource not accessible by integration', 'repository.submodules']]),
    );
    // A checks app reads a commit itself (its checks' subject), not its files.
    const checks = await installationTokenFor(server, owner.id, 'checks-app', { checks: 'read' });
    const commit = `{ repository(owner: "alice", name: "super") { object(oid: "${shas.second}") { oid } } }`;
    expect((await ask(commit, checks)).data!.repository.object).toEqual({ oid: shas.second });
    const blame = await ask(query.replace('submodules(first: 10) { totalCount }', ''), checks);
    expect(blame.data!.repository).toEqual({ name: 'super', object: null });
    expect(blame.errors?.[0]).toMatchObject({ type: 'FORBIDDEN', path: ['repository', 'object', 'blame'] });
    const contents = await installationTokenFor(server, owner.id, 'contents-app', { contents: 'read' });
    const read = await ask(query, contents);
    expect(read.errors).toBeUndefined();
    expect(read.data!.repository.submodules.totalCount).toBe(2);
    expect(read.data!.repository.object.blame.ranges).toHaveLength(3);
  });
});
