// Milestones over real HTTP: numbers per repository never reused, GitHub's
// bodies, state/sort/direction, `closed_at` following the state, 422 shapes
// and push access to manage them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../test-support/grant.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;

const REPO = '/repos/alice/planned';

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  for (const name of ['planned', 'other']) {
    expect((await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name } })).status).toBe(201);
  }
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;
const create = (body: Record<string, unknown>, repo = REPO, token = alice.token) =>
  server.api(`${repo}/milestones`, { method: 'POST', token, body });

describe('milestone CRUD', () => {
  it('creates with the next number of the repository, GitHub’s body and the creator', async () => {
    const res = await create({ title: 'v1.0', description: 'First', due_on: '2030-01-15T12:00:00.250Z' });
    expect(res.status).toBe(201);
    const m = await json(res);
    expectBothSchemas(
      m,
      { path: '/repos/{owner}/{repo}/milestones', method: 'post', status: 201 },
      { operationId: 'issues/create-milestone' },
    );
    expect(m).toMatchObject({
      number: 1,
      state: 'open',
      title: 'v1.0',
      description: 'First',
      open_issues: 0,
      closed_issues: 0,
      due_on: '2030-01-15T12:00:00Z',
      closed_at: null,
      url: `${server.url}/api/v3${REPO}/milestones/1`,
      html_url: `${server.url}/alice/planned/milestone/1`,
      labels_url: `${server.url}/api/v3${REPO}/milestones/1/labels`,
      creator: { login: 'alice', id: alice.id, type: 'User' },
    });
    expect(m.node_id).toMatch(/^MI_/);
    expect(res.headers.get('location')).toBe(m.url);
    // Another repository counts from 1 on its own.
    expect((await json(await create({ title: 'v1.0' }, '/repos/alice/other'))).number).toBe(1);
    expect((await json(await create({ title: 'v2.0' }))).number).toBe(2);
    // Under /api/v3 too, with the same URLs.
    const viaV3 = await server.api(`/api/v3${REPO}/milestones/2`, { token: alice.token });
    expect((await json(viaV3)).url).toBe(`${server.url}/api/v3${REPO}/milestones/2`);
  });

  it('gets, updates (closing sets closed_at, reopening clears it) and deletes; numbers are never reused', async () => {
    const m = await json(await create({ title: 'to close' }));
    const got = await server.api(`${REPO}/milestones/${m.number}`, { token: alice.token });
    expect(got.status).toBe(200);
    expectBothSchemas(
      await json(got),
      { path: '/repos/{owner}/{repo}/milestones/{milestone_number}', method: 'get' },
      { operationId: 'issues/get-milestone' },
    );

    const closed = await json(
      await server.api(`${REPO}/milestones/${m.number}`, {
        method: 'PATCH',
        token: alice.token,
        body: { state: 'closed', due_on: null },
      }),
    );
    expectBothSchemas(
      closed,
      { path: '/repos/{owner}/{repo}/milestones/{milestone_number}', method: 'patch' },
      { operationId: 'issues/update-milestone' },
    );
    expect(closed).toMatchObject({ state: 'closed', title: 'to close', due_on: null });
    expect(closed.closed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const reopened = await json(
      await server.api(`${REPO}/milestones/${m.number}`, {
        method: 'PATCH',
        token: alice.token,
        body: { state: 'open', title: 'reopened' },
      }),
    );
    expect(reopened).toMatchObject({ state: 'open', title: 'reopened', closed_at: null });

    expect((await server.api(`${REPO}/milestones/${m.number}`, { method: 'DELETE', token: alice.token })).status).toBe(
      204,
    );
    expect((await server.api(`${REPO}/milestones/${m.number}`, { token: alice.token })).status).toBe(404);
    expect((await server.api(`${REPO}/milestones/${m.number}`, { method: 'DELETE', token: alice.token })).status).toBe(
      404,
    );
    expect((await json(await create({ title: 'after deletion' }))).number).toBe(m.number + 1);
  });

  it('takes a bare date for due_on (what PyGithub sends) as midnight UTC', async () => {
    const m = await json(await create({ title: 'dated', due_on: '2030-03-04' }));
    expect(m.due_on).toBe('2030-03-04T00:00:00Z');
    const moved = await json(
      await server.api(`${REPO}/milestones/${m.number}`, {
        method: 'PATCH',
        token: alice.token,
        body: { due_on: '2030-03-05' },
      }),
    );
    expect(moved.due_on).toBe('2030-03-05T00:00:00Z');
  });

  it('refuses a title the repository already has (422 already_exists) and bad input (422 invalid)', async () => {
    const dup = await create({ title: 'v1.0' });
    expect(dup.status).toBe(422);
    expect((await json(dup)).errors).toEqual([{ resource: 'Milestone', code: 'already_exists', field: 'title' }]);
    for (const body of [
      {},
      { title: '' },
      { title: ' ' },
      { title: 'x', state: 'done' },
      { title: 'x', due_on: 'tomorrow' },
      { title: 'x', due_on: '2030-12-31T23:59:60Z' },
      { title: 'nul\u0000' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const errors = (await json(res)).errors as { resource: string }[];
      expect(
        errors.every((e) => e.resource === 'Milestone'),
        JSON.stringify(errors),
      ).toBe(true);
    }
    expect((await server.api(`${REPO}/milestones/0`, { token: alice.token })).status).toBe(404);
    expect((await server.api(`${REPO}/milestones/abc`, { token: alice.token })).status).toBe(404);
    // Beyond the numbers a milestone can have (found by the contract run: a 500 before).
    expect((await server.api(`${REPO}/milestones/20922789888001`, { token: alice.token })).status).toBe(404);
  });
});

describe('GET /repos/{owner}/{repo}/milestones', () => {
  it('lists open ones by due date (none last), with state, sort and direction', async () => {
    await create({ title: 'due late', due_on: '2031-06-01T00:00:00Z' });
    await create({ title: 'due soon', due_on: '2029-06-01T00:00:00Z' });
    const closed = await json(await create({ title: 'done', state: 'closed' }));
    expect(closed.closed_at).not.toBeNull();

    const res = await server.api(`${REPO}/milestones`, { token: alice.token });
    const open = await json(res);
    expectBothSchemas(
      open,
      { path: '/repos/{owner}/{repo}/milestones', method: 'get' },
      { operationId: 'issues/list-milestones' },
    );
    const titles = open.map((m: any) => m.title);
    expect(titles.slice(0, 4)).toEqual(['due soon', 'v1.0', 'dated', 'due late']);
    expect(titles).not.toContain('done');
    expect(open.slice(4).every((m: any) => m.due_on === null)).toBe(true);

    const desc = (await json(await server.api(`${REPO}/milestones?direction=desc`, { token: alice.token }))).map(
      (m: any) => m.title,
    );
    expect(desc.slice(0, 4)).toEqual(['due late', 'dated', 'v1.0', 'due soon']);
    expect(
      (await json(await server.api(`${REPO}/milestones?state=closed`, { token: alice.token }))).map(
        (m: any) => m.title,
      ),
    ).toEqual(['done']);
    const all = await json(
      await server.api(`${REPO}/milestones?state=all&sort=completeness&per_page=100`, { token: alice.token }),
    );
    expect(all.map((m: any) => m.title)).toContain('done');
    expect(all).toHaveLength(open.length + 1);

    const page = await server.api(`${REPO}/milestones?state=all&per_page=2&page=2`, { token: alice.token });
    expect(await json(page)).toHaveLength(2);
    expect(page.headers.get('link')).toContain('rel="last"');
    expect((await server.api(`${REPO}/milestones?state=some`, { token: alice.token })).status).toBe(422);
  });
});

describe('who may manage milestones', () => {
  it('readers and triagers read them; push access (write, maintain) manages them', async () => {
    const [row] = await server.sql<{ id: number }[]>`SELECT id FROM repositories WHERE name = 'other'`;
    const id = row!.id;
    for (const [permission, mayWrite] of [
      ['read', false],
      ['triage', false],
      ['write', true],
      ['maintain', true],
    ] as const) {
      await grant(server, id, bob.id, permission);
      expect((await server.api('/repos/alice/other/milestones/1', { token: bob.token })).status).toBe(200);
      const res = await create({ title: `by ${permission}` }, '/repos/alice/other', bob.token);
      expect(res.status, permission).toBe(mayWrite ? 201 : 403);
      if (mayWrite) expect((await json(res)).creator.login).toBe('bob');
      const patched = await server.api('/repos/alice/other/milestones/1', {
        method: 'PATCH',
        token: bob.token,
        body: { description: permission },
      });
      expect(patched.status, permission).toBe(mayWrite ? 200 : 403);
    }
    expect((await server.api('/repos/alice/other/milestones')).status).toBe(200);
    expect((await create({ title: 'anonymous' }, '/repos/alice/other', '')).status).toBe(401);
  });
});
