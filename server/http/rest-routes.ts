// Where and how REST operations are routed, shared by the server (server/app.ts)
// and the mock server (contract-tests/mock/rest-routes.ts), so both answer the
// same paths and list the same methods in `Allow`.
import { repositoryIdRoute } from '../codegen/route-table.js';
import { routeTable, type OperationId } from '../generated/routes.js';
import type { Services } from '../services.js';

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
export function allowHeader(methods: Map<string, unknown>): string {
  return [...methods.keys(), ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
}

/**
 * Paths GitHub answers that its clients use but no OpenAPI path can describe,
 * each served by an operation of the same parameters: `…/git/matching-refs/`
 * (an empty prefix, which the `**` route of `{ref}` cannot match) lists every
 * ref, go-github's documented `ListMatchingRefs(ctx, owner, repo, "")`.
 * `params` are the path parameters an alias fixes (an empty `**` parameter).
 */
export const ROUTE_ALIASES: ReadonlyArray<RouteAlias> = [
  { method: 'GET', route: '/repos/:owner/:repo/git/matching-refs/', operationId: 'git/list-refs' },
  // GitHub's archive links without a ref (the default branch): `{ref}` cannot be empty in a path.
  {
    method: 'GET',
    route: '/repos/:owner/:repo/tarball',
    operationId: 'repos/download-tarball-archive',
    params: { ref: '' },
  },
  {
    method: 'GET',
    route: '/repos/:owner/:repo/zipball',
    operationId: 'repos/download-zipball-archive',
    params: { ref: '' },
  },
  // The root directory: the empty `{path}` of repos/get-content (Octokit's `path: ''`, PyGithub's get_contents('')).
  { method: 'GET', route: '/repos/:owner/:repo/contents/', operationId: 'repos/get-content', params: { path: '' } },
  { method: 'GET', route: '/repos/:owner/:repo/contents', operationId: 'repos/get-content', params: { path: '' } },
];

export interface RouteAlias {
  method: 'GET';
  route: string;
  operationId: OperationId;
  /** Path parameters the route does not carry, given fixed values. */
  params?: Record<string, string>;
}

/** What a route runs for one method: an operation, found by owner/name or (an alias) by repository id. */
export interface RouteTarget {
  operationId: OperationId;
  byRepositoryId: boolean;
  params?: Record<string, string>;
  /** An alias naming its object otherwise (team-id-aliases.ts): the operation's own path parameters from the route's; throws 404. */
  rewrite?: ParamsRewrite;
}

export type ParamsRewrite = (params: Record<string, string>, services: Services) => Promise<Record<string, string>>;

const TEAM_BY_SLUG = '/orgs/:org/teams/:team_slug';

/**
 * GitHub's team `url` (`/organizations/{org_id}/team/{team_id}`) and what
 * follows it, for each operation under `/orgs/{org}/teams/{team_slug}`:
 * PyGithub's Team methods call the body's `url` (`add_membership`, `delete`,
 * `get_members`, …). Not paths of GitHub's OpenAPI description, so aliases.
 */
export function teamIdAliases(): Array<{ method: string; route: string; operationId: OperationId }> {
  return (Object.keys(routeTable) as OperationId[]).flatMap((operationId) => {
    const { method, route } = routeTable[operationId];
    if (route !== TEAM_BY_SLUG && !route.startsWith(`${TEAM_BY_SLUG}/`)) return [];
    return [{ method, route: `/organizations/:org_id/team/:team_id${route.slice(TEAM_BY_SLUG.length)}`, operationId }];
  });
}

/**
 * Every REST route with its targets by method: the route table's operations,
 * then the generated `/repositories/:repository_id/…` alias of each operation
 * under `/repos/:owner/:repo` (skipped where an operation already has that
 * route and method: `GET /repositories/{repository_id}` is repos/get-by-id).
 */
export function restRoutes(): Map<string, Map<string, RouteTarget>> {
  const byRoute = new Map<string, Map<string, RouteTarget>>();
  for (const [route, methods] of operationsByRoute()) {
    byRoute.set(
      route,
      new Map([...methods].map(([method, operationId]) => [method, { operationId, byRepositoryId: false }])),
    );
  }
  for (const operationId of Object.keys(routeTable) as OperationId[]) {
    const { method, repositoryIdRoute: route } = routeTable[operationId];
    if (route === null) continue;
    const methods = byRoute.get(route) ?? new Map<string, RouteTarget>();
    if (!methods.has(method)) methods.set(method, { operationId, byRepositoryId: true });
    byRoute.set(route, methods);
  }
  return byRoute;
}

/** ROUTE_ALIASES, and the by-id form of those under `/repos/:owner/:repo`. */
export function routeAliases(): Array<{ method: 'GET'; route: string; target: RouteTarget }> {
  return ROUTE_ALIASES.flatMap(({ method, route, operationId, params }) => {
    const byId = repositoryIdRoute(route);
    return [
      { method, route, target: { operationId, byRepositoryId: false, params } },
      ...(byId === null ? [] : [{ method, route: byId, target: { operationId, byRepositoryId: true, params } }]),
    ];
  });
}
