// createClient: openapi-fetch over the generated `paths` (every operation
// typed, errors as values), the transport as middleware (headers, retries,
// rate-limit waits and state), the generated resource layer, pagination and
// GraphQL, all sharing one transport.
import createFetchClient, { type Client, type MaybeOptionalInit } from 'openapi-fetch';
import type { TokenProvider } from './auth/token-provider.js';
import type { paths } from './generated/openapi.js';
import { graphqlCall, type GraphqlCall, type GraphqlResult } from './graphql/graphql.js';
import { graphqlBaseUrl, type GraphqlPaths } from './graphql/graphql-endpoint.js';
import { node, nodes, type NodeInit, type WharfNode } from './graphql/nodes.js';
import { paginate, type PageItem } from './pagination/paginate.js';
import { buildResources } from './resources/build-resources.js';
import type {
  CallInit,
  OperationArgs,
  OperationId,
  OperationResult,
  OperationTable,
  ResourceMethod,
  Resources,
} from './resources/resource-types.js';
import { DEFAULT_API_VERSION, headersMiddleware } from './transport/headers-middleware.js';
import { readRateLimit, type RateLimitState } from './transport/rate-limit-state.js';
import { notModifiedAsError } from './transport/not-modified.js';
import { retryMiddleware, type RetryOptions } from './transport/retry-middleware.js';
import { vendorNames } from './vendor.js';

export interface ClientOptions {
  /** Wharf's REST root, e.g. `http://127.0.0.1:3000` or `https://wharf.example/api/v3`. */
  baseUrl: string;
  /** A fixed token (`ghp_…`, `gho_…`, `ghs_…`); shorthand for `auth: { token: () => token }`. */
  token?: string;
  /** Asked for a token before every request; wins over `token`. */
  auth?: TokenProvider;
  /** `X-GitHub-Api-Version`; default `2022-11-28`. */
  apiVersion?: string;
  /**
   * The server's vendor word (its `WHARF_VENDOR`), default `GitHub`: with
   * `Acme` the client sends `X-Acme-Api-Version` and `application/vnd.acme+json`.
   */
  vendor?: string;
  retry?: RetryOptions;
  /** A fetch to send requests with (a stub, a proxy agent); default the global fetch. */
  fetch?: (input: Request) => Promise<Response>;
}

type GetOperationId = { [K in OperationId]: OperationTable[K]['method'] extends 'get' ? K : never }[OperationId];
type GetPath = OperationTable[GetOperationId]['path'];
type Data<K extends OperationId> = NonNullable<OperationResult<K>['data']>;
type OperationAt<P> = { [K in GetOperationId]: OperationTable[K]['path'] extends P ? K : never }[GetOperationId];

export interface Paginate {
  /** By resource method: `client.paginate(client.repos.listForAuthenticatedUser, { per_page: 100 })`. */
  <K extends GetOperationId>(
    method: ResourceMethod<K>,
    args?: OperationArgs<K>,
    init?: CallInit,
  ): AsyncGenerator<PageItem<Data<K>>, void, undefined>;
  /** By path, with openapi-fetch's options: `client.paginate('/user/repos', { params: { query: { per_page: 100 } } })`. */
  <P extends GetPath>(
    path: P,
    init?: MaybeOptionalInit<paths[P], 'get'>,
  ): AsyncGenerator<PageItem<Data<OperationAt<P>>>, void, undefined>;
}

export type WharfClient = Client<paths> &
  Resources & {
    paginate: Paginate;
    graphql: GraphqlCall;
    node(id: string, init?: NodeInit): Promise<GraphqlResult<WharfNode | null>>;
    nodes(ids: readonly string[], init?: NodeInit): Promise<GraphqlResult<(WharfNode | null)[]>>;
    /** The rate-limit headers of the last answer that had them; undefined before the first. */
    readonly rateLimit: RateLimitState | undefined;
  };

export function createClient(options: ClientOptions): WharfClient {
  const auth = options.auth ?? (options.token === undefined ? undefined : { token: () => options.token as string });
  let rateLimit: RateLimitState | undefined;
  const observe = (response: Response) => void (rateLimit = readRateLimit(response.headers) ?? rateLimit);
  const transport = [
    headersMiddleware(auth, options.apiVersion ?? DEFAULT_API_VERSION, vendorNames(options.vendor)),
    retryMiddleware(options.retry ?? {}, observe),
  ];
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};

  const fetchClient = createFetchClient<paths>({ baseUrl: options.baseUrl, ...fetchOption });
  fetchClient.use(...transport);
  const raw = notModifiedAsError(fetchClient);
  const gql = createFetchClient<GraphqlPaths>({ baseUrl: graphqlBaseUrl(options.baseUrl), ...fetchOption });
  gql.use(...transport);
  const graphql = graphqlCall(gql);

  return {
    ...raw,
    ...buildResources(raw, options.fetch ?? ((request) => fetch(request))),
    paginate: ((target: string | { operationId: string }, args?: unknown, init?: CallInit) =>
      paginate(raw, target, args, init)) as Paginate,
    graphql,
    node: (id, init) => node(graphql, id, init),
    nodes: (ids, init) => nodes(graphql, ids, init),
    get rateLimit() {
      return rateLimit;
    },
  };
}
