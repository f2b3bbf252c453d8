// Check suites over real HTTP: GitHub's bodies (checked against
// @octokit/openapi and openapi.yaml), made or found, listed for a ref (by the
// name of a run of theirs), the suite preferences, and the CR_ and CS_ node
// ids gone with their repository. The set-up makes the completed `build` run
// on main's head that the list by check name finds.
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

beforeAll(async () => {
  ({ server, owner, stranger, app, head, call } = await startChecksScenario());
  const build = await call(`${REPO}/check-runs`, 'POST', { name: 'build', head_sha: head, conclusion: 'success' });
  expect(build.status).toBe(201);
});
afterAll(() => server.close());

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
