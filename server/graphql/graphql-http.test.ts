// GraphQL's HTTP surface: authentication through the REST pipeline (401 with
// the REST body), the graphql rate-limit resource, paths, methods and bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
});
afterAll(() => server.close());

async function gql(query: string, options: { path?: string } = {}) {
  const response = await server.api(options.path ?? '/api/graphql', {
    method: 'POST',
    token: alice.token,
    body: { query },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { data?: unknown; errors?: { message: string }[] },
  };
}

describe('HTTP', () => {
  it('answers 401 with the REST error body without a token', async () => {
    const response = await server.api('/api/graphql', { method: 'POST', body: { query: '{ viewer { login } }' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'requires authentication' });
    expect(response.headers.get('x-ratelimit-resource')).toBe('graphql');
  });

  it('answers 401 for an invalid token', async () => {
    for (const token of ['ghp_notarealtokenatall000000000000000000', 'garbage']) {
      const response = await server.api('/api/graphql', {
        method: 'POST',
        token,
        body: { query: '{ viewer { login } }' },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'requires authentication' });
    }
  });

  it('counts calls in the graphql rate-limit resource and sends the pipeline headers', async () => {
    const first = await gql('{ viewer { login } }');
    const second = await gql('{ viewer { login } }');
    for (const { headers } of [first, second]) {
      expect(headers.get('x-ratelimit-resource')).toBe('graphql');
      expect(headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(headers.get('x-github-request-id')).toBeTruthy();
      expect(headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(Number(second.headers.get('x-ratelimit-used'))).toBe(Number(first.headers.get('x-ratelimit-used')) + 1);
  });

  it('serves /graphql too, GET with ?query=, and a JSON body sent without a JSON content type', async () => {
    const viaGraphqlPath = await gql('{ viewer { login } }', { path: '/graphql' });
    expect(viaGraphqlPath.body).toEqual({ data: { viewer: { login: 'alice' } } });

    const get = await server.api(`/api/graphql?query=${encodeURIComponent('{ viewer { login } }')}`, {
      token: alice.token,
    });
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ data: { viewer: { login: 'alice' } } });

    const curlStyle = await server.api('/api/graphql', {
      method: 'POST',
      token: alice.token,
      rawBody: JSON.stringify({ query: '{ viewer { login } }' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: '*/*' },
    });
    expect(await curlStyle.json()).toEqual({ data: { viewer: { login: 'alice' } } });
  });

  it('answers 400 Problems parsing JSON for a body that is not JSON', async () => {
    const response = await server.api('/api/graphql', {
      method: 'POST',
      token: alice.token,
      rawBody: '{ viewer',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Problems parsing JSON' });
  });

  it('reports a query syntax error as a GraphQL error', async () => {
    const { body } = await gql('{ viewer { login }');
    expect(body.data).toBeUndefined();
    expect(body.errors![0]!.message).toMatch(/Syntax Error/);
  });
});
