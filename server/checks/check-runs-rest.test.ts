// Check runs over real HTTP: GitHub's bodies (checked against
// @octokit/openapi and openapi.yaml), updates and their 422s, actions as
// stored, annotations appended and paged, and the list filters. The tests run
// in order on the run the first one creates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-support/apps.js';
import { startChecksScenario, type ChecksScenario } from '../test-support/checks-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

const REPO = '/repos/rest-owner/checked';
let server: TestServer;
let owner: TestUser;
let stranger: TestUser;
let app: TestApp;
let head: string;
let call: ChecksScenario['call'];

const json = async (res: Response) => (await res.json()) as any;
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
  ({ server, owner, stranger, app, head, call } = await startChecksScenario());
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
