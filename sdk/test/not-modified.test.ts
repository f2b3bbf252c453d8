// Conditional requests through the SDK against a live Wharf: an unchanged
// resource answers 304 with no body, which reaches the caller as an error value
// with a message (never `error: ""` beside an undefined `data`), and does not
// count against the rate limit; a changed one answers 200 with the new data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { createClient, type WharfClient } from '../src/index.js';

let server: TestServer;
let alice: TestUser;
let client: WharfClient;
const repo = { owner: 'alice', repo: 'cached' };

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  client = createClient({ baseUrl: server.url, token: alice.token });
  expect((await client.repos.createForAuthenticatedUser({ body: { name: 'cached' } })).response.status).toBe(201);
});
afterAll(() => server?.close());

describe('If-None-Match', () => {
  it('answers 304 as an error value, uncounted, through resource methods and by path', async () => {
    const first = await client.repos.get(repo);
    const etag = first.response.headers.get('etag');
    expect(etag).toBeTruthy();
    const remaining = client.rateLimit!.remaining;

    const again = await client.repos.get(repo, { headers: { 'if-none-match': etag! } });
    expect(again.response.status).toBe(304);
    expect(again.data).toBeUndefined();
    expect(again.error).toEqual({ message: 'Not Modified' });
    expect(client.rateLimit!.remaining).toBe(remaining);

    const byPath = await client.GET('/repos/{owner}/{repo}', {
      params: { path: repo },
      headers: { 'if-none-match': etag! },
    });
    expect(byPath.response.status).toBe(304);
    expect(byPath.error).toEqual({ message: 'Not Modified' });
  });

  it('answers 200 with the new data once the resource changed', async () => {
    const first = await client.repos.get(repo);
    const etag = first.response.headers.get('etag')!;
    expect((await client.repos.update({ ...repo, body: { description: 'changed' } })).response.status).toBe(200);
    const changed = await client.repos.get(repo, { headers: { 'if-none-match': etag } });
    expect(changed.response.status).toBe(200);
    expect(changed.error).toBeUndefined();
    expect(changed.data?.description).toBe('changed');
  });
});
