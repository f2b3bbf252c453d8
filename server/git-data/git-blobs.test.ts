// The git data API's blobs: made over REST from utf-8 or base64 (several MB
// too), read back as JSON or raw bytes, with the object name git gives them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitCli } from '../test-support/git-cli.js';
import { json, startGitDataScenario, type GitDataScenario } from '../test-support/git-data-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let scenario: GitDataScenario;
let server: TestServer;
let alice: TestUser;
let git: GitCli;
let mainTree: string;

const REPO = '/repos/alice/code';
const post = (path: string, body: unknown, token = alice.token) =>
  server.api(`${REPO}${path}`, { method: 'POST', token, body });

beforeAll(async () => {
  scenario = await startGitDataScenario();
  ({ server, alice, git, mainTree } = scenario);
});
afterAll(() => scenario.close());

describe('blobs', () => {
  it('creates a utf-8 blob (201 short-blob, Location) and reads it back as base64 with line breaks', async () => {
    const text = `${'x'.repeat(100)}\nünïcödé\n`;
    const res = await post('/git/blobs', { content: text });
    const created = await json(res, 201);
    expectBothSchemas(
      created,
      { path: '/repos/{owner}/{repo}/git/blobs', method: 'post', status: 201 },
      { operationId: 'git/create-blob' },
    );
    expect(created.url).toBe(`${server.url}/api/v3/repos/alice/code/git/blobs/${created.sha}`);
    expect(res.headers.get('location')).toBe(created.url);
    const blob = await json(await server.api(`${REPO}/git/blobs/${created.sha}`), 200);
    expectBothSchemas(
      blob,
      { path: '/repos/{owner}/{repo}/git/blobs/{file_sha}', method: 'get' },
      { operationId: 'git/get-blob' },
    );
    expect(blob).toMatchObject({ sha: created.sha, encoding: 'base64', size: Buffer.byteLength(text) });
    expect(
      blob.content
        .split('\n')
        .slice(0, -1)
        .every((line: string) => line.length <= 60),
    ).toBe(true);
    expect(blob.content.endsWith('\n')).toBe(true);
    expect(Buffer.from(blob.content, 'base64').toString('utf8')).toBe(text);
  });

  it('takes base64 (with line breaks) and serves the raw bytes for the raw media type, under /api/v3 too', async () => {
    const bytes = Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256));
    const wrapped = bytes.toString('base64').replace(/.{76}/g, '$&\n');
    const created = await json(
      await server.api(`/api/v3${REPO}/git/blobs`, {
        method: 'POST',
        token: alice.token,
        body: { content: wrapped, encoding: 'base64' },
      }),
      201,
    );
    const raw = await server.api(`${REPO}/git/blobs/${created.sha}`, {
      headers: { accept: 'application/vnd.github.raw+json' },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('application/vnd.github.raw; charset=utf-8');
    expect(Buffer.from(await raw.arrayBuffer())).toEqual(bytes);
    // git agrees on the object name.
    expect(created.sha).toBe(await git.ok(['hash-object', '--stdin'], { input: bytes }));
  });

  it('streams a blob of several MB through and back', async () => {
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 7, 'abc');
    const created = await json(
      await post('/git/blobs', { content: bytes.toString('base64'), encoding: 'base64' }),
      201,
    );
    const raw = await server.api(`${REPO}/git/blobs/${created.sha}`, {
      headers: { accept: 'application/vnd.github.raw' },
    });
    expect(Buffer.from(await raw.arrayBuffer()).equals(bytes)).toBe(true);
    // Large blobs' JSON is written in one buffer: the same body as for small ones.
    const blob = await json(await server.api(`${REPO}/git/blobs/${created.sha}`), 200);
    expectBothSchemas(
      blob,
      { path: '/repos/{owner}/{repo}/git/blobs/{file_sha}', method: 'get' },
      { operationId: 'git/get-blob' },
    );
    expect(blob).toMatchObject({ sha: created.sha, size: bytes.length, encoding: 'base64', url: created.url });
    const lines = blob.content.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.slice(0, -1).every((line: string) => line.length === 60)).toBe(true);
    expect(Buffer.from(blob.content, 'base64').equals(bytes)).toBe(true);
  });

  it('is 404 for a sha that names no blob (a tree, an unknown sha, not a sha)', async () => {
    for (const sha of [mainTree, 'f'.repeat(40), 'main'])
      expect((await server.api(`${REPO}/git/blobs/${sha}`)).status, sha).toBe(404);
  });
});
