// The mock server end to end, prism included: GitHub clients (vendor Accept
// types, `token` authorization) get the contract's examples, requests the
// server would refuse are refused as the server does, GraphQL answers, and
// closing stops everything. (The front's rules in detail, with a fake prism:
// rest-routes.test.ts, request-checks.test.ts, graphql-mock.test.ts.)
import { request as httpRequest } from 'node:http';
import { request } from '@octokit/request';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../../server/test-support/contract-schema.js';
import { MOCK_PAGES } from './mock-hypermedia.js';
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

  it("points the example's URLs (body and Location) at the mock itself", async () => {
    const repo = await (await call('/repos/octocat/Hello-World')).json();
    expect(repo.url).toBe(`${mock.url}/api/v3/repos/octocat/Hello-World`);
    expect(repo.owner.html_url).toBe(`${mock.url}/octocat`);
    const archive = await fetch(`${mock.url}/repos/octocat/Hello-World/tarball/main`, {
      headers: { authorization: 'token mock-token' },
      redirect: 'manual',
    });
    expect(archive.status).toBe(302);
    expect(archive.headers.get('location')).toMatch(new RegExp(`^${mock.url}/_archive/`));
  });

  it("links a list's pages at the request's own URL: next from page 1, prev from the last", async () => {
    const first = await call('/api/v3/user/repos?per_page=5&sort=created');
    const at = (page: number) => `<${mock.url}/api/v3/user/repos?per_page=5&sort=created&page=${page}>`;
    expect(first.headers.get('link')).toBe(`${at(2)}; rel="next", ${at(MOCK_PAGES)}; rel="last"`);
    const last = await call(`/api/v3/user/repos?per_page=5&sort=created&page=${MOCK_PAGES}`);
    expect(last.headers.get('link')).toBe(`${at(MOCK_PAGES - 1)}; rel="prev", ${at(1)}; rel="first"`);
  });

  // The SDK's paginate over every paginated operation: sdk/test/mock-every-operation.test.ts.
  it("Octokit's paginate reads every page and stays on the mock", async () => {
    const asked: string[] = [];
    const octokit = new Octokit({
      baseUrl: mock.url,
      auth: 'mock-token',
      request: {
        fetch: (url: string, init: RequestInit) => {
          asked.push(String(url));
          return fetch(url, init);
        },
      },
    });
    const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: 'octocat',
      repo: 'Hello-World',
      per_page: 3,
    });
    expect(asked).toHaveLength(MOCK_PAGES);
    for (const url of asked) expect(url.startsWith(`${mock.url}/`), url).toBe(true);
    expect(issues.length).toBeGreaterThanOrEqual(MOCK_PAGES);
  });

  it('refuses a Prefer code the operation does not document with a 400 naming the documented ones', async () => {
    const response = await call('/repos/octocat/Hello-World', { headers: { prefer: 'code=418' } });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      'mock server: Prefer: code=418: repos/get documents 200, 301, 304, 400, 401, 403, 404, 429',
    );
  });

  it('refuses a malformed Prefer, and an unknown example or __code knob, with a 400 naming it', async () => {
    const cases = [
      [{ prefer: 'code=abc' }, '/repos/octocat/Hello-World', /Prefer: code must be a three-digit status, got abc/],
      [{ prefer: 'dynamic=maybe' }, '/repos/octocat/Hello-World', /Prefer: dynamic must be true or false/],
      [{ prefer: 'example=nope' }, '/repos/octocat/Hello-World', /Prefer: example=nope: repos\/get documents/],
      [{}, '/repos/octocat/Hello-World?__code=299', /__code=299: repos\/get documents 200/],
    ] as const;
    for (const [headers, path, message] of cases) {
      const response = await call(path, { headers });
      expect(response.status, path).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
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
    const urls = await call('/api/graphql', { method: 'POST', body: { query: '{ viewer { url } }' } });
    expect(await urls.json()).toEqual({ data: { viewer: { url: `${mock.url}/octocat` } } });
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
