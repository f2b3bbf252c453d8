// Check runs and suites over real HTTP: GitHub's bodies (checked against
// @octokit/openapi and openapi.yaml), the list filters, annotations appended
// and paged, GitHub's 422s, and the ids gone with their repository.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../test-support/apps.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const REPO = '/repos/rest-owner/checked';
let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let app: TestApp;
let token: string;
let head: string;

const json = async (res: Response) => (await res.json()) as any;
const call = (path: string, method = 'GET', body?: unknown, as = token) =>
  server.api(path, { method, token: as, body });
const annotation = (i: number) => ({
  path: `src/file-${i}.ts`,
  start_line: i + 1,
  end_line: i + 1,
  start_column: 1,
  end_column: 4,
  annotation_level: 'warning',
  message: `note ${i}`,
});

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('rest-owner');
  stranger = await server.createUser('rest-stranger');
  expect(
    (
      await server.api('/user/repos', {
        method: 'POST',
        token: owner.token,
        body: { name: 'checked', auto_init: true },
      })
    ).status,
  ).toBe(201);
  const repoId = (await server.services.repos.find('rest-owner', 'checked'))!.id;
  head = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
  app = await createTestApp(server, owner.id, 'Rest CI', { checks: 'write' });
  const installation = await installTestApp(server, app.app, owner.id);
  token = (await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id))
    .body.token as string;
});
afterAll(() => server.close());

