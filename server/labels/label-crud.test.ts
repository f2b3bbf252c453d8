// Repository labels over real HTTP: CRUD with GitHub's bodies, names unique
// and found whatever their case (slashes and percent signs too), 422 shapes,
// pages, and both base URL forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

const REPO = '/repos/alice/labelled';

beforeAll(async () => {
  ({ server, owner: alice } = await startRepositoryFixture('labelled', { private: true }));
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;

describe('label CRUD', () => {
  it('creates (201, Location, default color), gets by any case, updates and deletes', async () => {
    const created = await server.api(`${REPO}/labels`, {
      method: 'POST',
      token: alice.token,
      body: { name: 'Needs Review', description: 'Look at me' },
    });
    expect(created.status).toBe(201);
    const label = await json(created);
    expectBothSchemas(
      label,
      { path: '/repos/{owner}/{repo}/labels', method: 'post', status: 201 },
      { operationId: 'issues/create-label' },
    );
    expect(label).toMatchObject({ name: 'Needs Review', color: 'ededed', description: 'Look at me', default: false });
    expect(created.headers.get('location')).toBe(label.url);
    expect(label.url).toBe(`${server.url}/api/v3${REPO}/labels/Needs%20Review`);

    const got = await server.api(`${REPO}/labels/needs%20review`, { token: alice.token });
    expect(got.status).toBe(200);
    const gotBody = await json(got);
    expectBothSchemas(
      gotBody,
      { path: '/repos/{owner}/{repo}/labels/{name}', method: 'get' },
      { operationId: 'issues/get-label' },
    );
    expect(gotBody).toEqual(label);

    const updated = await server.api(`${REPO}/labels/Needs%20Review`, {
      method: 'PATCH',
      token: alice.token,
      body: { new_name: 'reviewed ✓', color: 'B01F26' },
    });
    expect(updated.status).toBe(200);
    const updatedBody = await json(updated);
    expectBothSchemas(
      updatedBody,
      { path: '/repos/{owner}/{repo}/labels/{name}', method: 'patch' },
      { operationId: 'issues/update-label' },
    );
    expect(updatedBody).toMatchObject({
      id: label.id,
      node_id: label.node_id,
      name: 'reviewed ✓',
      color: 'B01F26',
      description: 'Look at me',
    });
    expect((await server.api(`${REPO}/labels/Needs%20Review`, { token: alice.token })).status).toBe(404);

    const cleared = await json(
      await server.api(`${REPO}/labels/${encodeURIComponent('reviewed ✓')}`, {
        method: 'PATCH',
        token: alice.token,
        body: { description: null },
      }),
    );
    expect(cleared.description).toBeNull();

    const deleted = await server.api(`${REPO}/labels/${encodeURIComponent('REVIEWED ✓')}`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    expect(
      (await server.api(`${REPO}/labels/${encodeURIComponent('reviewed ✓')}`, { token: alice.token })).status,
    ).toBe(404);
    expect(
      (await server.api(`${REPO}/labels/${encodeURIComponent('reviewed ✓')}`, { method: 'DELETE', token: alice.token }))
        .status,
    ).toBe(404);
  });

  it('serves names with slashes and percent signs, encoded in the path', async () => {
    for (const name of ['area/api', '100% done', 'a?b#c']) {
      const created = await json(
        await server.api(`${REPO}/labels`, { method: 'POST', token: alice.token, body: { name } }),
      );
      expect(created.url).toBe(`${server.url}/api/v3${REPO}/labels/${encodeURIComponent(name)}`);
      const got = await server.api(`${REPO}/labels/${encodeURIComponent(name)}`, { token: alice.token });
      expect(got.status, name).toBe(200);
      expect((await json(got)).name).toBe(name);
    }
  });

  it('refuses a name another label has, whatever its case: 422 already_exists, as GitHub', async () => {
    const res = await server.api(`${REPO}/labels`, {
      method: 'POST',
      token: alice.token,
      body: { name: 'BUG', color: '000000' },
    });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.message).toBe('Validation Failed');
    expect(body.errors).toEqual([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
    const rename = await server.api(`${REPO}/labels/question`, {
      method: 'PATCH',
      token: alice.token,
      body: { new_name: 'Invalid' },
    });
    expect(rename.status).toBe(422);
    expect((await json(rename)).errors).toEqual([{ resource: 'Label', code: 'already_exists', field: 'name' }]);
    // A change of case of its own name is no conflict.
    const recase = await server.api(`${REPO}/labels/question`, {
      method: 'PATCH',
      token: alice.token,
      body: { new_name: 'Question' },
    });
    expect(recase.status).toBe(200);
  });

  it('refuses bad colors, names and descriptions with 422 invalid', async () => {
    const cases: Record<string, unknown>[] = [
      { name: 'x1', color: '#ffffff' },
      { name: 'x2', color: 'fff' },
      { name: 'x3', color: 'zzzzzz' },
      { name: '' },
      { name: '   ' },
      { name: '.' },
      { name: '..' },
      { name: 'x4', description: 'd'.repeat(101) },
      { name: 'nul\u0000' },
      { color: 'ffffff' },
    ];
    for (const body of cases) {
      const res = await server.api(`${REPO}/labels`, { method: 'POST', token: alice.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const errors = (await json(res)).errors as { resource: string; code: string }[];
      expect(
        errors.every((e) => e.resource === 'Label'),
        JSON.stringify(errors),
      ).toBe(true);
      expect(errors.map((e) => e.code)[0]).toMatch(/^(invalid|missing_field)$/);
    }
    const patch = await server.api(`${REPO}/labels/bug`, {
      method: 'PATCH',
      token: alice.token,
      body: { color: 'red' },
    });
    expect(patch.status).toBe(422);
    expect((await json(patch)).errors[0]).toMatchObject({ resource: 'Label', field: 'color', code: 'invalid' });
  });

  it('paginates with per_page, page and Link', async () => {
    const res = await server.api(`${REPO}/labels?per_page=2&page=2`, { token: alice.token });
    const body = await json(res);
    expect(body).toHaveLength(2);
    expect(res.headers.get('link')).toContain('rel="next"');
    expect(res.headers.get('link')).toContain('rel="prev"');
  });

  it('answers under /api/v3 too, with the same URLs', async () => {
    const res = await server.api(`/api/v3${REPO}/labels/bug`, { token: alice.token });
    expect(res.status).toBe(200);
    expect((await json(res)).url).toBe(`${server.url}/api/v3${REPO}/labels/bug`);
  });
});
