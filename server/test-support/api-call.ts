// The ways tests call the REST API: reading whatever the answer is, or
// requiring success. The body is read as text first so that an empty answer
// (204) is `undefined` rather than a parse error, and so that a failure shows
// the body that explains it.
import { expect } from 'vitest';
import type { TestServer } from './test-server.js';

export type CallOptions = NonNullable<Parameters<TestServer['api']>[1]>;
export interface Answer {
  res: Response;
  status: number;
  json: any;
}

async function answer(server: TestServer, path: string, options: CallOptions, mustSucceed: boolean): Promise<Answer> {
  const res = await server.api(path, options);
  const text = await res.text();
  if (mustSucceed) expect(res.status, `${options.method ?? 'GET'} ${path}: ${text}`).toBeLessThan(300);
  return { res, status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** The answer, its status and its JSON body (undefined when empty). */
export const apiCall = (server: TestServer, path: string, options: CallOptions = {}) =>
  answer(server, path, options, false);

/** The same for a request that must succeed. */
export const apiSuccess = (server: TestServer, path: string, options: CallOptions = {}) =>
  answer(server, path, options, true);

/** The JSON body of an answer that must be a success. */
export const apiOk = async (server: TestServer, path: string, options: CallOptions = {}): Promise<any> =>
  (await answer(server, path, options, true)).json;
