import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let head: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  const res = await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'code', auto_init: true },
  });
  const repo = await res.json();
  head = (await server.services.git.resolveRef(repo.id, 'refs/heads/main'))!;
});
afterAll(() => server.close());

const createRef = (body: unknown, token = alice.token) =>
  server.api('/repos/alice/code/git/refs', { method: 'POST', token, body });

describe('POST /repos/{owner}/{repo}/git/refs', () => {
  it("creates a ref in git and returns GitHub's ref object", async () => {
    const res = await createRef({ ref: 'refs/heads/feature/a', sha: head });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      ref: 'refs/heads/feature/a',
      url: `${server.url}/api/v3/repos/alice/code/git/refs/heads/feature/a`,
      object: { type: 'commit', sha: head, url: `${server.url}/api/v3/repos/alice/code/git/commits/${head}` },
    });
  });

  it('answers 409 Reference already exists for an existing ref', async () => {
    const res = await createRef({ ref: 'refs/heads/main', sha: head });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('Reference already exists');
  });

  it('creates exactly one of two racing identical refs', async () => {
    const results = await Promise.all([
      createRef({ ref: 'refs/heads/race', sha: head }),
      createRef({ ref: 'refs/heads/race', sha: head }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('answers 422 for a sha that is not in the repository', async () => {
    const res = await createRef({ ref: 'refs/heads/ghost', sha: 'f'.repeat(40) });
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0]).toMatchObject({ resource: 'Reference', field: 'sha', code: 'invalid' });
  });

  it('answers 422 for invalid ref names', async () => {
    for (const ref of [
      'refs/heads/bad..name',
      'refs/heads/with space',
      'heads/main',
      'refs/x',
      'refs/heads/end.lock',
      'refs/heads/trailing/',
    ]) {
      const res = await createRef({ ref, sha: head });
      expect(res.status, ref).toBe(422);
    }
  });

  it('needs write access: 403 for a non-collaborator on a public repository', async () => {
    const res = await createRef({ ref: 'refs/heads/intruder', sha: head }, bob.token);
    expect(res.status).toBe(403);
  });
});

describe('GET /repos/{owner}/{repo}/git/ref/{ref}', () => {
  it('reads a ref whose name has slashes, raw or %2F-encoded, also anonymously', async () => {
    for (const path of ['heads/feature/a', 'heads%2Ffeature%2Fa']) {
      const res = await server.api(`/repos/alice/code/git/ref/${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toMatchObject({ ref: 'refs/heads/feature/a', object: { sha: head } });
    }
  });

  it('is 404 for a missing ref and does not match prefixes', async () => {
    expect((await server.api('/repos/alice/code/git/ref/heads/nope')).status).toBe(404);
    expect((await server.api('/repos/alice/code/git/ref/heads/feature')).status).toBe(404);
    expect((await server.api('/repos/alice/code/git/ref/heads/..%2F..%2Fconfig')).status).toBe(404);
  });
});
