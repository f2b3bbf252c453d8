// The mock refuses what the server refuses, with the server's status and body,
// before prism sees anything; what passes reaches prism in canonical form.
import { beforeEach, describe, expect, it } from 'vitest';
import { schemaErrors } from '../../server/test-support/contract-schema.js';
import { fakeUpstream } from './fake-upstream.js';
import { createMockApp } from './mock-server.js';

const prism = fakeUpstream();
const app = createMockApp(prism.upstream);
beforeEach(() => prism.reset());

const call = (path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) =>
  Promise.resolve(
    app.fetch(
      new Request(`http://mock.test${path}`, {
        method: init.method ?? 'GET',
        body: init.body,
        headers: { authorization: 'Bearer ghp_mock', ...init.headers },
      }),
    ),
  );

describe('refused as the server refuses', () => {
  it('a body that is not JSON: 400 Problems parsing JSON, with the rate-limit headers', async () => {
    const response = await call('/repos/octocat/Hello-World/hooks/1', {
      method: 'PATCH',
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-ratelimit-limit')).toBe('5000');
    expect(await response.json()).toEqual({
      message: 'Problems parsing JSON',
      documentation_url: 'https://docs.github.com/rest',
      status: '400',
    });
    expect(prism.sent).toEqual([]);
  });

  it('a JSON body that is not an object: 400', async () => {
    const response = await call('/repos/octocat/Hello-World', { method: 'PATCH', body: 'null' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe('Body should be a JSON object');
  });

  it('a field that breaks its schema: 422 Validation Failed with errors[]', async () => {
    const response = await call('/repos/octocat/Hello-World/hooks', {
      method: 'POST',
      body: JSON.stringify({ config: { url: 42 } }),
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(schemaErrors('validation-error', body)).toBe('');
    expect(body.errors).toEqual([{ resource: 'Hook', field: 'config.url', code: 'invalid' }]);
    expect(prism.sent).toEqual([]);
  });

  it('a query parameter that breaks its schema: 422 (an empty `since` is no date-time)', async () => {
    const response = await call('/repos/octocat/Hello-World/hooks/1/deliveries?since=');
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([{ resource: 'Hook', field: 'since', code: 'invalid' }]);
  });

  it('a number that is not plain digits: 422 in the query', async () => {
    expect((await call('/user/repos?per_page=0x10')).status).toBe(422);
    expect(prism.sent).toEqual([]);
  });
});

describe('sent on to prism in canonical form', () => {
  it('a ref with slashes as one path segment, only the known query parameters, prism’s knobs kept', async () => {
    const response = await call('/repos/octocat/Hello-World/git/ref/heads/featureA?junk=1&__code=404');
    expect(response.status).toBe(200);
    expect(prism.sent[0]).toMatchObject({
      method: 'GET',
      path: '/repos/octocat/Hello-World/git/ref/heads%2FfeatureA?__code=404',
    });
    expect(prism.sent[0]?.body).toBeUndefined();
  });

  it('query values as checked, defaults included', async () => {
    await call('/user/repos?per_page=5');
    const query = new URLSearchParams(prism.sent[0]?.path.split('?')[1]);
    expect(query.get('per_page')).toBe('5');
    expect(query.get('page')).toBe('1');
  });

  it('a JSON body as JSON whatever its Content-Type (as GitHub reads `curl -d`)', async () => {
    await call('/user/repos', {
      method: 'POST',
      body: '{"name":"x"}',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(prism.sent[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(prism.sent[0]?.body ?? ''))).toMatchObject({ name: 'x' });
  });

  it('a release asset as its raw bytes, never parsed as JSON', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x7b, 0x00, 0xff]);
    await call('/repos/octocat/Hello-World/releases/1/assets?name=example.zip', {
      method: 'POST',
      body: bytes,
      headers: { 'content-type': 'application/zip' },
    });
    expect(prism.sent[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.from(prism.sent[0]!.body!)).toEqual(bytes);
  });

  it('a form body as a form where the contract offers one', async () => {
    const form = 'client_id=Iv1.8a61f9b3a7aba766&scope=repo';
    await call('/login/device/code', {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(prism.sent[0]).toMatchObject({
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it('vendor Accept types as application/json, and Prefer as sent', async () => {
    await call('/user', { headers: { accept: 'application/vnd.github+json', prefer: 'code=403' } });
    expect(prism.sent[0]?.headers).toEqual({
      accept: 'application/json',
      prefer: 'code=403',
      authorization: 'Bearer ghp_mock',
    });
  });
});
