// Runs one operation of the route table inside the pipeline: path parameters
// (404 when they fail their schema), the handler, and the success response
// (ETag and 304 for GETs).
import { getRouterParams, type H3Event } from 'h3';
import { notAccessibleByIntegration } from '../access/installation-access.js';
import type { OperationId } from '../generated/routes.js';
import { routeTable } from '../generated/routes.js';
import type { Services } from '../services.js';
import { pageHeaders } from './page-headers.js';
import { etagOf, ifNoneMatchHits, jsonReply, JSON_TYPE, type Reply } from './json-response.js';
import { recordDefinedQuery } from './defined-query.js';
import { OperationContext, type Handler } from './operation-context.js';
import type { PathParams } from './operation-types.js';
import { runPipeline, type PluggedAuthModes, type RequestScope } from './pipeline.js';

export function decodedParams(event: H3Event): Record<string, string> {
  const raw = getRouterParams(event);
  const out: Record<string, string> = {};
  for (const name in raw) {
    const value = raw[name]!;
    if (!value.includes('%')) {
      out[name] = value;
      continue;
    }
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value; // left as sent; the schema or the handler rejects it
    }
  }
  return out;
}

/** The body as UTF-8 bytes: cached views are then written without re-encoding. */
interface Serialized {
  bytes: Buffer;
  etag: string;
}

/**
 * Serialization of GET bodies, remembered per body object: a handler that
 * returns a cached view object (repositories do) skips JSON.stringify and the
 * ETag hash. Entries go when the view object is dropped from its cache.
 */
const serializedBodies = new WeakMap<object, Serialized>();

function serialize(body: object): Serialized {
  let serialized = serializedBodies.get(body);
  if (!serialized) {
    const text = JSON.stringify(body);
    serialized = { bytes: Buffer.from(text, 'utf8'), etag: etagOf(text) };
    serializedBodies.set(body, serialized);
  }
  return serialized;
}

export async function executeOperation<K extends OperationId>(
  operationId: K,
  handler: Handler<K>,
  event: H3Event,
  services: Services,
  scope: RequestScope,
  /** The path parameters as sent; an alias gives its own (route-runner.ts). */
  rawParams: Record<string, string> = decodedParams(event),
): Promise<Reply> {
  const row = routeTable[operationId];
  // Operations closed to apps (GitHub's user-only endpoints) refuse installation tokens before anything else.
  const { principal } = scope;
  if (principal.kind === 'token' && principal.installation && row.appPermissions === null)
    throw notAccessibleByIntegration();
  const params = services.validator.pathParams(operationId, rawParams) as PathParams<K>;
  recordDefinedQuery(event.url, services.validator.queryNames(operationId)); // for the Link header
  const ctx = new OperationContext(operationId, event, params, scope.principal, services);
  const result = await handler(ctx);
  const headers = scope.headers;
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = value;
  if (result.raw !== undefined) {
    // Another media type than JSON (raw contents, diffs): its own bytes, cached like JSON when it is a GET.
    const bytes = typeof result.raw === 'string' ? Buffer.from(result.raw, 'utf8') : result.raw;
    if (row.method !== 'GET')
      return { status: 200, body: bytes, headers: { ...headers, 'content-type': result.contentType } };
    return cacheableReply(event, scope, headers, bytes, result.etag ?? etagOf(bytes), result.contentType);
  }
  if (result.html !== undefined) {
    Object.assign(headers, pageHeaders(result.formActionOrigins));
    return { status: result.status, body: result.html, headers };
  }
  if (row.method === 'GET' && result.status === 200 && result.body !== undefined && result.body !== null) {
    const { bytes, etag } = serialize(result.body as object);
    return cacheableReply(event, scope, headers, bytes, etag, JSON_TYPE);
  }
  if (result.format === 'form' && result.body !== undefined && result.body !== null) {
    headers['content-type'] = 'application/x-www-form-urlencoded; charset=utf-8';
    const form = new URLSearchParams(
      Object.entries(result.body as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
    );
    return { status: result.status, body: form.toString(), headers };
  }
  return jsonReply(result.status, result.body, headers);
}

/** A GET's 200, with its ETag and cache headers, or 304 when the client holds it already. */
function cacheableReply(
  event: H3Event,
  scope: RequestScope,
  headers: Record<string, string>,
  bytes: Buffer,
  etag: string,
  contentType: string,
): Reply {
  // A handler may say otherwise (the health probes: no-store, a cached answer
  // would hide an outage; /rate_limit: no-cache, as GitHub). Such answers are
  // always sent whole, with no ETag and never a 304, as GitHub does for /rate_limit.
  const alwaysFresh = /\bno-(cache|store)\b/.test(headers['cache-control'] ?? '');
  headers['cache-control'] ??=
    scope.principal.kind === 'token' ? 'private, max-age=60, s-maxage=60' : 'public, max-age=60, s-maxage=60';
  headers.vary = 'Accept, Authorization, Cookie';
  if (!alwaysFresh) headers.etag = etag;
  if (!alwaysFresh && ifNoneMatchHits(event.req.headers.get('if-none-match'), etag)) {
    scope.refund();
    return { status: 304, body: null, headers };
  }
  headers['content-type'] = contentType;
  return { status: 200, body: bytes, headers };
}

/**
 * The route of an operation: the pipeline with the operation's auth, rate-limit resource and scopes, then `run`.
 * `authModes`: for operations of an auth mode a capability owns (app.ts passes them).
 */
export function operationRoute<K extends OperationId>(
  operationId: K,
  services: Services,
  run: (event: H3Event, scope: RequestScope) => Promise<Reply>,
  authModes?: PluggedAuthModes,
) {
  const row = routeTable[operationId];
  return (event: H3Event) =>
    runPipeline(
      event,
      services,
      {
        auth: row.auth,
        resource: row.rateLimitResource,
        counted: row.rateLimitCounted,
        acceptedScopes: row.acceptedScopes,
        authModes,
      },
      (scope) => run(event, scope),
    );
}
