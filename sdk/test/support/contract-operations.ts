// Every operation of the SDK's generated table, described from openapi.yaml
// alone: the resource method that should exist for it, arguments built from
// the contract's examples, and each documented response (status, the media
// type to ask for, where its schema is, the rate-limit state its documented
// header examples describe). Tests built on it cover operations added to the
// contract without being edited.
import { operations, type OperationId } from '../../src/generated/operations.js';
import type { RateLimitState } from '../../src/transport/rate-limit-state.js';
import { at, child, follow, pointer, resolved, type Node } from './contract-document.js';
import { exampleArgs } from './example-args.js';

export interface DocumentedResponse {
  status: number;
  /**
   * The media type to ask for: JSON when documented, as the SDK always asks for
   * it (so the OAuth endpoints' form-encoded alternative is never its answer),
   * otherwise the first documented; undefined for no body.
   */
  media: string | undefined;
  /** Pointer to that media type's schema in openapi.yaml; undefined for no body. */
  schema: string | undefined;
  /** The documented `X-RateLimit-*` headers, by the field of `client.rateLimit` each one fills. */
  rateLimit: Partial<Record<keyof RateLimitState, DocumentedHeader>>;
  /** Whether the response documents a `Link` header (the operation is paginated). */
  link: boolean;
}

export interface DocumentedHeader {
  name: string;
  /** Pointer to its schema in openapi.yaml. */
  schema: string;
  /** Numeric schemas: the header's text is read as a number before validating. */
  numeric: boolean;
}

export interface ContractOperation {
  operationId: OperationId;
  /** `client[namespace][name]`: the operationId's namespace and its camelCased rest. */
  namespace: string;
  name: string;
  /** Path parameters, query parameters and `body`, from the contract's examples. */
  args: Record<string, unknown>;
  /** The rate-limit bucket the operation counts against: `x-wharf-rate-limit-resource`, `core` when absent. */
  rateLimitResource: string;
  /** Authenticated with HTTP Basic (an OAuth app's client id and secret), not a token. */
  basicAuth: boolean;
  responses: DocumentedResponse[];
}

const RATE_LIMIT_HEADERS = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  used: 'X-RateLimit-Used',
  reset: 'X-RateLimit-Reset',
  resource: 'X-RateLimit-Resource',
} as const;

/** `response` is a resolved response's pointer. */
function documentedRateLimit(response: string): DocumentedResponse['rateLimit'] {
  const headers = (at(response).headers ?? {}) as Node;
  const documented: DocumentedResponse['rateLimit'] = {};
  for (const [field, name] of Object.entries(RATE_LIMIT_HEADERS) as [keyof RateLimitState, string][]) {
    if (!(name in headers)) continue;
    const schema = child(follow(child(response, 'headers', name)), 'schema');
    documented[field] = { name, schema, numeric: ['integer', 'number'].includes(resolved(schema).type as string) };
  }
  return documented;
}

function documentedResponse(operation: string, status: string): DocumentedResponse {
  const response = follow(child(operation, 'responses', status));
  const content = (at(response).content ?? {}) as Node;
  const types = Object.keys(content);
  const media = types.includes('application/json') ? 'application/json' : types[0];
  return {
    status: Number(status),
    media,
    schema: media === undefined ? undefined : child(response, 'content', media, 'schema'),
    rateLimit: documentedRateLimit(response),
    link: 'Link' in ((at(response).headers ?? {}) as Node),
  };
}

const camelCase = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function describeOperation(operationId: OperationId): ContractOperation {
  const { method, path } = operations[operationId];
  const where = pointer('paths', path, method);
  const operation = at(where);
  if (operation.operationId !== operationId)
    throw new Error(`${method.toUpperCase()} ${path} is ${operation.operationId} in openapi.yaml, not ${operationId}`);
  const [namespace, rest] = operationId.split('/') as [string, string];
  return {
    operationId,
    namespace: camelCase(namespace),
    name: camelCase(rest),
    args: exampleArgs(pointer('paths', path), where),
    rateLimitResource: (operation['x-wharf-rate-limit-resource'] as string | undefined) ?? 'core',
    basicAuth: ((operation.security ?? []) as Node[]).some((requirement) => 'clientBasic' in requirement),
    responses: Object.keys(operation.responses as Node)
      .filter((s) => /^\d{3}$/.test(s))
      .map((s) => documentedResponse(where, s)),
  };
}

export const contractOperations: ContractOperation[] = (Object.keys(operations) as OperationId[]).map(
  describeOperation,
);
