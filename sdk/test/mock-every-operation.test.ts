// Every operation of the contract, through the SDK's resource layer, against
// the mock server (prism serving openapi.yaml): its success answer and each
// documented 4xx (asked for with prism's `Prefer: code=…`) must reach the
// caller as the contract describes them: documented status, body valid
// against that status's schema on the right side of `{ data, error }`,
// nothing thrown, and `client.rateLimit` read from the documented headers.
// Cases come from the generated operation table and openapi.yaml, so a new
// operation is covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_PAGES } from '../../contract-tests/mock/mock-hypermedia.js';
import { startMockServer, type MockServer } from '../../contract-tests/mock/mock-server.js';
import { schemaErrorsAt } from '../../server/test-support/contract-schema.js';
import { createClient, type WharfClient } from '../src/index.js';
import type { CallInit } from '../src/resources/resource-types.js';
import { contractOperations, type ContractOperation, type DocumentedResponse } from './support/contract-operations.js';
import { expectRateLimit } from './support/expect-rate-limit.js';
import { pageItemSchema } from './support/page-items.js';

/** Documented success answers a resource method cannot take, keyed `operationId status`, with why. */
const LEFT_OUT: Record<string, string> = {
  // oauth/authorize is a browser endpoint; the SDK's web flow builds its URL
  // (authorizeUrl) and never calls it. A resource method parses JSON
  // (it is read as text, but the page is not an API answer). Its other answer, the
  // 302 to the app's callback, is no 2xx: fetch would follow it off this machine.
  'oauth/authorize 200': 'an HTML page for a browser, not an API answer',
};

type Result = { data?: unknown; error?: unknown; response: Response };
type LooseMethod = ((args?: Record<string, unknown>, init?: CallInit) => Promise<Result>) & { operationId?: string };
type Pages = (method: LooseMethod, args: Record<string, unknown>) => AsyncGenerator<unknown, void, undefined>;

let mock: MockServer;

beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(async () => {
  await mock?.close();
});

// A fresh client per case, so `rateLimit` shows what this one answer set. The
// mock checks that a credential is present, not which: any token passes (and,
// as the server, ignores it on the OAuth endpoints, which take none).
function clientFor(): WharfClient {
  return createClient({ baseUrl: mock.url, token: 'ghp_mock', retry: { retries: 0 } });
}

/** The call's own credential where the operation takes an OAuth app's Basic one (it wins over the client's token). */
const credentialFor = (operation: ContractOperation): Record<string, string> =>
  operation.basicAuth ? { authorization: `Basic ${Buffer.from('Iv1.mock:secret').toString('base64')}` } : {};

function methodOf(client: WharfClient, operation: ContractOperation): LooseMethod {
  const method = (client as unknown as Record<string, Record<string, LooseMethod> | undefined>)[operation.namespace]?.[
    operation.name
  ];
  if (typeof method !== 'function') throw new Error(`client.${operation.namespace}.${operation.name} does not exist`);
  return method;
}

/** Ask for the documented media type when it is not JSON (the SDK's own Accept). */
function acceptFor(response: DocumentedResponse): Record<string, string> {
  return response.media === undefined || /\bjson\b/.test(response.media) ? {} : { accept: response.media };
}

/** The body must match the documented schema; with none documented (204), there must be none. */
function expectBody(body: unknown, response: DocumentedResponse): void {
  if (response.schema === undefined) expect(body).toBeUndefined();
  else expect(schemaErrorsAt(response.schema, body)).toBe('');
}

const keyOf = (operation: ContractOperation, response: DocumentedResponse) =>
  `${operation.operationId} ${response.status}`;
const isSuccess = (response: DocumentedResponse) => response.status >= 200 && response.status < 300;
const isError = (response: DocumentedResponse) => response.status >= 400 && response.status < 500;

it('leaves out only answers the contract documents', () => {
  const documented = contractOperations.flatMap((operation) =>
    operation.responses.map((response) => keyOf(operation, response)),
  );
  expect(documented).toEqual(expect.arrayContaining(Object.keys(LEFT_OUT)));
});

// '%s' rather than '$name': vitest shortens interpolated object fields to 40 characters.
describe.each(
  contractOperations.map(
    (operation) => [`${operation.operationId} (client.${operation.namespace}.${operation.name})`, operation] as const,
  ),
)('%s', (_name, operation) => {
  const successes = operation.responses.filter(isSuccess);
  const leftOut = successes.filter((response) => keyOf(operation, response) in LEFT_OUT);

  if (leftOut.length === successes.length) {
    it.skip(`success: left out (${leftOut.map((r) => `${r.status}: ${LEFT_OUT[keyOf(operation, r)]}`).join('; ')})`, () => {});
  } else {
    it('answers a documented 2xx, as data', async () => {
      const client = clientFor();
      const method = methodOf(client, operation);
      expect(method.operationId).toBe(operation.operationId);
      const { data, error, response } = await method(operation.args, { headers: credentialFor(operation) });
      const documented = successes.find((r) => r.status === response.status && !leftOut.includes(r));
      expect(documented, `status ${response.status}: ${JSON.stringify(error)}`).toBeDefined();
      expect(error).toBeUndefined();
      expectBody(data, documented!);
      expectRateLimit(client.rateLimit, response, documented!, operation);
    });
  }

  const errors = operation.responses.filter(
    (response) => isError(response) && !(keyOf(operation, response) in LEFT_OUT),
  );
  it.each(errors.map((response) => [response.status, response] as const))(
    'answers %i, as an error value',
    async (status, documented) => {
      const client = clientFor();
      const result = await methodOf(client, operation)(operation.args, {
        headers: { prefer: `code=${status}`, ...acceptFor(documented), ...credentialFor(operation) },
      });
      expect(result.response.status, JSON.stringify(result.error)).toBe(status);
      expect(result.data).toBeUndefined();
      expectBody(result.error, documented);
      expectRateLimit(client.rateLimit, result.response, documented, operation);
    },
  );

  // The mock pages every list over MOCK_PAGES pages of the example's items,
  // linked at the request's own URL: following them shows the SDK reads the
  // `Link` and yields the right list's items (a wrapped list's too), page
  // after page, and stops at the last one without leaving the mock.
  const page = successes.find((response) => response.status === 200 && response.link);
  if (page?.schema !== undefined) {
    const items = pageItemSchema(page.schema);
    it('paginates: follows Link to the last page, every item valid, never leaving the mock', async () => {
      const asked: string[] = [];
      const client = createClient({
        baseUrl: mock.url,
        token: 'ghp_mock',
        retry: { retries: 0 },
        fetch: (input) => {
          asked.push(input.url);
          return fetch(input);
        },
      });
      const seen: unknown[] = [];
      for await (const item of (client.paginate as unknown as Pages)(methodOf(client, operation), operation.args))
        seen.push(item);
      expect(asked).toHaveLength(MOCK_PAGES);
      for (const url of asked) expect(url.startsWith(`${mock.url}/`), url).toBe(true);
      expect(seen.length).toBeGreaterThan(0);
      for (const item of seen) expect(schemaErrorsAt(items, item)).toBe('');
    });
  }
});
