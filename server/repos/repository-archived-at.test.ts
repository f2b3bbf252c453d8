// GraphQL's Repository.archivedAt: when PATCH archived the repository, kept
// while it stays archived (archiving again moves nothing), null once unarchived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'old' } });
});
afterAll(() => server?.close());

const patch = (body: Record<string, unknown>) =>
  server.api('/repos/alice/old', { method: 'PATCH', token: alice.token, body });
const archivedAt = async () =>
  (await graphqlOk(server, '{ repository(owner: "alice", name: "old") { isArchived archivedAt } }', {}, alice.token))
    .data?.repository as { isArchived: boolean; archivedAt: string | null };

describe('Repository.archivedAt', () => {
  it('is null until archived, the archiving time after, and null again once unarchived', async () => {
    expect(await archivedAt()).toEqual({ isArchived: false, archivedAt: null });
    const before = Date.now() - 1000;
    expect((await patch({ archived: true })).status).toBe(200);
    const first = await archivedAt();
    expect(first.isArchived).toBe(true);
    expect(Date.parse(first.archivedAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(first.archivedAt!)).toBeLessThanOrEqual(Date.now());
    // Another PATCH that says archived again (with another change) keeps the first time.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await patch({ archived: true, description: 'kept' })).status).toBe(200);
    expect((await archivedAt()).archivedAt).toBe(first.archivedAt);
    expect((await patch({ archived: false })).status).toBe(200);
    expect(await archivedAt()).toEqual({ isArchived: false, archivedAt: null });
  });
});
