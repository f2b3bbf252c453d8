// A resource call's result as a union with one member per status the
// contract documents for the operation, discriminated by `status`, so that
// `if (status === 422)` narrows `error` to that status's body (GitHub's
// validation error, with `errors`) and `data` to undefined. openapi-fetch's own
// type gives every error status the union of all error bodies instead. A
// status the contract does not document (a proxy's 502, say) is one more
// member with the loosest body; its status type lists only undocumented codes,
// because a member whose status were plain `number` would survive every
// `===` check and undo the narrowing. (Narrowing through `response.status` is
// not possible: TypeScript narrows a union by its members' own properties only.)
import type { operations } from '../generated/openapi.js';
import type { OperationId } from '../generated/operations.js';

/** The status codes an HTTP answer may carry (RFC 9110 and the common extensions). */
// biome-ignore format: one line per class of status reads better than one code per line
export type HttpStatus =
  | 100 | 101 | 102 | 103
  | 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226
  | 300 | 301 | 302 | 303 | 304 | 305 | 307 | 308
  | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417
  | 418 | 421 | 422 | 423 | 424 | 425 | 426 | 428 | 429 | 431 | 451
  | 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511;

/** An error body the contract does not describe for this status: GitHub's usual fields, if the server sent them. */
export interface UndocumentedError {
  message?: string;
  documentation_url?: string;
  [field: string]: unknown;
}

type Responses<K extends OperationId> = operations[K] extends { responses: infer R } ? R : never;
type Content<R> = R extends { content: infer C extends Record<string, unknown> } ? C[keyof C] : undefined;
type Ok<S> = S extends 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226 ? true : false;

type Member<R, S extends number> =
  Ok<S> extends true
    ? { status: S; data: Content<R>; error?: never; response: Response }
    : {
        status: S;
        data?: never;
        // A documented status without a body (304) arrives with a message, as not-modified.ts makes it.
        error: [Content<R>] extends [undefined] ? UndocumentedError : Content<R>;
        response: Response;
      };

type Documented<K extends OperationId> = Extract<keyof Responses<K>, number>;

/** What a resource method resolves to: `{ status, data, error, response }`, one member per documented status. */
export type StatusResult<K extends OperationId> =
  | { [S in Documented<K>]: Member<Responses<K>[S], S> }[Documented<K>]
  | { status: Exclude<HttpStatus, Documented<K>>; data?: never; error: UndocumentedError; response: Response };
