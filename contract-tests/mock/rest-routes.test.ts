// The mock's REST front, with a fake prism: routing (405 with Allow, HEAD,
// 404, /api/v3), the server's credential and API-version checks, and the
// rate-limit headers on every answer, errors included.
import { beforeEach, describe, expect, it } from 'vitest';
import { schemaErrors } from '../../server/test-support/contract-schema.js';
import { fakeUpstream } from './fake-upstream.js';
import { createMockApp } from './mock-server.js';

const prism = fakeUpstream();
const app = createMockApp(prism.upstream);
beforeEach(() => prism.reset());

const call = (path: string, init: RequestInit = {}) =>
  Promise.resolve(
    app.fetch(
      new Request(`http://mock.test${path}`, {
        ...init,
        headers: { authorization: 'token ghp_mock', ...init.headers },
      }),
    ),
  );

async function expectGithubError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  for (const name of ['limit', 'remaining', 'used', 'reset', 'resource'])
    expect(response.headers.get(`x-ratelimit-${name}`)).toMatch(/\S/);
  const body = await response.json();
  expect(schemaErrors('basic-error', body)).toBe('');
  expect(body.message).toBe(message);
}

describe('routing', () => {
  it('answers other methods on a known path with 405 and Allow', async () => {
    // (TRACE, which web Requests cannot carry, is in mock-server.test.ts.)
    const remove = await call('/user', { method: 'DELETE' });
    expect(remove.headers.get('allow')).toBe('GET, HEAD');
    await expectGithubError(remove, 405, 'Method Not Allowed');
    const put = await call('/user/repos', { method: 'PUT' });
    expect(put.headers.get('allow')).toBe('POST, GET, HEAD'); // the server's order: the route table's
    expect(prism.sent).toEqual([]);
  });

  it('answers HEAD with the GET, without a body', async () => {
    const response = await call('/repos/octocat/Hello-World', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(response.headers.get('x-ratelimit-resource')).toBe('core');
    expect(prism.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /repos/octocat/Hello-World']);
  });

  it('is 404 in GitHub’s body for unknown paths and for path parameters that break their schema', async () => {
    await expectGithubError(await call('/nope'), 404, 'Not Found');
    await expectGithubError(await call('/repos/octocat/Hello-World/hooks/not-a-number'), 404, 'Not Found');
    expect(prism.sent).toEqual([]);
  });

  it('serves the operations under /api/v3 too, sending prism the bare path', async () => {
    const response = await call('/api/v3/repos/octocat/Hello-World');
    expect(response.status).toBe(200);
    expect(prism.sent[0]?.path).toBe('/repos/octocat/Hello-World');
  });
});

describe('credentials', () => {
  it('requires one where the server does', async () => {
    const response = await app.fetch(new Request('http://mock.test/user'));
    await expectGithubError(response, 401, 'requires authentication');
  });

  it('refuses a malformed one, even where anonymous calls are allowed', async () => {
    await expectGithubError(
      await call('/repos/octocat/Hello-World', { headers: { authorization: 'Basic dTpw' } }),
      401,
      'requires authentication',
    );
    await expectGithubError(
      await call('/app', { headers: { authorization: 'garbage' } }),
      401,
      'A JSON web token could not be decoded',
    );
  });

  it('sends any well-formed token on as Bearer', async () => {
    await call('/user');
    expect(prism.sent[0]?.headers.authorization).toBe('Bearer ghp_mock');
  });

  it('ignores the header on operations without security, as the server does', async () => {
    const response = await call('/login/oauth/authorize?client_id=Iv1.8a61f9b3a7aba766', {
      headers: { authorization: 'Basic dTpw' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-resource')).toBe('oauth');
    expect(prism.sent[0]?.headers.authorization).toBeUndefined();
  });
});

describe('API version', () => {
  it('accepts the supported version and no header', async () => {
    expect((await call('/user', { headers: { 'x-github-api-version': '2022-11-28' } })).status).toBe(200);
    expect((await call('/user')).status).toBe(200);
  });

  it('refuses an empty or unknown one with the server’s 400', async () => {
    const message = (v: string) =>
      `API version "${v}" is not supported. Supported versions: 2022-11-28. See the X-GitHub-Api-Version header.`;
    await expectGithubError(await call('/user', { headers: { 'x-github-api-version': '' } }), 400, message(''));
    await expectGithubError(
      await call('/user', { headers: { 'x-github-api-version': '2021-01-01' } }),
      400,
      message('2021-01-01'),
    );
    expect(prism.sent).toEqual([]);
  });
});

describe("prism's answers", () => {
  it("replace the example's Link by the request's own pages, and add none where prism sent none", async () => {
    const example = '<http://127.0.0.1:3000/api/v3/user/repos?page=2&per_page=30>; rel="next"';
    const answer = (link?: string) => ({
      status: 200,
      headers: { 'content-type': 'application/json', ...(link ? { link } : {}) },
      body: Buffer.from('[]'),
    });
    prism.answers.push(answer(example), answer(example), answer());
    const first = await call('/api/v3/repos/octocat/Hello-World/issues?state=all');
    expect(first.headers.get('link')).toBe(
      '<http://mock.test/api/v3/repos/octocat/Hello-World/issues?state=all&page=2>; rel="next", ' +
        '<http://mock.test/api/v3/repos/octocat/Hello-World/issues?state=all&page=2>; rel="last"',
    );
    const second = await call('/repos/octocat/Hello-World/issues?page=2');
    expect(second.headers.get('link')).toBe(
      '<http://mock.test/repos/octocat/Hello-World/issues?page=1>; rel="prev", ' +
        '<http://mock.test/repos/octocat/Hello-World/issues?page=1>; rel="first"',
    );
    expect((await call('/repos/octocat/Hello-World/issues')).headers.get('link')).toBeNull();
  });

  it('refuse a Prefer code the operation does not document before asking prism', async () => {
    const response = await call('/user', { headers: { prefer: 'code=404' } });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      'mock server: Prefer: code=404: users/get-authenticated documents 200, 304, 400, 401, 403, 429',
    );
    expect(prism.sent).toEqual([]);
  });

  it("keep their status, body and headers, plus the rate-limit headers; the example's origin becomes the mock's", async () => {
    prism.answers.push({
      status: 201,
      headers: { 'content-type': 'application/json', location: 'http://127.0.0.1:3000/x', 'x-ratelimit-limit': '1' },
      body: Buffer.from('{"id":1,"url":"http://127.0.0.1:3000/api/v3/x","homepage":"https://example.com/"}'),
    });
    const response = await call('/user/repos', { method: 'POST', body: '{"name":"x"}' });
    expect([response.status, response.headers.get('location'), response.headers.get('x-ratelimit-limit')]).toEqual([
      201,
      'http://mock.test/x',
      '5000',
    ]);
    expect(await response.json()).toEqual({
      id: 1,
      url: 'http://mock.test/api/v3/x',
      homepage: 'https://example.com/',
    });
  });

  it('in problem+json become GitHub’s error body', async () => {
    prism.answers.push({
      status: 404,
      headers: { 'content-type': 'application/problem+json' },
      body: Buffer.from('{"title":"Route not resolved"}'),
    });
    await expectGithubError(await call('/user'), 404, 'Not Found');
  });

  it('are asked again without Accept after a 406: the server answers JSON to any Accept', async () => {
    prism.answers.push({
      status: 406,
      headers: { 'content-type': 'application/problem+json' },
      body: Buffer.from('{}'),
    });
    const response = await call('/user', { headers: { accept: 'text/plain' } });
    expect(response.status).toBe(200);
    expect(prism.sent.map((r) => r.headers.accept)).toEqual(['text/plain', undefined]);
  });

  it('are a 502 in GitHub’s body when prism is unreachable', async () => {
    const down = createMockApp(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    const response = await down.fetch(new Request('http://mock.test/user', { headers: { authorization: 'token x' } }));
    await expectGithubError(response, 502, 'mock server: prism is unreachable (connect ECONNREFUSED)');
  });
});
