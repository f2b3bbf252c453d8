// 429 handling against a live Wharf allowing 3 requests per user per 2-second
// window: the client waits Retry-After and succeeds, an AbortSignal cancels
// the wait, and a wait longer than allowed returns the 429 as a value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test-support/test-server.js';
import { createClient } from '../src/index.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    WHARF_RATE_LIMIT_AUTHENTICATED: '3',
    WHARF_RATE_LIMIT_WINDOW_S: '2',
    WHARF_WEBHOOK_DISPATCH: 'off',
  });
});
afterAll(() => server.close());

/** A client whose every answer's status is recorded. */
function watched(token: string, retry = {}) {
  const statuses: number[] = [];
  const client = createClient({
    baseUrl: server.url,
    token,
    retry,
    fetch: async (request) => {
      const response = await fetch(request);
      statuses.push(response.status);
      return response;
    },
  });
  return { client, statuses };
}

/** Spends the user's window (rate limits are per user), so the next call meets a 429. */
async function exhaust(token: string): Promise<void> {
  for (let i = 0; i < 10; i++) if ((await server.api('/user', { token })).status === 429) return;
  throw new Error('never rate limited');
}

describe('a 429', () => {
  it('is waited out (Retry-After) and the call succeeds', async () => {
    const { token } = await server.createUser('patient');
    const { client, statuses } = watched(token);
    await exhaust(token);
    const started = Date.now();
    const { data, response } = await client.users.getAuthenticated();
    expect(response.status).toBe(200);
    expect(data?.login).toBe('patient');
    expect(statuses[0]).toBe(429);
    expect(statuses.at(-1)).toBe(200);
    // Wharf's Retry-After is at least 1 second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(client.rateLimit).toMatchObject({ limit: 3, resource: 'core' });
  });

  it('keeps every call of a burst succeeding, waiting whenever the window is spent', async () => {
    const { token } = await server.createUser('bursty');
    const { client, statuses } = watched(token);
    for (let i = 0; i < 7; i++) expect((await client.users.getAuthenticated()).response.status).toBe(200);
    expect(statuses).toContain(429);
  });

  it('wait is cancelled by the AbortSignal the caller passes', async () => {
    const { token } = await server.createUser('impatient');
    const { client, statuses } = watched(token);
    // Retried should the window roll over between exhausting it and the call.
    for (let attempt = 0; attempt < 3; attempt++) {
      await exhaust(token);
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 150);
      const outcome = await client.users.getAuthenticated(undefined, { signal: controller.signal }).then(
        () => 'answered',
        (e: unknown) => e,
      );
      if (outcome === 'answered') continue;
      expect(outcome).toMatchObject({ name: 'AbortError' });
      expect(Date.now() - started).toBeLessThan(800);
      expect(statuses.at(-1)).toBe(429);
      return;
    }
    throw new Error('the window rolled over three times in a row');
  });

  it('is returned as a value when the wait would be longer than maxRateLimitWaitMs', async () => {
    const { token } = await server.createUser('hasty');
    const { client } = watched(token, { maxRateLimitWaitMs: 0 });
    await exhaust(token);
    const { error, response } = await client.users.getAuthenticated();
    expect(response.status).toBe(429);
    expect(error?.message).toMatch(/rate limit/i);
    expect(client.rateLimit?.remaining).toBe(0);
  });
});
