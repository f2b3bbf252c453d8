// `npm run mock -- --stateful`: a real, empty Wharf whose created things
// exist afterwards (the example mock answers octocat/Hello-World to any
// create), with the user and token it prints, and no data left behind.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../sdk/src/index.js';
import { startStatefulMock, type StatefulMock } from './stateful-wharf.js';

let mock: StatefulMock;
beforeAll(async () => {
  mock = await startStatefulMock();
}, 180_000);
afterAll(async () => {
  await mock?.close();
}, 60_000);

describe('the stateful mock', () => {
  it('keeps a repository created through it, readable afterwards as the user it made', async () => {
    const client = createClient({ baseUrl: mock.url, token: mock.token, retry: { retries: 0 } });
    const created = await client.repos.createForAuthenticatedUser({ body: { name: 'kept-here', description: 'mine' } });
    expect(created.response.status).toBe(201);
    expect(created.data?.full_name).toBe(`${mock.login}/kept-here`);

    const read = await client.repos.get({ owner: mock.login, repo: 'kept-here' });
    expect(read.response.status).toBe(200);
    expect(read.data?.description).toBe('mine');
    const missing = await client.repos.get({ owner: mock.login, repo: 'never-made' });
    expect(missing.response.status).toBe(404);
  });

  it('stops Wharf and deletes its data when closed', async () => {
    const dataDir = mock.dataDir;
    expect(existsSync(dataDir)).toBe(true);
    await mock.close();
    await expect(mock.exited).resolves.not.toBeUndefined();
    expect(existsSync(dataDir)).toBe(false);
    await expect(fetch(`${mock.url}/user`)).rejects.toThrow();
  }, 60_000);
});
