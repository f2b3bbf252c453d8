// A push's body is received before it takes its repository's lock and a
// database connection: pushes from clients on slow links (here, bodies that
// stall) outnumbering the pool leave the REST API answering.
import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
const open: ClientRequest[] = [];

beforeAll(async () => {
  server = await startTestServer({ WHARF_GIT_IDLE_TIMEOUT: '60s' });
  alice = await server.createUser('alice');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'busy', auto_init: true } });
});
afterAll(async () => {
  for (const req of open) req.destroy();
  await server?.close();
});

const pkt = (text: string) => `${(Buffer.byteLength(text) + 4).toString(16).padStart(4, '0')}${text}`;

it('twelve pushes whose bodies stall hold no database connection: creating a repository still answers at once', async () => {
  const auth = `Basic ${Buffer.from(`x:${alice.token}`).toString('base64')}`;
  const main = (await (await server.api('/repos/alice/busy/git/ref/heads/main', { token: alice.token })).json()) as {
    object: { sha: string };
  };
  for (let i = 0; i < 12; i++) {
    const req = request(`${server.url}/alice/busy.git/git-receive-pack`, {
      method: 'POST',
      headers: {
        authorization: auth,
        'content-type': 'application/x-git-receive-pack-request',
        'transfer-encoding': 'chunked',
      },
    });
    req.on('error', () => {});
    req.write(pkt(`${main.object.sha} ${'1'.repeat(40)} refs/heads/slow-${i}\0report-status\n`));
    open.push(req);
  }
  // Let the server take in every request's first bytes.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const started = Date.now();
  const res = await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'while-pushing' } });
  expect(res.status).toBe(201);
  // The pool has 10 connections: were the stalled pushes holding them, this would wait for the 60 s idle cut-off.
  expect(Date.now() - started).toBeLessThan(10_000);
});