describe('check runs', () => {
  let runId: number;

  it("create: GitHub's body, in the app's suite, with its annotations", async () => {
    const res = await call(`${REPO}/check-runs`, 'POST', {
      name: 'lint',
      head_sha: head,
      external_id: 'build-7',
      details_url: 'https://ci.example.com/7',
      output: { title: 'Lint', summary: 'Looking', annotations: Array.from({ length: 50 }, (_, i) => annotation(i)) },
      actions: [{ label: 'Fix', description: 'Fix the lint', identifier: 'fix' }],
    });
    expect(res.status).toBe(201);
    const run = await json(res);
    expectBothSchemas(
      run,
      { path: '/repos/{owner}/{repo}/check-runs', method: 'post', status: 201 },
      { operationId: 'checks/create' },
    );
    expect(run).toMatchObject({
      name: 'lint',
      head_sha: head,
      status: 'queued',
      conclusion: null,
      external_id: 'build-7',
      details_url: 'https://ci.example.com/7',
      url: `${server.url}/api/v3${REPO}/check-runs/${run.id}`,
      app: { id: app.app.id, slug: 'rest-ci' },
      output: { title: 'Lint', summary: 'Looking', text: null, annotations_count: 50 },
      pull_requests: [],
    });
    expect(run.node_id).toMatch(/^CR_/);
    expect(res.headers.get('location')).toBe(run.url);
    runId = run.id;
    const got = await json(await call(`${REPO}/check-runs/${runId}`, 'GET', undefined, stranger.token));
    expectBothSchemas(
      got,
      { path: '/repos/{owner}/{repo}/check-runs/{check_run_id}', method: 'get' },
      { operationId: 'checks/get' },
    );
    expect(got).toEqual(run);
  });

  it('update: appends annotations, completing needs a conclusion, conclusion completes', async () => {
    const incomplete = await call(`${REPO}/check-runs/${runId}`, 'PATCH', { status: 'completed' });
    expect(incomplete.status).toBe(422);
    expect((await json(incomplete)).errors).toEqual([
      { resource: 'CheckRun', code: 'missing_field', field: 'conclusion' },
    ]);
    const res = await call(`${REPO}/check-runs/${runId}`, 'PATCH', {
      conclusion: 'neutral',
      output: { summary: 'Done', annotations: [annotation(50), annotation(51)] },
    });
    expect(res.status).toBe(200);
    const run = await json(res);
    expectBothSchemas(
      run,
      { path: '/repos/{owner}/{repo}/check-runs/{check_run_id}', method: 'patch' },
      { operationId: 'checks/update' },
    );
    expect(run).toMatchObject({
      status: 'completed',
      conclusion: 'neutral',
      output: { title: 'Lint', summary: 'Done', annotations_count: 52 },
    });
    expect(run.completed_at).not.toBeNull();
    const spanning = await call(`${REPO}/check-runs/${runId}`, 'PATCH', {
      output: { summary: 'x', annotations: [{ ...annotation(1), end_line: 9 }] },
    });
    expect(spanning.status).toBe(422);
  });

  it("keeps an action's three fields only: other keys (a NUL among them, which jsonb refuses) are dropped, not stored", async () => {
    const action = { label: 'Fix', description: 'Fix the lint', identifier: 'fix' };
    const res = await call(`${REPO}/check-runs/${runId}`, 'PATCH', {
      actions: [{ ...action, 'x\u0000y': 'a\u0000b', extra: { nested: [1] } }],
    });
    expect(res.status).toBe(200);
    // GitHub's body does not show actions; the run's page and requested_action read them from the row.
    expect((await server.sql`SELECT actions FROM check_runs WHERE id = ${runId}`)[0]!.actions).toEqual([action]);
  });

  it('annotations: in order, paged with Link', async () => {
    const first = await call(`${REPO}/check-runs/${runId}/annotations?per_page=50`, 'GET', undefined, owner.token);
    const page1 = await json(first);
    expectBothSchemas(
      page1,
      { path: '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations', method: 'get' },
      { operationId: 'checks/list-annotations' },
    );
    expect(page1).toHaveLength(50);
    expect(page1[0]).toMatchObject({
      path: 'src/file-0.ts',
      start_line: 1,
      annotation_level: 'warning',
      message: 'note 0',
      blob_href: `${server.url}/rest-owner/checked/blob/${head}/src/file-0.ts`,
    });
    expect(first.headers.get('link')).toContain('page=2');
    const page2 = await json(
      await call(`${REPO}/check-runs/${runId}/annotations?per_page=50&page=2`, 'GET', undefined, owner.token),
    );
    expect(page2.map((a: any) => a.message)).toEqual(['note 50', 'note 51']);
  });

  it('lists for a ref and a suite: latest per name by default, filters by name, status and app', async () => {
    await call(`${REPO}/check-runs`, 'POST', { name: 'lint', head_sha: head, status: 'in_progress' });
    await call(`${REPO}/check-runs`, 'POST', { name: 'build', head_sha: head, conclusion: 'success' });
    const latest = await json(await call(`${REPO}/commits/main/check-runs`, 'GET', undefined, owner.token));
    expectBothSchemas(
      latest,
      { path: '/repos/{owner}/{repo}/commits/{ref}/check-runs', method: 'get' },
      { operationId: 'checks/list-for-ref' },
    );
    expect(latest.total_count).toBe(2);
    expect(latest.check_runs.map((r: any) => `${r.name}:${r.status}`)).toEqual(['build:completed', 'lint:in_progress']);
    const all = await json(await call(`${REPO}/commits/${head}/check-runs?filter=all`, 'GET', undefined, owner.token));
    expect(all.total_count).toBe(3);
    const named = await json(
      await call(
        `${REPO}/commits/${head}/check-runs?filter=all&check_name=lint&status=completed`,
        'GET',
        undefined,
        owner.token,
      ),
    );
    expect(named.check_runs.map((r: any) => r.id)).toEqual([runId]);
    expect(
      (
        await json(
          await call(`${REPO}/commits/${head}/check-runs?app_id=${app.app.id + 1000}`, 'GET', undefined, owner.token),
        )
      ).total_count,
    ).toBe(0);
    const suiteId = latest.check_runs[0].check_suite.id;
    const ofSuite = await json(await call(`${REPO}/check-suites/${suiteId}/check-runs`, 'GET', undefined, owner.token));
    expectBothSchemas(
      ofSuite,
      { path: '/repos/{owner}/{repo}/check-suites/{check_suite_id}/check-runs', method: 'get' },
      { operationId: 'checks/list-for-suite' },
    );
    expect(ofSuite.total_count).toBe(2);
    const unknown = await call(`${REPO}/commits/no-such-branch/check-runs`, 'GET', undefined, owner.token);
    expect(unknown.status).toBe(422);
  });

  it('404 for unknown ids, 422 for a sha that is not a commit here', async () => {
    expect((await call(`${REPO}/check-runs/999999`, 'GET', undefined, owner.token)).status).toBe(404);
    expect((await call(`${REPO}/check-suites/999999`, 'GET', undefined, owner.token)).status).toBe(404);
    const missing = await call(`${REPO}/check-runs`, 'POST', { name: 'x', head_sha: 'a'.repeat(40) });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors).toEqual([{ resource: 'CheckRun', code: 'invalid', field: 'head_sha' }]);
  });
});

