// The mock answers the archive operations with their documented 302 and the
// example download URL in `Location` (the signed URL itself is the server's).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockServer, type MockServer } from './mock-server.js';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(async () => {
  await mock?.close();
});

it('answers …/tarball/{ref} and …/zipball/{ref} with 302 and the example Location', async () => {
  for (const [kind, extension] of [['tarball', 'tar.gz'], ['zipball', 'zip']] as const) {
    const response = await fetch(`${mock.url}/repos/octocat/Hello-World/${kind}/main`, {
      headers: { authorization: 'Bearer mock-token', accept: 'application/vnd.github+json' },
      redirect: 'manual',
    });
    expect(response.status, kind).toBe(302);
    expect(response.headers.get('location')).toMatch(new RegExp(`/_archive/1296269/[0-9a-f]{40}\\.${extension.replace('.', '\\.')}\\?expires=`));
  }
});
