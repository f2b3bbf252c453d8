// Behaviour every endpoint shares: authentication, the error body, API
// versions, method handling and rate-limit headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice', { siteAdmin: false });
});
afterAll(() => server.close());

describe('authentication', () => {
  it('accepts both Bearer and token schemes', async () => {
    for (const scheme of ['Bearer', 'token', 'bearer']) {
      const res = await server.api('/user', { headers: { authorization: `${scheme} ${alice.token}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).login).toBe('alice');
    }
  });

  it('answers 401 requires authentication for no, malformed, unknown and expired tokens', async () => {
    const expired = await server.services.tokens.create(alice.id, 'personal', ['repo'], {
      expiresAt: new Date(Date.now() - 1000),
    });
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer ghp_doesnotexist000000000000000000000000' },
      { authorization: `Bearer ${expired.token}` },
    ];
    for (const headers of cases) {
      const res = await server.api('/user', { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'requires authentication' });
      expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
    }
  });

  it('stores only digests of tokens', async () => {
    const rows = await server.sql<{ digest: Buffer }[]>`SELECT digest FROM tokens`;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.digest).toHaveLength(32);
      expect(row.digest.toString('utf8')).not.toContain(alice.token);
    }
  });

  it('rejects a bad token before validating anything (401 before 404/422)', async () => {
    const res = await server.api('/repos/nobody/nothing', {
      method: 'PATCH',
      headers: { authorization: 'token nope' },
      rawBody: '{',
    });
    expect(res.status).toBe(401);
  });
});

describe('errors and protocol', () => {
  it('answers unknown paths with 404 Not Found and unsupported methods with 405 and Allow', async () => {
    const missing = await server.api('/no/such/path', { token: alice.token });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: 'Not Found' });
    const wrong = await server.api('/user', { method: 'PUT', token: alice.token });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
  });

  it('accepts the supported API version and rejects an unknown one with 400', async () => {
    const ok = await server.api('/user', { token: alice.token, headers: { 'x-github-api-version': '2022-11-28' } });
    expect(ok.status).toBe(200);
    const bad = await server.api('/user', { token: alice.token, headers: { 'x-github-api-version': '1999-01-01' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/not supported/);
  });

  it('serves JSON whatever the Accept header says', async () => {
    const res = await server.api('/user', { token: alice.token, headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await server.api('/user', { method: 'HEAD', token: alice.token });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('puts rate-limit headers on every response', async () => {
    const res = await server.api('/user', { token: alice.token });
    for (const name of ['limit', 'remaining', 'used', 'reset', 'resource']) {
      expect(res.headers.get(`x-ratelimit-${name}`), name).not.toBeNull();
    }
    expect(res.headers.get('x-ratelimit-resource')).toBe('core');
  });
});

describe('inputs found by the contract fuzzer', () => {
  it('treats an empty API version header as an unsupported version (400)', async () => {
    const res = await server.api('/user', { token: alice.token, headers: { 'x-github-api-version': '' } });
    expect(res.status).toBe(400);
  });

  it('answers a page far beyond the end with an empty list, not a database error', async () => {
    const res = await server.api('/user/repos?page=690000000000000000000000', { token: alice.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('takes numbers in the query and path only as plain numerals', async () => {
    for (const loose of ['6%0B', '%206', '0x10', '1e', '']) {
      const res = await server.api(`/user/repos?per_page=${loose}`, { token: alice.token });
      expect(res.status, loose).toBe(422);
      expect((await res.json()).errors[0]).toMatchObject({ field: 'per_page', code: 'invalid' });
    }
    expect((await server.api('/user/repos?per_page=6', { token: alice.token })).status).toBe(200);
    expect((await server.api('/authorizations/1%20', { method: 'DELETE', token: alice.token })).status).toBe(404);
  });

  it('rejects NUL characters in stored text fields with 422', async () => {
    const res = await server.api('/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'nul', description: 'a\u0000b' },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0]).toMatchObject({ field: 'description', code: 'invalid' });
  });
});
