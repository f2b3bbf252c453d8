// Reading and validating an operation's query and JSON body against
// openapi.yaml. Called lazily by OperationContext.input(), after the handler
// has checked existence and permission, so errors come in the documented order.
import { getQuery, type H3Event } from 'h3';
import { routeTable, type OperationId } from '../generated/routes.js';
import type { Services } from '../services.js';
import { problemsParsingJson } from '../errors/domain-error.js';
import { readBodyText, type BodyLimits } from './body-reader.js';
import type { QueryParams, RequestBody } from './operation-types.js';
import { parseWellFormedJson } from './well-formed-json.js';

export interface OperationInput<K extends OperationId> {
  query: QueryParams<K>;
  body: RequestBody<K>;
}

/** A form body as an object of strings (the OAuth endpoints accept both, as GitHub's do). */
function formObject(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) out[name] = value;
  return out;
}

/** The operation's cap (`x-wharf-max-body-bytes`) or the configured default. */
export function operationBodyLimits(row: { maxBodyBytes: number | null }, defaults: BodyLimits): BodyLimits {
  return row.maxBodyBytes === null ? defaults : { ...defaults, maxBytes: row.maxBodyBytes };
}

export async function readBody(event: H3Event, acceptsForm: boolean, limits: BodyLimits): Promise<unknown> {
  const text = await readBodyText(event, limits);
  if (text.trim() === '') return undefined;
  const contentType = (event.req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  // Only where the contract offers a form body: elsewhere `curl -d '{…}'` (sent as a
  // form) must still be read as JSON, as GitHub reads it.
  if (acceptsForm && contentType === 'application/x-www-form-urlencoded') return formObject(text);
  try {
    return parseWellFormedJson(text);
  } catch {
    throw problemsParsingJson();
  }
}

/** Whether a request body is read at all: never for GET, for DELETE only where the operation declares one. */
export function readsBody(operationId: OperationId, services: Pick<Services, 'validator'>): boolean {
  const { method } = routeTable[operationId];
  return method !== 'GET' && (method !== 'DELETE' || services.validator.declaresBody(operationId));
}

export async function readOperationInput<K extends OperationId>(
  operationId: K,
  event: H3Event,
  services: Services,
): Promise<OperationInput<K>> {
  const { acceptsForm } = routeTable[operationId];
  const query = services.validator.query(operationId, getQuery(event) as Record<string, string>);
  // Limits are worked out only where a body is read: a GET (the hot path) builds nothing.
  if (!readsBody(operationId, services)) return { query, body: undefined } as OperationInput<K>;
  const limits = operationBodyLimits(routeTable[operationId], {
    maxBytes: services.config.maxBodyBytes,
    timeoutMs: services.config.bodyTimeoutMs,
  });
  const body = services.validator.body(operationId, await readBody(event, acceptsForm, limits));
  return { query, body } as OperationInput<K>;
}
