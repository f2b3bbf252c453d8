// The commit the checks tests read (checks-graphql.test.ts,
// checks-access.test.ts), made through REST as CI makes it: a pull request
// whose head has two apps' check runs (one superseded by a rerun, one with
// annotations) and two status contexts (one superseded).
import { afterAll, beforeAll } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../apps.js';
import type { AppPermissions } from '../../auth/principal.js';
import { graphqlOk } from '../graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-server.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from './pull-fixture.js';

// Live bindings: set by the beforeAll of checksFixture(), read by the tests.
export let server: TestServer;
export let owner: TestUser;
export let stranger: TestUser;
export let ci: TestApp; // builds and tests
export let linter: TestApp;
export let ciToken: string;
export let lintToken: string;
export let head: string; // the pull request's head commit
export const runs: Record<string, number> = {};

export const gql = (query: string, token: string, variables: Record<string, unknown> = {}) =>
  graphqlOk(server, query, variables, token);
const annotation = (i: number) => ({
  path: `src/f ${i}.ts`,
  start_line: i + 1,
  end_line: i + 2,
  annotation_level: i % 2 ? 'failure' : 'notice',
  message: `note ${i}`,
});

export async function tokenOf(app: TestApp, permissions?: AppPermissions): Promise<string> {
  const installation = await installTestApp(server, app.app, owner.id, { permissions });
  return (await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id))
    .body.token as string;
}

async function run(token: string, body: Record<string, unknown>): Promise<number> {
  return (await rest(server, token, 'POST', '/repos/ci-owner/proj/check-runs', { head_sha: head, ...body })).id;
}

export const status = (body: Record<string, unknown>, sha = head) =>
  rest(server, owner.token, 'POST', `/repos/ci-owner/proj/statuses/${sha}`, body);

/** Starts the server and makes the commit's checks before the file's tests; stops it after them. */
export function checksFixture(): void {
  beforeAll(async () => {
    server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
    owner = await server.createUser('ci-owner');
    stranger = await server.createUser('ci-stranger');
    await repositoryWithReadme(server, owner.token, 'ci-owner', 'proj');
    head = await branchWith(server, owner.token, 'ci-owner/proj', 'feature', { 'a.txt': 'a\n' });
    await openPullRequest(server, owner.token, 'ci-owner/proj', { title: 'Add a', head: 'feature', base: 'main' });
    // The apps come after the pushes, so no push made suites of their own.
    ci = await createTestApp(server, owner.id, 'Grid CI', { checks: 'write' });
    linter = await createTestApp(server, owner.id, 'Lint Bot', { checks: 'write' });
    ciToken = await tokenOf(ci);
    lintToken = await tokenOf(linter);
    runs.build = await run(ciToken, {
      name: 'build',
      status: 'completed',
      conclusion: 'success',
      details_url: 'https://ci.example.com/b',
    });
    runs.testOld = await run(ciToken, { name: 'test', status: 'completed', conclusion: 'failure' });
    runs.test = await run(ciToken, { name: 'test', status: 'completed', conclusion: 'success' });
    runs.lint = await run(lintToken, {
      name: 'lint',
      status: 'in_progress',
      output: { title: 'Lint', summary: 'Going', annotations: [0, 1, 2].map(annotation) },
    });
    await status({ state: 'pending', context: 'deploy' });
    await status({ state: 'success', context: 'legacy', target_url: 'https://legacy.example.com/1' });
    await status({ state: 'error', context: 'deploy', description: 'boom' });
  });
  afterAll(() => server?.close());
}
