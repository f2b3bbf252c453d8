// The git data API's annotated tags: a tag object made over REST is what git
// sees as an annotated tag once its ref exists; the tagger defaults to the
// caller; a wrong type or name is refused as GitHub does.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, type GitCli } from '../test-support/git-cli.js';
import { json, startGitDataScenario, type GitDataScenario } from '../test-support/git-data-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let scenario: GitDataScenario;
let server: TestServer;
let alice: TestUser;
let git: GitCli;
let main: string;
let mainTree: string;

const REPO = '/repos/alice/code';
const post = (path: string, body: unknown, token = alice.token) =>
  server.api(`${REPO}${path}`, { method: 'POST', token, body });

beforeAll(async () => {
  scenario = await startGitDataScenario();
  ({ server, alice, git, main, mainTree } = scenario);
});
afterAll(() => scenario.close());

describe('annotated tags', () => {
  it('creates a tag object (git-tag) that git sees as annotated once the ref exists', async () => {
    const res = await post('/git/tags', {
      tag: 'v1.0',
      message: 'First release\n',
      object: main,
      type: 'commit',
      tagger: { name: 'Rel Bot', email: 'rel@example.com', date: '2011-06-17T14:53:35-07:00' },
    });
    const tag = await json(res, 201);
    expectBothSchemas(
      tag,
      { path: '/repos/{owner}/{repo}/git/tags', method: 'post', status: 201 },
      { operationId: 'git/create-tag' },
    );
    expect(tag).toMatchObject({
      tag: 'v1.0',
      message: 'First release\n',
      object: { sha: main, type: 'commit' },
      tagger: { name: 'Rel Bot', date: '2011-06-17T21:53:35Z' },
      verification: { reason: 'unsigned' },
    });
    const read = await json(await server.api(`${REPO}/git/tags/${tag.sha}`), 200);
    expectBothSchemas(
      read,
      { path: '/repos/{owner}/{repo}/git/tags/{tag_sha}', method: 'get' },
      { operationId: 'git/get-tag' },
    );
    expect(read).toEqual(tag);
    await json(await post('/git/refs', { ref: 'refs/tags/v1.0', sha: tag.sha }), 201);
    const dir = join(git.home, 'tags');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/code.git', alice.token), dir]);
    expect(await git.ok(['cat-file', '-t', 'v1.0'], { cwd: dir })).toBe('tag');
    expect(await git.ok(['tag', '-l', '--format=%(contents:subject) %(taggername)', 'v1.0'], { cwd: dir })).toBe(
      'First release Rel Bot',
    );
  });

  it("defaults the tagger to the caller and refuses a type that is not the object's (422)", async () => {
    const tag = await json(await post('/git/tags', { tag: 'v1.1', message: 'm', object: mainTree, type: 'tree' }), 201);
    expect(tag.tagger).toMatchObject({ name: 'alice', email: expect.stringMatching(/\+alice@users\.noreply\./) });
    expect((await post('/git/tags', { tag: 'v1.2', message: 'm', object: mainTree, type: 'commit' })).status).toBe(422);
    expect((await post('/git/tags', { tag: 'bad name', message: 'm', object: main, type: 'commit' })).status).toBe(422);
  });

  it('is 404 for a sha that is no tag object', async () => {
    expect((await server.api(`${REPO}/git/tags/${main}`)).status).toBe(404);
  });
});
