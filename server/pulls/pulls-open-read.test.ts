// Opening and reading pull requests over real HTTP with branches pushed by
// the real git CLI: GitHub's bodies (checked against GitHub's own schemas),
// GitHub's 422s, refs/pull/{n}/head, issues turned into pull requests, lists
// and their filters, and the `pull_request` events (checked against GitHub's
// webhook schemas by the outbox reader). The tests run in order: the reads
// find the pull requests the opening tests made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPullScenario, type PullScenario } from '../test-support/pull-scenario.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { actions } from '../test-support/webhook-outbox.js';

let scenario: PullScenario;
let server: TestServer;
let alice: TestUser; // owner
let carol: TestUser; // no rights (public repository)
let repoId: number;
let newEvents: PullScenario['newEvents'];
let call: PullScenario['call'];
let commitAndPush: PullScenario['commitAndPush'];

const create = (body: Record<string, unknown>, token = alice.token) =>
  call('/repos/alice/proj/pulls', { method: 'POST', token, body });

beforeAll(async () => {
  scenario = await startPullScenario();
  ({ server, alice, carol, repoId, newEvents, call, commitAndPush } = scenario);
});
afterAll(async () => {
  await scenario?.close();
});

describe('POST /repos/{owner}/{repo}/pulls', () => {
  it("opens a pull request with GitHub's body, writes refs/pull/{n}/head and emits pull_request.opened", async () => {
    const headSha = await server.services.git.resolveRef(repoId, 'refs/heads/feature');
    const baseSha = await server.services.git.resolveRef(repoId, 'refs/heads/main');
    const { res, status, json } = await create({ title: 'Add a', body: 'Please pull', head: 'feature', base: 'main' });
    expect(status).toBe(201);
    const url = `${server.url}/api/v3/repos/alice/proj/pulls/${json.number}`;
    expect(res.headers.get('location')).toBe(url);
    expect(json).toMatchObject({
      url,
      html_url: `${server.url}/alice/proj/pull/${json.number}`,
      issue_url: `${server.url}/api/v3/repos/alice/proj/issues/${json.number}`,
      title: 'Add a',
      body: 'Please pull',
      state: 'open',
      draft: false,
      merged: false,
      mergeable: null,
      mergeable_state: 'unknown',
      head: {
        label: 'alice:feature',
        ref: 'feature',
        sha: headSha,
        repo: { full_name: 'alice/proj' },
        user: { login: 'alice' },
      },
      base: { label: 'alice:main', ref: 'main', sha: baseSha, repo: { full_name: 'alice/proj' } },
      commits: 2,
      additions: 2,
      deletions: 0,
      changed_files: 1,
      user: { login: 'alice' },
      author_association: 'OWNER',
    });
    expect(json.node_id).toMatch(/^PR_/);
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls', method: 'post', status: 201 },
      { operationId: 'pulls/create' },
    );
    expect(await server.services.git.resolveRef(repoId, `refs/pull/${json.number}/head`)).toBe(headSha);
    const events = await newEvents();
    expect(actions(events)).toEqual(['pull_request.opened']);
    expect(events[0]!.payload).toMatchObject({
      number: json.number,
      pull_request: { number: json.number, head: { sha: headSha } },
    });
  });

  it("shares the issues' number sequence", async () => {
    const issue = await call('/repos/alice/proj/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'An issue' },
    });
    const { json } = await create({ title: 'Other', head: 'alice:other', base: 'main', draft: true });
    expect(json.number).toBe(issue.json.number + 1);
    expect(json.draft).toBe(true);
    await newEvents();
  });

  it("answers GitHub's 422s and changes nothing", async () => {
    const before = await server.sql`SELECT count(*)::int AS n FROM pull_requests`;
    const cases: [Record<string, unknown>, unknown][] = [
      [
        { title: 'Again', head: 'feature', base: 'main' },
        { resource: 'PullRequest', code: 'custom', message: 'A pull request already exists for alice:feature.' },
      ],
      [
        { title: 'Nothing', head: 'develop', base: 'main' },
        { resource: 'PullRequest', code: 'custom', message: 'No commits between main and develop' },
      ],
      [
        { title: 'Missing', head: 'nope', base: 'main' },
        { resource: 'PullRequest', field: 'head', code: 'invalid' },
      ],
      [
        { title: 'Missing base', head: 'feature', base: 'nope' },
        { resource: 'PullRequest', field: 'base', code: 'invalid' },
      ],
      [
        { title: 'Fork', head: 'carol:feature', base: 'main' },
        { resource: 'PullRequest', field: 'head', code: 'invalid' },
      ],
      [
        { head: 'feature', base: 'develop' },
        { resource: 'PullRequest', field: 'title', code: 'missing_field' },
      ],
    ];
    for (const [body, error] of cases) {
      const { status, json } = await create(body);
      expect(status, JSON.stringify(body)).toBe(422);
      expect(json.errors, JSON.stringify(body)).toEqual([expect.objectContaining(error as object)]);
    }
    expect(await server.sql`SELECT count(*)::int AS n FROM pull_requests`).toEqual(before);
    expect(await newEvents()).toEqual([]);
  });

  it('needs a signed-in caller; anyone who can read may open one', async () => {
    expect(
      (
        await call('/repos/alice/proj/pulls', {
          method: 'POST',
          body: { title: 'anon', head: 'feature', base: 'develop' },
        })
      ).status,
    ).toBe(401);
    const { status, json } = await create({ title: 'From carol', head: 'feature', base: 'develop' }, carol.token);
    expect(status).toBe(201);
    expect(json).toMatchObject({ user: { login: 'carol' }, author_association: 'NONE', base: { ref: 'develop' } });
    await newEvents();
  });

  it('turns an open issue into a pull request with `issue`', async () => {
    const issue = await call('/repos/alice/proj/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'Convert me', body: 'text' },
    });
    await commitAndPush('convert', 'c.txt', 'c\n', 'main');
    const { status, json } = await create({ issue: issue.json.number, head: 'convert', base: 'main' });
    expect(status).toBe(201);
    expect(json).toMatchObject({ number: issue.json.number, title: 'Convert me', body: 'text' });
    expect((await create({ issue: issue.json.number, head: 'other', base: 'develop' })).status).toBe(422);
    expect((await create({ issue: 2 ** 40, head: 'other', base: 'develop' })).status).toBe(422);
    await newEvents();
  });
});

