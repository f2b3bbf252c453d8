// An operation's request checked exactly as the server checks it, with the
// server's own code: the RequestValidator compiled from openapi.yaml (path
// parameters → 404, query → 422, body → 400/422) and the server's body reader
// (unparseable JSON → 400 "Problems parsing JSON"). What passes is sent on to
// prism rebuilt from the checked values, so prism sees a request in its
// canonical form and its own (different, problem+json) validation has
// nothing left to refuse: only what the server refuses is refused.
import { getQuery, type H3Event } from 'h3';
import { routeTable, type OperationId } from '../../server/generated/routes.js';
import { DEFAULT_BODY_LIMITS, payloadTooLarge } from '../../server/http/body-reader.js';
import { operationBodyLimits, readBody, readsBody } from '../../server/http/operation-input.js';
import { decodedParams } from '../../server/http/operation-runner.js';
import type { RequestValidator } from '../../server/http/request-validator.js';
import type { UpstreamRequest } from './prism.js';

/** Prism's own query knobs (`__code=404`, `__example=name`, `__dynamic=true`), kept for mock users. */
const PRISM_QUERY_KNOBS = ['__code', '__example', '__dynamic'];

/**
 * `application/vnd.github+json`, `application/vnd.github.v3+json` and any
 * other `application/vnd.…+json` become `application/json`; parameters such as
 * `;q=0.9` stay, and so does everything else in the list. (The contract
 * documents JSON as `application/json`, and prism negotiates strictly.)
 */
export function toPlainJsonAccept(accept: string): string {
  return accept.replace(/application\/vnd\.[^\s,;]+\+json/gi, 'application/json');
}

function pathOf(operationId: OperationId, params: Record<string, unknown>): string {
  // One segment per parameter, a ref's slashes included (`heads%2Fmain`): prism
  // matches `{ref}` as one segment, where the server's route takes several.
  return routeTable[operationId].path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
}

function queryOf(checked: Record<string, unknown>, raw: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(checked)) search.set(name, String(value));
  for (const name of PRISM_QUERY_KNOBS) if (typeof raw[name] === 'string') search.set(name, raw[name]);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Checks the request of `operationId` (401 and the API version are the
 * pipeline's) and returns what to ask prism; throws the server's ApiError.
 */
export async function checkedUpstreamRequest(
  validator: RequestValidator,
  operationId: OperationId,
  event: H3Event,
  authorization: string | undefined,
): Promise<UpstreamRequest> {
  const { method, acceptsForm } = routeTable[operationId];
  const params = validator.pathParams(operationId, decodedParams(event));
  const raw = getQuery(event) as Record<string, string>;
  const query = validator.query(operationId, raw);
  const headers: Record<string, string> = {};
  const accept = event.req.headers.get('accept');
  if (accept) headers.accept = toPlainJsonAccept(accept);
  const prefer = event.req.headers.get('prefer');
  if (prefer) headers.prefer = prefer;
  if (authorization) headers.authorization = authorization;
  const request: UpstreamRequest = { method, path: pathOf(operationId, params) + queryOf(query, raw), headers };
  // As the server: no GET body is read, and a DELETE body only where the operation declares one.
  if (!readsBody(operationId, { validator })) return request;
  // Raw bytes (a release asset) or text (`/markdown/raw`): passed on as they
  // came, up to the server's JSON cap (the mock keeps no files; examples are
  // small), never parsed; a text body keeps its text/* type for prism.
  if (routeTable[operationId].rawBody) {
    const declared = Number(event.req.headers.get('content-length') ?? 0);
    if (declared > DEFAULT_BODY_LIMITS.maxBytes) throw payloadTooLarge();
    const bytes = Buffer.from(await event.req.arrayBuffer());
    if (bytes.length > DEFAULT_BODY_LIMITS.maxBytes) throw payloadTooLarge();
    const type = event.req.headers.get('content-type') ?? '';
    headers['content-type'] = /^text\//i.test(type) ? type : 'application/octet-stream';
    request.body = bytes;
    return request;
  }
  // The server's rule (readBody): a form only where the contract offers one.
  const contentType = (event.req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const isForm = acceptsForm && contentType === 'application/x-www-form-urlencoded';
  const body = validator.body(
    operationId,
    await readBody(event, acceptsForm, operationBodyLimits(routeTable[operationId], DEFAULT_BODY_LIMITS)),
  );
  if (body === undefined) return request;
  if (isForm) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    request.body = new URLSearchParams(body as Record<string, string>).toString();
  } else {
    headers['content-type'] = 'application/json';
    request.body = JSON.stringify(body);
  }
  return request;
}
