// A page of issues costs a fixed number of SQL statements, whatever its
// length: the rows, then their authors, assignees and closers in one more
// statement, then their labels and milestones in a third, not one query per
// issue. The target is ≤ 3 per request (issue #16). A page served from the
// issue-list cache costs one statement (the generations, issue-list-cache.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
const statements: string[] = [];

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  alice = await server.createUser('alice');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'busy' } });
  for (const title of ['v1', 'v2'])
    await server.api('/repos/alice/busy/milestones', { method: 'POST', token: alice.token, body: { title } });
  for (let i = 0; i < 30; i++) {
    const body = {
      title: `Issue ${i}`,
      assignees: ['alice'],
      labels: ['bug', `area-${i % 3}`],
      milestone: 1 + (i % 2),
    };
    const res = await server.api('/repos/alice/busy/issues', { method: 'POST', token: alice.token, body });
    expect(res.status).toBe(201);
  }
});
afterAll(() => server.close());

/**
 * Statements of a request after a change to the repository's issues, which
 * the cache must not answer: the fewest of three (change, request) rounds, as
 * the server's background work (a rate-limit lease, an expired cache entry)
 * can add a statement to any one request on a busy machine.
 */
async function statementsAfterChange(path: string): Promise<number> {
  const counts: number[] = [];
  for (let round = 0; round < 3; round++) {
    await server.sql`UPDATE issues SET title = title || '.' WHERE number = 1`;
    statements.length = 0;
    const res = await server.api(path, { token: alice.token });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    counts.push(statements.length);
  }
  return Math.min(...counts);
}

async function statementsFor(path: string): Promise<number> {
  const counts: number[] = [];
  for (let i = 0; i < 4; i++) {
    statements.length = 0;
    const res = await server.api(path, { token: alice.token });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    counts.push(statements.length);
  }
  // The first request warms the caches (token, repository, permission, rate-limit lease).
  return Math.min(...counts.slice(1));
}

describe('issue list cost', () => {
  it('GET …/issues?per_page=30 takes at most 3 statements, as does a page of 5', async () => {
    const thirty = await statementsFor('/repos/alice/busy/issues?per_page=30');
    const five = await statementsFor('/repos/alice/busy/issues?per_page=5');
    console.log(`statements per request: ${thirty} (per_page=30), ${five} (per_page=5)`);
    expect(thirty).toBeLessThanOrEqual(3);
    expect(thirty).toBe(five);
  });

  it('a page built afresh after a change takes at most 3 statements as well', async () => {
    const thirty = await statementsAfterChange('/repos/alice/busy/issues?per_page=30');
    const five = await statementsAfterChange('/repos/alice/busy/issues?per_page=5');
    console.log(`statements per request after a change: ${thirty} (per_page=30), ${five} (per_page=5)`);
    expect(thirty).toBeLessThanOrEqual(3);
    expect(five).toBeLessThanOrEqual(3);
    // More than the cached answer's one: the page was really built again.
    expect(thirty).toBeGreaterThan(1);
  });

  it('filters by labels and milestone at the same cost, and the bodies show them', async () => {
    expect(await statementsFor('/repos/alice/busy/issues?labels=bug,area-1&milestone=2')).toBeLessThanOrEqual(3);
    const res = await server.api('/repos/alice/busy/issues?per_page=1&labels=area-1', { token: alice.token });
    const [issue] = await res.json();
    expect(issue.labels.map((l: { name: string }) => l.name)).toEqual(['area-1', 'bug']);
    expect(issue.milestone).toMatchObject({ title: expect.stringMatching(/^v[12]$/), open_issues: 15 });
  });
});