describe('GET /repos/{owner}/{repo}/pulls/{pull_number}', () => {
  it("answers the pull request, 404 for an issue's number or an unknown one", async () => {
    const [first] = (await call('/repos/alice/proj/pulls?state=all&direction=asc')).json;
    const { status, json } = await call(`/repos/alice/proj/pulls/${first.number}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ number: first.number, title: 'Add a' });
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls/{pull_number}', method: 'get', status: 200 },
      { operationId: 'pulls/get' },
    );
    const issue = await call('/repos/alice/proj/issues', {
      method: 'POST',
      token: alice.token,
      body: { title: 'Plain' },
    });
    expect((await call(`/repos/alice/proj/pulls/${issue.json.number}`)).status).toBe(404);
    expect((await call('/repos/alice/proj/pulls/99999')).status).toBe(404);
    await newEvents();
  });
});

describe('GET /repos/{owner}/{repo}/pulls', () => {
  it('lists open pull requests newest first, with filters and pages', async () => {
    const { status, json, res } = await call('/repos/alice/proj/pulls?per_page=2');
    expect(status).toBe(200);
    expect(json.map((p: any) => p.title)).toEqual(['Convert me', 'From carol']);
    expect(res.headers.get('link')).toContain('rel="next"');
    expectBothSchemas(
      json,
      { path: '/repos/{owner}/{repo}/pulls', method: 'get', status: 200 },
      { operationId: 'pulls/list' },
    );
    const titles = async (q: string) => (await call(`/repos/alice/proj/pulls?${q}`)).json.map((p: any) => p.title);
    expect(await titles('base=develop')).toEqual(['From carol']);
    expect(await titles('head=alice:other')).toEqual(['Other']);
    expect(await titles('head=bob:other')).toEqual([]);
    expect(await titles('sort=created&direction=asc')).toEqual(['Add a', 'Other', 'From carol', 'Convert me']);
    expect(await titles('state=closed')).toEqual([]);
  });
});
