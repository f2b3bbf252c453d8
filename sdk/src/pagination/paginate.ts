// `client.paginate(...)`: every item across pages, following `Link:
// rel="next"`. Page-number links (`page`, `per_page`) and the hook
// deliveries' `cursor` links are the same to it: the next request is the same
// operation with the next link's query. It goes through the typed client, so
// auth, retries and rate-limit waits apply to every page.
import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi.js';
import { operations } from '../generated/operations.js';
import { WharfRequestError } from '../errors.js';
import { looseRequest } from '../resources/build-resources.js';
import { toFetchInit, type LooseInit } from '../resources/fetch-init.js';
import type { CallInit } from '../resources/resource-types.js';
import { linkTarget } from './link-header.js';

/** The items of one page: the array itself, or the list an object wraps (`{ total_count, repositories }`). */
export type PageItem<T> = T extends readonly (infer U)[]
  ? U
  : T extends object
    ? { [K in keyof T]-?: NonNullable<T[K]> extends readonly (infer U)[] ? U : never }[keyof T]
    : never;

function itemsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data !== null && typeof data === 'object') {
    const list = Object.values(data).find(Array.isArray);
    if (list) return list;
  }
  throw new TypeError('paginate: the response is neither a list nor an object holding one');
}

type Target = string | { operationId: string };

function firstRequest(target: Target, args: unknown, init: CallInit | undefined): { path: string; request: LooseInit } {
  if (typeof target === 'string') {
    const request = (args ?? {}) as Partial<LooseInit>;
    return {
      path: target,
      request: { ...request, params: { path: { ...request.params?.path }, query: { ...request.params?.query } } },
    };
  }
  const row = operations[target.operationId as keyof typeof operations];
  if (row.method !== 'get') throw new TypeError(`paginate: ${target.operationId} is not a GET operation`);
  return {
    path: row.path,
    request: { ...init, ...toFetchInit(row.path, args as Record<string, unknown> | undefined) },
  };
}

export async function* paginate(
  raw: Client<paths>,
  target: Target,
  args?: unknown,
  init?: CallInit,
): AsyncGenerator<unknown, void, undefined> {
  const send = looseRequest(raw);
  const { path, request } = firstRequest(target, args, init);
  // A server whose `next` leads back to a page already read (a bug, or a mock
  // answering every page with its example) would otherwise be read forever.
  const seen = new Set<string>();
  for (;;) {
    const { data, error, response } = await send('get', path, request);
    if (!response.ok) throw new WharfRequestError(response, error);
    yield* itemsOf(data);
    const next = linkTarget(response.headers.get('link'), 'next');
    if (next === undefined) return;
    const query = new URL(next).searchParams;
    query.sort();
    if (seen.has(query.toString()))
      throw new Error(`paginate: the next link leads back to a page already read (${next})`);
    seen.add(query.toString());
    // The link carries the whole query (filters included), so it replaces ours.
    request.params = { ...request.params, query: Object.fromEntries(query) };
  }
}
