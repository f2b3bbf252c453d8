// Teams created and deleted at the same time in one organization (as the
// client suite's concurrent runs do): each change rebuilds the
// organization's team closure, and together they must neither fail (500 from
// a unique violation or a deadlock) nor leave the closure wrong.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('tc-owner', { scopes: ['repo', 'admin:org'] });
  await server.createOrg('tc-org', owner.id);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const names = Array.from({ length: 8 }, (_, i) => `team-${i}`);
const send = (method: string, path: string, body?: unknown) =>
  server.api(path, { method, token: owner.token, body }).then((res) => res.status);

it('creates and deletes teams concurrently, each answered as alone', async () => {
  expect(await Promise.all(names.map((name) => send('POST', '/orgs/tc-org/teams', { name })))).toEqual(
    names.map(() => 201),
  );
  // Four more come while the last four go.
  const mixed = await Promise.all([
    ...names.slice(0, 4).map((name) => send('POST', '/orgs/tc-org/teams', { name: `${name}-more` })),
    ...names.slice(4).map((name) => send('DELETE', `/orgs/tc-org/teams/${name}`)),
  ]);
  expect(mixed).toEqual([201, 201, 201, 201, 204, 204, 204, 204]);
  const rows = await server.sql<{ team_id: number; ancestor_id: number }[]>`
    SELECT ta.team_id, ta.ancestor_id FROM team_ancestors ta JOIN teams t ON t.id = ta.team_id
    JOIN accounts o ON o.id = t.org_id WHERE o.login = 'tc-org'`;
  // Eight top-level teams remain, each its own only ancestor.
  expect(rows).toHaveLength(8);
  expect(rows.every((r) => r.team_id === r.ancestor_id)).toBe(true);
});
