// Where GraphQL lives relative to the REST base URL. REST is served at the
// root and under `/api/v3`; GraphQL at `/api/graphql` on the same root, so a
// base URL ending in `/api/v3` (GitHub Enterprise style) is cut back first.
export function graphqlBaseUrl(restBaseUrl: string): string {
  return restBaseUrl.replace(/\/+$/, '').replace(/\/api\/v3$/, '');
}

/** The one path of the GraphQL endpoint, typed for openapi-fetch like the REST paths. */
export interface GraphqlPaths {
  '/api/graphql': {
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: {
        content: { 'application/json': { query: string; variables?: Record<string, unknown>; operationName?: string } };
      };
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': GraphqlBody<unknown> } };
        default: {
          headers: Record<string, unknown>;
          content: { 'application/json': { message?: string; errors?: GraphqlError[] } };
        };
      };
    };
  };
}

export interface GraphqlError {
  message: string;
  type?: string;
  path?: (string | number)[];
  locations?: { line: number; column: number }[];
  extensions?: Record<string, unknown>;
}

export interface GraphqlBody<TData> {
  data?: TData | null;
  errors?: GraphqlError[];
}
