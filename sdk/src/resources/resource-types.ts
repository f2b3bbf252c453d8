// The resource layer's types, mapped over the generated operation table:
// `hooks/list-deliveries` becomes `client.hooks.listDeliveries(args, init?)`,
// whose `args` are the operation's path and query parameters plus `body`,
// and whose result is `{ status, data, error, response }`, a union by status (status-result.ts).
import type { HeadersOptions, RequestBodyOption } from 'openapi-fetch';
import type { operations } from '../generated/openapi.js';
import type { OperationId, operations as table } from '../generated/operations.js';
import type { ArchiveOperationId, ArchiveResult } from '../archives/archive-download.js';
import type { StatusResult } from './status-result.js';

export type { OperationId };
export type OperationTable = typeof table;
/** Any media type; the same default openapi-fetch's own client uses. */
export type Media = `${string}/${string}`;

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
type Namespace<K> = K extends `${infer N}/${string}` ? N : never;
type MethodName<K> = K extends `${string}/${infer M}` ? CamelCase<M> : never;

/** An absent parameter section (`path?: never`) contributes nothing. */
type Section<T> = [T] extends [never] ? unknown : [NonNullable<T>] extends [never] ? unknown : NonNullable<T>;
type Params<Op, Where extends 'path' | 'query'> = Op extends { parameters: infer P }
  ? Where extends keyof P
    ? Section<P[Where]>
    : unknown
  : unknown;
type Flatten<T> = { [K in keyof T]: T[K] };

/** The flat argument object of an operation: path params, query params and `body`. */
export type OperationArgs<K extends OperationId> = Flatten<
  Params<operations[K], 'path'> & Params<operations[K], 'query'> & RequestBodyOption<operations[K]>
>;

export type OperationResult<K extends OperationId> = StatusResult<K>;

/** Per-call fetch settings: an AbortSignal (it also cancels retry and rate-limit waits) and extra headers. */
export interface CallInit {
  signal?: AbortSignal;
  headers?: HeadersOptions;
}

type ArgsTuple<K extends OperationId> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` here asks "has no required argument", which is the point
  {} extends OperationArgs<K> ? [args?: OperationArgs<K>, init?: CallInit] : [args: OperationArgs<K>, init?: CallInit];

/** What a call gives: openapi-fetch's result, or the archive's bytes for the download operations (archive-download.ts). */
export type CallResult<K extends OperationId> = K extends ArchiveOperationId ? ArchiveResult : OperationResult<K>;

export type ResourceMethod<K extends OperationId> = ((...args: ArgsTuple<K>) => Promise<CallResult<K>>) & {
  /** Which operation this is; `paginate` reads it. */
  readonly operationId: K;
};

export type Resources = {
  [N in Namespace<OperationId> as CamelCase<N>]: {
    [K in OperationId as Namespace<K> extends N ? MethodName<K> : never]: ResourceMethod<K>;
  };
};
