// openapi.yaml's operations on the mock, routed as server/app.ts routes them
// (the generated route table, at the root and under /api/v3; other methods on
// a known path are 405 with `Allow`, HEAD is GET without a body), checked as
// the server checks them (mock-pipeline.ts, request-checks.ts), and answered
// by prism from the contract's examples, with the answer's URLs at the mock's
// own origin and lists paged per request (mock-hypermedia.ts). Preferences
// prism cannot honour are refused first (prefer-check.ts).
import type { H3, H3Event } from 'h3';
import { routeTable, type OperationId } from '../../server/generated/routes.js';
import { ApiError } from '../../server/http/api-error.js';
import { notFound } from '../../server/errors/domain-error.js';
import type { RequestValidator } from '../../server/http/request-validator.js';
import { allowHeader, operationsByRoute, REST_PREFIXES } from '../../server/http/rest-routes.js';
import { fromProblem, isProblem } from './github-shape.js';
import { localDownloadLocation } from './mock-archives.js';
import { relocatedBody, relocateHeaders, type Relocation } from './mock-hypermedia.js';
import { mockPipeline } from './mock-pipeline.js';
import { checkPreferences, parsePrefer, type ContractPaths } from './prefer-check.js';
import type { Upstream, UpstreamRequest } from './prism.js';
import { checkedUpstreamRequest } from './request-checks.js';

/** Hop-by-hop and length headers: the mock's own connection sets them. */
const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export interface RestDeps {
  validator: RequestValidator;
  upstream: Upstream;
  log: (text: string) => void;
  /** The parsed contract: the answers each operation documents (prefer-check.ts). */
  spec: ContractPaths;
  /** The examples' origin, replaced by the mock's in answers. */
  exampleOrigin: string | undefined;
}

async function call(deps: RestDeps, request: UpstreamRequest) {
  try {
    return await deps.upstream(request);
  } catch (error) {
    throw new ApiError(
      502,
      `mock server: prism is unreachable (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

async function askPrism(deps: RestDeps, request: UpstreamRequest, relocation: Relocation): Promise<Response> {
  let answer = await call(deps, request);
  if (answer.status === 406 && request.headers.accept !== undefined) {
    // The server answers its one format to any Accept; prism negotiates (406): ask for its default.
    const { accept: _, ...headers } = request.headers;
    answer = await call(deps, { ...request, headers });
  }
  const type = answer.headers['content-type'];
  if (isProblem(typeof type === 'string' ? type : undefined)) {
    deps.log(
      `mock server: prism refused ${request.method} ${request.path} with ${answer.status} after the server's checks passed\n`,
    );
    throw fromProblem(answer.status, answer.body);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  relocateHeaders(headers, relocation);
  const empty = answer.status === 204 || answer.status === 304 || answer.body.length === 0;
  const body = relocatedBody(answer.body, headers.get('content-type') ?? undefined, relocation);
  return new Response(empty ? null : new Uint8Array(body), { status: answer.status, headers });
}

function operationHandler(deps: RestDeps, operationId: OperationId) {
  const row = routeTable[operationId];
  const options = { auth: row.auth, resource: row.rateLimitResource, log: deps.log };
  return (event: H3Event) =>
    mockPipeline(event, options, async (authorization) => {
      const prefer = event.req.headers.get('prefer');
      if (prefer !== null) checkPreferences(deps.spec, operationId, parsePrefer(prefer), 'Prefer');
      else checkPreferences(deps.spec, operationId, queryKnobs(event), 'query');
      const request = await checkedUpstreamRequest(deps.validator, operationId, event, authorization);
      const relocation = { from: deps.exampleOrigin, request: event.url };
      return localDownloadLocation(await askPrism(deps, request, relocation), event.url.origin);
    });
}

/** Prism's query knobs, which it reads only when there is no Prefer header. */
function queryKnobs(event: H3Event) {
  const { searchParams } = event.url;
  const knob = (name: string) => searchParams.get(`__${name}`) ?? undefined;
  return { code: knob('code'), example: knob('example'), dynamic: knob('dynamic') };
}

/** Any other method on a known path: HEAD runs GET and drops the body; the rest are 405 with `Allow`. */
function otherMethods(deps: RestDeps, allowed: Map<string, OperationId>) {
  const allow = allowHeader(allowed);
  const get = allowed.get('GET');
  const head = get === undefined ? undefined : operationHandler(deps, get);
  return async (event: H3Event) => {
    if (event.req.method === 'HEAD' && head) {
      const response = await head(event);
      return new Response(null, { status: response.status, headers: response.headers });
    }
    return mockPipeline(event, { auth: 'optional', resource: 'core', log: deps.log }, async () => {
      throw new ApiError(405, 'Method Not Allowed', undefined, { allow });
    });
  };
}

export function mountRest(app: H3, deps: RestDeps): void {
  const byRoute = operationsByRoute();
  for (const [route, methods] of byRoute) {
    for (const [method, operationId] of methods) {
      for (const prefix of REST_PREFIXES) app.on(method as 'GET', prefix + route, operationHandler(deps, operationId));
    }
  }
  for (const [route, methods] of byRoute) {
    for (const prefix of REST_PREFIXES) app.all(prefix + route, otherMethods(deps, methods));
  }
}

/** The catch-all: anything else is the server's 404. Mounted last. */
export function mountNotFound(app: H3, log: (text: string) => void): void {
  app.all('/**', (event) =>
    mockPipeline(event, { auth: 'optional', resource: 'core', log }, async () => {
      throw notFound();
    }),
  );
}
