// Types that tie each handler to its operation in openapi.yaml: path, query
// and body inputs, and the success responses it may return. A handler that
// returns a body missing a field of its schema does not compile.
import type { operations } from '../generated/openapi.js';
import type { OperationId } from '../generated/routes.js';

type Op<K extends OperationId> = operations[K];

export type PathParams<K extends OperationId> =
  Op<K> extends { parameters: { path: infer P } }
    ? P extends Record<string, unknown>
      ? P
      : Record<string, never>
    : Record<string, never>;

export type QueryParams<K extends OperationId> =
  Op<K> extends { parameters: { query?: infer Q } }
    ? NonNullable<Q> extends Record<string, unknown>
      ? NonNullable<Q>
      : Record<string, never>
    : Record<string, never>;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;

// An optional body that is absent is validated as `{}`, so handlers always get an object.
export type RequestBody<K extends OperationId> =
  Op<K> extends { requestBody?: infer R }
    ? [NonNullable<R>] extends [never]
      ? undefined
      : JsonContent<NonNullable<R>>
    : undefined;

// 400, 401 and 503 are here for answers that are documented bodies rather
// than errors of the API (the authorize page's HTML, RFC 6749 token errors,
// the readiness probe's "not ready"); refusals are thrown (DomainError, or ApiError for what only HTTP has) instead.
type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 400 | 401 | 503;
type Responses<K extends OperationId> = Op<K>['responses'];

/**
 * A 200 in another media type than JSON (a file's raw contents, a blob,
 * a commit as `application/vnd.github.diff` or `.patch`), documented as an
 * additional content type of the operation's 200 and sent as it is. `etag`
 * names the bytes (a blob's sha) so they need not be hashed; without it
 * they are.
 */
export interface RawResult {
  status: 200;
  raw: Buffer | string;
  contentType: string;
  etag?: string;
  headers?: Record<string, string>;
  body?: never;
  html?: never;
  format?: never;
  formActionOrigins?: never;
}

export type HandlerResult<K extends OperationId> =
  | RawResult
  | {
      [S in keyof Responses<K> & SuccessStatus]: {
        status: S;
        body: JsonContent<Responses<K>[S]>;
        headers?: Record<string, string>;
        /** `form`: the body is sent application/x-www-form-urlencoded (the OAuth endpoints' default). */
        format?: 'json' | 'form';
        /** A page for operations documented as `text/html` (the OAuth authorize page). */
        html?: string;
        /** Origins the page's forms may be redirected to (see page-headers.ts). */
        formActionOrigins?: string[];
        raw?: never;
      };
    }[keyof Responses<K> & SuccessStatus];
