// Where and how REST operations are routed, shared by the server (server/app.ts)
// and the mock server (contract-tests/mock/rest-routes.ts), so both answer the
// same paths and list the same methods in `Allow`.
import { routeTable, type OperationId } from '../generated/routes.js';

/** Where REST is served: the root, and /api/v3 (GitHub Enterprise's layout). */
export const REST_PREFIXES = ['', '/api/v3'] as const;

/** Each route of the route table with its operations by HTTP method, in table order. */
export function operationsByRoute(): Map<string, Map<string, OperationId>> {
  const byRoute = new Map<string, Map<string, OperationId>>();
  for (const operationId of Object.keys(routeTable) as OperationId[]) {
    const row = routeTable[operationId];
    const methods = byRoute.get(row.route) ?? new Map<string, OperationId>();
    methods.set(row.method, operationId);
    byRoute.set(row.route, methods);
  }
  return byRoute;
}

/** The `Allow` header for a route: its methods, and HEAD where GET is one (HEAD is GET without a body). */
export function allowHeader(methods: Map<string, OperationId>): string {
  return [...methods.keys(), ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
}

/**
 * Paths GitHub answers that its clients use but no OpenAPI path can describe,
 * each served by an operation of the same parameters: `…/git/matching-refs/`
 * (an empty prefix, which the `**` route of `{ref}` cannot match) lists every
 * ref, go-github's documented `ListMatchingRefs(ctx, owner, repo, "")`.
 * `params` are the path parameters an alias fixes (an empty `**` parameter).
 */
export const ROUTE_ALIASES: ReadonlyArray<{ method: 'GET'; route: string; operationId: OperationId; params?: Record<string, string> }> = [
  { method: 'GET', route: '/repos/:owner/:repo/git/matching-refs/', operationId: 'git/list-refs' },
  // The root directory: the empty `{path}` of repos/get-content (Octokit's `path: ''`, PyGithub's get_contents('')).
  { method: 'GET', route: '/repos/:owner/:repo/contents/', operationId: 'repos/get-content', params: { path: '' } },
  { method: 'GET', route: '/repos/:owner/:repo/contents', operationId: 'repos/get-content', params: { path: '' } },
];
