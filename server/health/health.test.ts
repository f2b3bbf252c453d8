// The probes on a running server: no authentication, no rate limit, no
// caching; /readyz follows the migrations the database has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../db/migrate.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer;

beforeAll(async () => {
  // A limit of one anonymous request: any probe that counted would be refused at the second call.
  server = await startTestServer({ WHARF_RATE_LIMIT_UNAUTHENTICATED: '1' });
});
afterAll(() => server.close());

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"} to anyone, uncounted, without rate-limit headers', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await server.api('/healthz', { headers: { authorization: 'Bearer not-a-token' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-github-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Under /api/v3 too, like every REST route, and HEAD as GET without a body.
    expect((await server.api('/api/v3/healthz')).status).toBe(200);
    const head = await server.api('/healthz', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('GET /readyz', () => {
  it('answers 200 with the migration counts when the database is migrated', async () => {
    const shipped = (await loadMigrations()).length;
    for (let i = 0; i < 3; i++) {
      const res = await server.api('/readyz');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', migrations: { applied: shipped, shipped } });
      expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    }
  });

  it('answers 503 saying why when a shipped migration is not applied', async () => {
    const shipped = (await loadMigrations()).length;
    const [last] = await server.sql<{ version: number; name: string }[]>`
      DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations) RETURNING version, name`;
    try {
      const res = await server.api('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        message: `migrations pending: ${shipped - 1} of ${shipped} applied (run \`wharf migrate\`)`,
        migrations: { applied: shipped - 1, shipped },
      });
    } finally {
      await server.sql`INSERT INTO schema_migrations (version, name) VALUES (${last!.version}, ${last!.name})`;
    }
    expect((await server.api('/readyz')).status).toBe(200);
  });

  it('leaves the rest of the API rate-limited', async () => {
    expect((await server.api('/repos/nobody/nothing')).status).toBe(404);
    expect((await server.api('/repos/nobody/nothing')).status).toBe(429);
  });
});
