// The same invariant end to end: a client listing its repositories by
// following the server's `Link: rel="next"` gets every repository exactly once.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../../server/test-support/test-server.js';
import { parseLinkHeader } from './parse-link-header.js';

// Small on purpose: each run walks at most REPOS pages over real HTTP.
const REPOS = 12;
let server: TestServer;
let user: TestUser;
const created: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser('pager');
  for (let i = 0; i < REPOS; i++) {
    const name = `repo-${String(i).padStart(2, '0')}`;
    const response = await server.api('/user/repos', { method: 'POST', token: user.token, body: { name } });
    expect(response.status).toBe(201);
    created.push(name);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('pagination over HTTP (property-based)', () => {
  it('following Link next lists every repository exactly once, for any per_page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: REPOS + 2 }), async (perPage) => {
        const seen: string[] = [];
        let next: string | undefined = `${server.url}/user/repos?per_page=${perPage}`;
        let requests = 0;
        while (next) {
          expect(++requests).toBeLessThanOrEqual(REPOS + 1);
          const response: Response = await fetch(next, {
            headers: { authorization: `Bearer ${user.token}`, accept: 'application/vnd.github+json' },
          });
          expect(response.status).toBe(200);
          const page = (await response.json()) as { name: string }[];
          expect(page.length).toBeLessThanOrEqual(perPage);
          seen.push(...page.map((repo) => repo.name));
          next = parseLinkHeader(response.headers.get('link')).next;
        }
        expect(requests).toBe(Math.ceil(REPOS / perPage));
        expect([...seen].sort()).toEqual(created);
      }),
      { numRuns: 10 },
    );
  });
});
