// Ids and node IDs: stable across renames, never reused after deletion; and
// changes seen by every server process sharing the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWharfApp, type WharfApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connect, type Sql } from '../db/database.js';
import { createLogger } from '../log.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let other: { app: WharfApp; sql: Sql };

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  // A second server process on the same database.
  const config = loadConfig({
    DATABASE_URL: server.databaseUrl,
    WHARF_DATA_DIR: server.dataDir,
    WHARF_PUBLIC_URL: server.url,
    WHARF_LOG_LEVEL: 'error',
  });
  const sql = connect(server.databaseUrl);
  other = { app: await createWharfApp(config, sql, createLogger('error')), sql };
});
afterAll(async () => {
  await other.app.close();
  await other.sql.end();
  await server.close();
});

const viaOther = (path: string, token?: string) =>
  other.app.app.fetch(
    new Request(`http://127.0.0.1${path}`, { headers: token ? { authorization: `token ${token}` } : {} }),
  );

describe('identity', () => {
  it("keeps a repository's id and node_id when its owner is renamed", async () => {
    const carol = await server.createUser('carol');
    const created = await (
      await server.api('/user/repos', { method: 'POST', token: carol.token, body: { name: 'keep' } })
    ).json();
    await server.services.accounts.rename(carol.id, 'caroline');
    const res = await server.api('/repos/caroline/keep', { token: carol.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: created.id,
      node_id: created.node_id,
      full_name: 'caroline/keep',
      owner: { login: 'caroline', id: carol.id },
    });
    // The old login redirects to the repository by id, as GitHub does after an account rename.
    const old = await fetch(`${server.url}/repos/carol/keep`, {
      headers: { authorization: `Bearer ${carol.token}` },
      redirect: 'manual',
    });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toMatch(new RegExp(`/repositories/${created.id}$`));
  });

  it('never reuses the id of a deleted repository', async () => {
    const first = await (
      await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'gone' } })
    ).json();
    await server.api('/repos/alice/gone', { method: 'DELETE', token: alice.token });
    const again = await (
      await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'gone' } })
    ).json();
    expect(again.id).toBeGreaterThan(first.id);
    expect(again.node_id).not.toBe(first.node_id);
  });
});

describe('several server processes on one database', () => {
  it('rejects a token in every process once its revocation has been answered', async () => {
    const { id, token } = await server.services.tokens.create(alice.id, 'personal', ['repo']);
    expect((await viaOther('/user', token)).status).toBe(200); // cached in the other process
    expect((await server.api(`/authorizations/${id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await viaOther('/user', token)).status).toBe(401);
  });

  it('sees a rename made through another process at once (repository cache invalidation)', async () => {
    await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'cached' } });
    expect((await viaOther('/repos/alice/cached', alice.token)).status).toBe(200);
    const renamed = await server.api('/repos/alice/cached', {
      method: 'PATCH',
      token: alice.token,
      body: { name: 'moved', private: true },
    });
    expect(renamed.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50)); // the rename's 200 does not wait for other processes
    // The old name is no longer served from the other process's cache: it redirects to the repository by id (GitHub's 301).
    const old = await viaOther('/repos/alice/cached', alice.token);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toMatch(/\/repositories\/\d+$/);
    expect((await viaOther('/repos/alice/moved')).status).toBe(404); // now private: hidden from anonymous callers
  });
});

describe('unexpected failures', () => {
  it('answers 500 internal server error without internals for an unexpected exception, and 503 once the pool is gone', async () => {
    const lines: string[] = [];
    const config = loadConfig({
      DATABASE_URL: server.databaseUrl,
      WHARF_DATA_DIR: server.dataDir,
      WHARF_LOG_LEVEL: 'error',
    });
    const sql = connect(server.databaseUrl);
    const app = await createWharfApp(
      config,
      sql,
      createLogger('error', (l) => void lines.push(l)),
    );
    const call = () =>
      app.app.fetch(new Request('http://127.0.0.1/user', { headers: { authorization: `token ${alice.token}` } }));
    // A bug deep inside, with internals in its message.
    const lookup = app.services.tokenCache.lookup;
    app.services.tokenCache.lookup = () => {
      throw new Error('postgres: relation "tokens" at sql line 3');
    };
    const res = await call();
    app.services.tokenCache.lookup = lookup;
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.message).toBe('internal server error');
    expect(JSON.stringify(body)).not.toMatch(/postgres|sql|stack|at /i);
    expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    const requestId = res.headers.get('x-github-request-id');
    expect(lines.some((l) => l.includes(requestId!) && l.includes('"level":"error"'))).toBe(true);
    // A pool that has ended (the process shutting down) is unavailable, not a bug: 503 with Retry-After.
    await app.close();
    await sql.end();
    const gone = await call();
    expect(gone.status).toBe(503);
    expect(gone.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.stringify(await gone.json())).not.toMatch(/postgres|sql|stack|at /i);
  });
});

describe('retired node IDs', () => {
  it('no longer resolve once the repository is deleted, in GraphQL or by name', async () => {
    const repo = await (
      await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'retired' } })
    ).json();
    const query = { query: 'query($id: ID!) { node(id: $id) { id } }', variables: { id: repo.node_id } };
    const before = await server.api('/api/graphql', { method: 'POST', token: alice.token, body: query });
    expect((await before.json()).data.node).toEqual({ id: repo.node_id });
    await server.api('/repos/alice/retired', { method: 'DELETE', token: alice.token });
    const after = await (await server.api('/api/graphql', { method: 'POST', token: alice.token, body: query })).json();
    expect(after.data.node).toBeNull();
    expect(after.errors[0].message).toBe(`Could not resolve to a node with the global id of '${repo.node_id}'`);
  });
});