describe('check suites', () => {
  it('create: 201 when made, 200 when it existed; get; list for a ref', async () => {
    // A commit on no branch (a push would have made the app's suite already): a suite of its own.
    const tree = (await json(await server.api(`${REPO}/git/commits/${head}`, { token: owner.token }))).tree.sha;
    const commit = await json(
      await server.api(`${REPO}/git/commits`, {
        method: 'POST',
        token: owner.token,
        body: { message: 'two', tree, parents: [head] },
      }),
    );
    const sha = commit.sha as string;
    const made = await call(`${REPO}/check-suites`, 'POST', { head_sha: sha });
    expect(made.status).toBe(201);
    const suite = await json(made);
    expectBothSchemas(
      suite,
      { path: '/repos/{owner}/{repo}/check-suites', method: 'post', status: 201 },
      { operationId: 'checks/create-suite' },
    );
    expect(suite).toMatchObject({
      head_sha: sha,
      head_branch: null,
      status: 'queued',
      conclusion: null,
      latest_check_runs_count: 0,
      app: { id: app.app.id },
      head_commit: { id: sha, message: 'two' },
    });
    expect(suite.node_id).toMatch(/^CS_/);
    const again = await call(`${REPO}/check-suites`, 'POST', { head_sha: sha });
    expect(again.status).toBe(200);
    expect((await json(again)).id).toBe(suite.id);
    const got = await json(await call(`${REPO}/check-suites/${suite.id}`, 'GET', undefined, owner.token));
    expectBothSchemas(
      got,
      { path: '/repos/{owner}/{repo}/check-suites/{check_suite_id}', method: 'get' },
      { operationId: 'checks/get-suite' },
    );
    const list = await json(await call(`${REPO}/commits/${sha}/check-suites`, 'GET', undefined, owner.token));
    expectBothSchemas(
      list,
      { path: '/repos/{owner}/{repo}/commits/{ref}/check-suites', method: 'get' },
      { operationId: 'checks/list-suites-for-ref' },
    );
    expect(list).toMatchObject({ total_count: 1, check_suites: [{ id: suite.id }] });
    expect(
      (await json(await call(`${REPO}/commits/${head}/check-suites?check_name=build`, 'GET', undefined, owner.token)))
        .total_count,
    ).toBe(1);
    expect(
      (await json(await call(`${REPO}/commits/${head}/check-suites?check_name=nothing`, 'GET', undefined, owner.token)))
        .total_count,
    ).toBe(0);
  });

  it('preferences: admin only, known apps only', async () => {
    const body = { auto_trigger_checks: [{ app_id: app.app.id, setting: false }] };
    const res = await call(`${REPO}/check-suites/preferences`, 'PATCH', body, owner.token);
    expect(res.status).toBe(200);
    const prefs = await json(res);
    expectBothSchemas(
      prefs,
      { path: '/repos/{owner}/{repo}/check-suites/preferences', method: 'patch' },
      { operationId: 'checks/set-suites-preferences' },
    );
    expect(prefs.preferences).toEqual(body);
    expect((await call(`${REPO}/check-suites/preferences`, 'PATCH', body, stranger.token)).status).toBe(403);
    expect(
      (
        await call(
          `${REPO}/check-suites/preferences`,
          'PATCH',
          { auto_trigger_checks: [{ app_id: 987654, setting: true }] },
          owner.token,
        )
      ).status,
    ).toBe(422);
  });
});

describe('CR_ and CS_ node ids', () => {
  it('resolve through node and nodes, and are retired with the repository', async () => {
    const run = await json(
      await call(`${REPO}/check-runs`, 'POST', {
        name: 'nodes',
        head_sha: head,
        conclusion: 'success',
        output: { title: 'T', summary: 'S' },
      }),
    );
    const suite = await json(await call(`${REPO}/check-suites/${run.check_suite.id}`, 'GET', undefined, owner.token));
    const query = {
      query: `query($run: ID!, $ids: [ID!]!) {
        node(id: $run) { id ... on CheckRun { databaseId name status conclusion title summary url checkSuite { id status commit { oid } } } }
        nodes(ids: $ids) { id __typename }
      }`,
      variables: { run: run.node_id, ids: [run.node_id, suite.node_id] },
    };
    const before = await json(await server.api('/api/graphql', { method: 'POST', token: owner.token, body: query }));
    expect(before.errors).toBeUndefined();
    expect(before.data.node).toEqual({
      id: run.node_id,
      databaseId: run.id,
      name: 'nodes',
      status: 'COMPLETED',
      conclusion: 'SUCCESS',
      title: 'T',
      summary: 'S',
      url: run.html_url,
      checkSuite: { id: suite.node_id, status: suite.status.toUpperCase(), commit: { oid: head } },
    });
    expect(before.data.nodes).toEqual([
      { id: run.node_id, __typename: 'CheckRun' },
      { id: suite.node_id, __typename: 'CheckSuite' },
    ]);
    expect((await server.api(REPO, { method: 'DELETE', token: owner.token })).status).toBe(204);
    const after = await json(await server.api('/api/graphql', { method: 'POST', token: owner.token, body: query }));
    expect(after.data.node).toBeNull();
    expect(after.errors[0].message).toBe(`Could not resolve to a node with the global id of '${run.node_id}'`);
    expect(after.data.nodes).toEqual([null, null]);
  });
});
