// How tests call the GraphQL endpoint: a POST that must answer 200 (GraphQL
// reports its own failures in `errors`), its body typed loosely enough for
// assertions on any query.
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

export interface GraphqlAnswer {
  data?: Record<string, any>;
  errors?: { type?: string; message: string; path?: (string | number)[] }[];
}

/** The body of `query` with `variables`, sent with `token`. */
export async function graphqlOk(
  server: TestServer,
  query: string,
  variables: Record<string, unknown>,
  token: string,
): Promise<GraphqlAnswer> {
  const response = await server.api('/api/graphql', { method: 'POST', token, body: { query, variables } });
  expect(response.status).toBe(200);
  return (await response.json()) as GraphqlAnswer;
}
