// No N+1 in a commit list's checks: 20 commits, each with a check run (with
// an annotation) and a status, read with their rollups, suites, runs,
// annotations and statuses, cost as many SQL statements as one commit, and
// at most the pinned budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../../test-support/apps.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { branchWith, repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';

let server: TestServer;
let owner: TestUser;
const statements: string[] = [];

const QUERY = `query($n: Int!) { repository(owner: "cost-owner", name: "many") { object(expression: "many") { ... on Commit {
  history(first: $n) { nodes { oid
    status { state contexts { context creator { login } } }
    statusCheckRollup { state contexts(first: 10) { checkRunCount statusContextCount nodes { __typename
      ... on CheckRun { name checkSuite { databaseId branch { name } } annotations(first: 2) { nodes { message location { start { line } } } } }
      ... on StatusContext { context creator { login } } } } }
    checkSuites(first: 5) { totalCount nodes { databaseId app { slug } checkRuns(first: 5) { totalCount nodes { name conclusion } } } } } } } } } }`;

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  owner = await server.createUser('cost-owner');
  await repositoryWithReadme(server, owner.token, 'cost-owner', 'many');
  await branchWith(
    server,
    owner.token,
    'cost-owner/many',
    'many',
    Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}.txt`, `${i}\n`])),
  );
  const app = await createTestApp(server, owner.id, 'Cost CI', { checks: 'write' });
  const installation = await installTestApp(server, app.app, owner.id);
  const token = (
    await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id)
  ).body.token as string;
  const commits = await rest(server, owner.token, 'GET', '/repos/cost-owner/many/commits?sha=many&per_page=20');
  for (const [i, commit] of (commits as { sha: string }[]).entries()) {
    await rest(server, token, 'POST', '/repos/cost-owner/many/check-runs', {
      head_sha: commit.sha,
      name: `build ${i}`,
      status: 'completed',
      conclusion: 'success',
      output: {
        title: 'Build',
        summary: 'ok',
        annotations: [{ path: 'f.txt', start_line: 1, end_line: 1, annotation_level: 'notice', message: `n${i}` }],
      },
    });
    await rest(server, owner.token, 'POST', `/repos/cost-owner/many/statuses/${commit.sha}`, {
      state: 'success',
      context: `ci ${i}`,
    });
  }
});
afterAll(() => server?.close());

/** The fewest statements of three runs: the server's background work may add one to any request on a busy machine. */
async function cost(n: number) {
  let fewest = Infinity;
  let nodes: any[] = [];
  for (let run = 0; run < 3; run++) {
    statements.length = 0;
    const answer = await graphqlOk(server, QUERY, { n }, owner.token);
    expect(answer.errors).toBeUndefined();
    nodes = answer.data!.repository.object.history.nodes;
    fewest = Math.min(fewest, statements.length);
  }
  return { statements: fewest, nodes };
}

describe('a commit list’s checks', () => {
  it('cost as many statements for 20 commits as for one', async () => {
    const one = await cost(1);
    const twenty = await cost(20);
    expect(twenty.nodes).toHaveLength(20);
    // Every commit has its own run, annotation and status: the answers are real, not empty.
    for (const commit of twenty.nodes) {
      expect(commit.statusCheckRollup).toMatchObject({
        state: 'SUCCESS',
        contexts: { checkRunCount: 1, statusContextCount: 1 },
      });
      const [run, status] = commit.statusCheckRollup.contexts.nodes;
      expect(run.annotations.nodes).toHaveLength(1);
      expect(status.creator).toEqual({ login: 'cost-owner' });
      expect(commit.checkSuites.nodes[0].app).toEqual({ slug: 'cost-ci' });
      expect(commit.checkSuites.nodes[0].checkRuns.nodes).toEqual([{ name: run.name, conclusion: 'SUCCESS' }]);
      expect(commit.status.contexts).toEqual([{ context: status.context, creator: { login: 'cost-owner' } }]);
    }
    expect(new Set(twenty.nodes.map((c: any) => c.statusCheckRollup.contexts.nodes[0].name)).size).toBe(20);
    expect(twenty.statements).toBe(one.statements);
    expect(one.statements).toBeLessThanOrEqual(BUDGET);
  });
});

/** The pinned budget: one statement per kind (latest statuses, latest runs, suites of commits, suites by id, suite runs, annotations, apps, accounts, repositories). */
const BUDGET = 9;
