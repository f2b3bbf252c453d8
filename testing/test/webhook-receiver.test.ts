// The receiver keeps only what Wharf signed with its secret: a delivery the
// test waits for arrives verified, and one signed with another secret, or
// not at all, is recorded as rejected and never handed to waitFor.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Wharf } from '../src/index.js';
import { start } from './start.js';

let gh: Wharf;

beforeAll(async () => {
  gh = await start();
});
afterAll(async () => {
  await gh?.close();
});

it('hands over a delivery of the event asked for, with its action, once Wharf has sent it', async () => {
  const user = await gh.createUser('hook-user');
  await gh.createRepository(user, 'watched');
  const hooks = await gh.webhookReceiver();
  await gh.addRepositoryHook(user.token, 'hook-user', 'watched', hooks, ['issues']);
  const opened = await gh.client(user.token).issues.create({
    owner: 'hook-user',
    repo: 'watched',
    body: { title: 'Crash on start' },
  });
  expect(opened.response.status).toBe(201);

  const event = await hooks.waitFor('issues.opened', (e) => e.payload.issue.title === 'Crash on start');
  expect(event.name).toBe('issues');
  expect(event.payload).toMatchObject({ action: 'opened', repository: { full_name: 'hook-user/watched' } });
  expect(hooks.rejected).toEqual([]);
  // A name with another action never matches it.
  await expect(hooks.waitFor('issues.closed', undefined, { timeoutMs: 200 })).rejects.toThrow(
    /no issues\.closed delivery within 200 ms \(received: ping, issues; rejected: 0\)/,
  );
});

it('rejects deliveries signed with another secret, and unsigned ones', async () => {
  const user = await gh.createUser('spoof-user');
  await gh.createRepository(user, 'target');
  const hooks = await gh.webhookReceiver({ secret: 'the-right-secret' });
  // The hook is registered with a secret the receiver does not know.
  await gh.addRepositoryHook(user.token, 'spoof-user', 'target', { ...hooks, secret: 'a-wrong-secret' }, ['issues']);
  await gh.client(user.token).issues.create({ owner: 'spoof-user', repo: 'target', body: { title: 'spoofed' } });
  const unsigned = await fetch(hooks.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': 'issues' },
    body: JSON.stringify({ action: 'opened' }),
  });
  expect(unsigned.status).toBe(401);

  await expect(hooks.waitFor('issues', undefined, { timeoutMs: 3_000 })).rejects.toThrow(
    /received: none; rejected: 3\)$/,
  );
  expect(hooks.deliveries).toEqual([]);
  // The hook's ping, the issue's delivery and the unsigned post.
  expect(hooks.rejected.map((r) => [r.reason, r.headers['x-github-event']])).toEqual([
    ['signature', 'ping'],
    ['signature', 'issues'],
    ['signature', 'issues'],
  ]);
  const fromWharf = hooks.rejected.find(
    (r) => r.headers['x-github-event'] === 'issues' && r.headers['x-github-delivery'],
  );
  expect(fromWharf?.headers['x-hub-signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
});
