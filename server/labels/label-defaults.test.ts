// Repository labels over real HTTP, as a repository starts: GitHub's default
// labels on a new repository, and none added to an existing one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { DEFAULT_LABELS } from '../repos/default-labels.js';

let server: TestServer;
let alice: TestUser;

const REPO = '/repos/alice/labelled';

beforeAll(async () => {
  ({ server, owner: alice } = await startRepositoryFixture('labelled', { private: true }));
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;

describe('default labels', () => {
  it("a new repository has GitHub's nine, in its colors and words, in the same transaction", async () => {
    const res = await server.api(`${REPO}/labels`, { token: alice.token });
    expect(res.status).toBe(200);
    const body = await json(res);
    expectBothSchemas(
      body,
      { path: '/repos/{owner}/{repo}/labels', method: 'get' },
      { operationId: 'issues/list-labels-for-repo' },
    );
    expect(body.map((l: any) => [l.name, l.color, l.description, l.default])).toEqual(
      DEFAULT_LABELS.map((l) => [l.name, l.color, l.description, true]),
    );
    expect(body[0]).toMatchObject({
      name: 'bug',
      color: 'd73a4a',
      description: "Something isn't working",
      url: `${server.url}/api/v3${REPO}/labels/bug`,
    });
    expect(body[0].node_id).toMatch(/^LA_/);
    expect(body.find((l: any) => l.name === 'good first issue').url).toBe(
      `${server.url}/api/v3${REPO}/labels/good%20first%20issue`,
    );
  });

  it('are not added to a repository that existed before (only creation adds them)', async () => {
    const id = await server.sql.begin((tx) =>
      server.services.repos.insert(tx, alice.id, { name: 'older', private: false }),
    );
    server.services.bus.applyLocally(`repo:${id}`);
    const body = await json(await server.api('/repos/alice/older/labels', { token: alice.token }));
    expect(body).toEqual([]);
  });
});
