// A `next` link back to a page already read (a server bug, or the mock server
// answering every page with its example) ends pagination with an error
// instead of reading forever.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../src/index.js';
import { json, startStub, type Stub } from './support/stub-server.js';

let stub: Stub;

beforeAll(async () => {
  // Page 1 links to page 2, and page 2 links back to page 2.
  stub = await startStub((request, _index, res) => {
    const page = new URL(request.path, 'http://stub').searchParams.get('page') ?? '1';
    json(res, 200, [{ id: Number(page) }], { link: `<http://stub/user/repos?page=2&per_page=1>; rel="next"` });
  });
});
afterAll(() => stub.close());

it('stops with an error when the next link leads back to a page already read', async () => {
  const client = createClient({ baseUrl: stub.url, token: 'ghp_stub', retry: { retries: 0 } });
  const seen: unknown[] = [];
  await expect(
    (async () => {
      for await (const item of client.paginate('/user/repos')) seen.push(item);
    })(),
  ).rejects.toThrow(/leads back to a page already read/);
  expect(seen).toEqual([{ id: 1 }, { id: 2 }]);
  expect(stub.requests).toHaveLength(2);
});
