// The mock server end to end, prism included: GitHub clients (vendor Accept
// types, `token` authorization) get the contract's examples, requests the
// server would refuse are refused as the server does, GraphQL answers, and
// closing stops everything. (The front's rules in detail, with a fake prism:
// rest-routes.test.ts, request-checks.test.ts, graphql-mock.test.ts.)
import { request as httpRequest } from 'node:http';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../../server/test-support/contract-schema.js';
import { startMockServer, toPlainJsonAccept, type MockServer } from './mock-server.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(async () => {
  await mock?.close();
});

// The mock checks that a credential is there, not which: any token passes.
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

  it('answers the issue operations: open an issue, comment on it, list both', async () => {
    const opened = await call('/repos/octocat/Hello-World/issues', {
      method: 'POST',
      body: { title: 'Found a bug', assignees: ['octocat'] },
    });
    expect(opened.status).toBe(201);
    expect(schemaErrors('issue', await opened.json())).toBe('');
    const comment = await call('/repos/octocat/Hello-World/issues/1/comments', {
      method: 'POST',
      body: { body: 'Me too' },
    });
    expect(comment.status).toBe(201);
    expect(schemaErrors('issue-comment', await comment.json())).toBe('');
    const issues = (await (await call('/repos/octocat/Hello-World/issues?state=all')).json()) as unknown[];
    expect(issues.map((issue) => schemaErrors('issue', issue))).toEqual(['']);
    const events = (await (await call('/repos/octocat/Hello-World/issues/1/events')).json()) as unknown[];
    expect(events.map((event) => schemaErrors('issue-event', event))).toEqual(['']);
  });

  it('rejects a body that is not JSON as the server does: 400, with the rate-limit headers', async () => {
    const response = await fetch(`${mock.url}/repos/octocat/Hello-World`, {
      method: 'PATCH',
      headers: { authorization: 'token mock-token', 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4999');
    expect((await response.json()).message).toBe('Problems parsing JSON');
  });

  it('answers TRACE with 405 and Allow', async () => {
    // fetch cannot send TRACE; node:http can.
    const { status, allow } = await new Promise<{ status?: number; allow?: string }>((resolve, reject) => {
      const req = httpRequest(
        `${mock.url}/user`,
        { method: 'TRACE', headers: { authorization: 'token mock-token' } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode, allow: res.headers.allow });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect({ status, allow }).toEqual({ status: 405, allow: 'GET, HEAD' });
  });

  it('answers GraphQL at /api/graphql', async () => {
    const response = await call('/api/graphql', { method: 'POST', body: { query: '{ viewer { login } }' } });
    expect(await response.json()).toEqual({ data: { viewer: { login: 'octocat' } } });
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
    expect(toPlainJsonAccept('application/vnd.github.v3+json; q=0.9, text/html')).toBe(
      'application/json; q=0.9, text/html',
    );
    expect(toPlainJsonAccept('application/vnd.github.raw')).toBe('application/vnd.github.raw');
    expect(toPlainJsonAccept('*/*')).toBe('*/*');
  });

  it('still refuses a request without credentials', async () => {
    const response = await fetch(`${mock.url}/user`, { headers: { accept: 'application/vnd.github+json' } });
    expect(response.status).toBe(401);
  });

  it('answers commits, compare and branches with their examples, and a commit as a diff when asked', async () => {
    for (const [path, schema] of [
      ['/repos/octocat/Hello-World/commits', 'commit'],
      ['/repos/octocat/Hello-World/commits/main', 'commit'],
      ['/repos/octocat/Hello-World/compare/main...featureA', 'commit-comparison'],
      ['/repos/octocat/Hello-World/branches', 'short-branch'],
      ['/repos/octocat/Hello-World/branches/main', 'branch-with-protection'],
    ] as const) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      const body = await response.json();
      for (const item of Array.isArray(body) ? body : [body]) expect(schemaErrors(schema, item), path).toBe('');
    }
    const diff = await call('/repos/octocat/Hello-World/commits/main', {
      headers: { accept: 'application/vnd.github.diff' },
    });
    expect(diff.status).toBe(200);
    expect(diff.headers.get('content-type')).toMatch(/^application\/vnd\.github\.diff/);
    expect(await diff.text()).toMatch(/^diff --git /);
  });

  it('stops prism when it is closed', async () => {
    await mock.close();
    await expect(mock.prismExited).resolves.not.toBeUndefined();
    await expect(fetch(`${mock.url}/user`)).rejects.toThrow();
  });
});
