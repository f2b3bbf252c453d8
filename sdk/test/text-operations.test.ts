// Operations whose answers or bodies are text, not JSON (openapi.yaml's media
// types; the operation table marks them): the resource methods read a string
// and send a text body as it is, as Octokit's `markdown.renderRaw` does.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test-support/test-server.js';
import { createClient, type WharfClient } from '../src/index.js';

let server: TestServer;
let client: WharfClient;

beforeAll(async () => {
  server = await startTestServer();
  const alice = await server.createUser('alice');
  client = createClient({ baseUrl: server.url, token: alice.token });
});
afterAll(() => server?.close());

it('reads /zen and /octocat as strings', async () => {
  const zen = await client.meta.getZen();
  expect(zen.status).toBe(200);
  expect(typeof zen.data).toBe('string');
  expect(zen.data!.length).toBeGreaterThan(0);
  const octocat = await client.meta.getOctocat({ s: 'Hello from the SDK' });
  expect(octocat.data).toContain('Hello from the SDK');
});

it('renders Markdown from JSON and from a raw text body, with the caller’s own headers kept', async () => {
  const rendered = await client.markdown.render({ body: { text: '**bold** ~~gone~~', mode: 'gfm' } });
  expect(rendered.status).toBe(200);
  expect(rendered.data).toBe('<p><strong>bold</strong> <del>gone</del></p>\n');
  const raw = await client.markdown.renderRaw(
    { body: '# Title\n\n<script>alert(1)</script>' as never },
    { headers: { 'x-github-api-version': '2022-11-28' } },
  );
  expect(raw.status).toBe(200);
  expect(raw.response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(raw.data).toContain('<h1>Title</h1>');
  expect(raw.data).not.toContain('<script');
});
