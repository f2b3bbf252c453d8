// The mock server answers GitHub clients (vendor Accept types) with the
// contract's examples, and prism's request validation still applies.
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../../server/test-support/contract-schema.js';
import { startMockServer, toBearerAuthorization, toPlainJsonAccept, type MockServer } from './mock-server.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(async () => {
  await mock?.close();
});

// Prism checks the documented security schemes; any bearer token passes.
const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(mock.url + path, {
    method: init.method ?? 'GET',
    headers: {
      authorization: 'Bearer mock-token',
      accept: 'application/vnd.github+json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

describe('mock server', () => {
  it('answers Octokit (vendor Accept, `token` authorization) with the documented repository', async () => {
    const { status, data } = await request('GET /repos/{owner}/{repo}', {
      baseUrl: mock.url,
      owner: 'octocat',
      repo: 'Hello-World',
      headers: { authorization: 'token mock-token' },
    });
    expect(status).toBe(200);
    expect(schemaErrors('full-repository', data)).toBe('');
    expect(data.full_name).toBe('octocat/Hello-World');
  });

  it('answers Accept: application/vnd.github+json with JSON', async () => {
    const response = await call('/repos/octocat/Hello-World');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(schemaErrors('full-repository', await response.json())).toBe('');
  });

  it('serves the documented 404 when asked for it (Prefer: code=404)', async () => {
    const response = await call('/repos/octocat/Hello-World', { headers: { prefer: 'code=404' } });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(schemaErrors('basic-error', body)).toBe('');
    expect(body.message).toBe('Not Found');
  });

  it('creates a hook: POST with a valid body is 201 with a hook', async () => {
    const response = await call('/repos/octocat/Hello-World/hooks', {
      method: 'POST',
      body: { config: { url: 'https://example.com/webhook', content_type: 'json' }, events: ['push'] },
    });
    expect(response.status).toBe(201);
    expect(schemaErrors('hook', await response.json())).toBe('');
  });

  it('rejects a body that breaks the request schema with 422', async () => {
    const response = await call('/repos/octocat/Hello-World/hooks', {
      method: 'POST',
      body: { config: { url: 42 } },
    });
    expect(response.status).toBe(422);
    expect(schemaErrors('validation-error', await response.json())).toBe('');
  });

  it('rewrites only vendor JSON types in Accept', () => {
    expect(toPlainJsonAccept('application/vnd.github+json')).toBe('application/json');
    expect(toPlainJsonAccept('application/vnd.github.v3+json; q=0.9, text/html')).toBe('application/json; q=0.9, text/html');
    expect(toPlainJsonAccept('application/vnd.github.raw')).toBe('application/vnd.github.raw');
    expect(toPlainJsonAccept('*/*')).toBe('*/*');
  });

  it('sends `Authorization: token …` on as Bearer, which prism understands', () => {
    expect(toBearerAuthorization('token ghp_abc')).toBe('Bearer ghp_abc');
    expect(toBearerAuthorization('Bearer ghp_abc')).toBe('Bearer ghp_abc');
    expect(toBearerAuthorization('Basic dTpw')).toBe('Basic dTpw');
  });

  it('still refuses a request without credentials (prism checks security)', async () => {
    const response = await fetch(mock.url + '/user', { headers: { accept: 'application/vnd.github+json' } });
    expect(response.status).toBe(401);
  });

  it('stops prism when it is closed', async () => {
    await mock.close();
    await expect(mock.prismExited).resolves.not.toBeUndefined();
    await expect(fetch(mock.url + '/user')).rejects.toThrow();
  });
});
