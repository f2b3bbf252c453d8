// `client.graphql(query, variables)`: a raw GraphQL call through the same
// transport as REST (token, retries, rate-limit waits). Errors are values:
// GraphQL's own `errors`, and an HTTP failure (401, 5xx) turned into one.
import type { Client } from 'openapi-fetch';
import type { GraphqlBody, GraphqlError, GraphqlPaths } from './graphql-endpoint.js';

export interface GraphqlResult<TData> extends GraphqlBody<TData> {
  response: Response;
}

export interface GraphqlInit {
  signal?: AbortSignal;
  operationName?: string;
}

export type GraphqlCall = <TData = unknown>(
  query: string,
  variables?: Record<string, unknown>,
  init?: GraphqlInit,
) => Promise<GraphqlResult<TData>>;

export function graphqlCall(client: Client<GraphqlPaths>): GraphqlCall {
  return async <TData>(query: string, variables?: Record<string, unknown>, init: GraphqlInit = {}) => {
    const { operationName, signal } = init;
    const { data, error, response } = await client.POST('/api/graphql', {
      body: { query, ...(variables && { variables }), ...(operationName && { operationName }) },
      // GraphQL-over-HTTP's media type rather than GitHub's REST one.
      headers: { accept: 'application/json' },
      ...(signal && { signal }),
    });
    if (data) return { ...(data as GraphqlBody<TData>), response };
    const errors: GraphqlError[] = error?.errors ?? [
      { message: error?.message ?? `HTTP ${response.status} ${response.statusText}`.trim() },
    ];
    return { errors, response };
  };
}
