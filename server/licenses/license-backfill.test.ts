// The license backfill of repositories created before the `license` column
// (migration 037): it detects each flagged repository once even with two
// servers at it, stores what the ref-change path would have, skips a
// repository whose git is unreadable (logged, flag cleared), logs progress,
// and stops with the reason when the database keeps failing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWharfApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/database.js';
import type { Sql } from '../db/database.js';
import { createLogger } from '../log.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { runLicenseBackfill, type LicenseBackfillDeps } from './license-backfill.js';
import { detectLicense } from './license-file.js';
import { licenseByKey } from './license-catalog.js';

let server: TestServer;
let alice: TestUser;
const MIT = licenseByKey('mit')!.body.replace('[year]', '2026').replace('[fullname]', 'Alice Example');
const REPOS = ['mit', 'none', 'empty', 'broken'];

async function api(path: string, method = 'GET', body?: unknown) {
  const res = await server.api(path, { method, token: alice.token, body });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as Record<string, any>;
}

const putLicense = (repo: string) =>
  api(`/repos/alice/${repo}/contents/LICENSE`, 'PUT', {
    message: 'license',
    content: Buffer.from(MIT).toString('base64'),
  });

function backfillDeps(logs: string[], detected: number[]): LicenseBackfillDeps {
  return {
    sql: server.sql,
    git: server.services.git,
    log: createLogger('info', (line) => void logs.push(line)),
    detect: async (git, id, commit) => {
      detected.push(id);
      return detectLicense(git, id, commit);
    },
    pauseMs: 1,
  };
}

/** The state of a server from before migration 036: no license known, every repository flagged. */
async function forgetLicenses() {
  await server.sql`UPDATE repositories SET license = NULL, license_pending = true`;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  for (const name of ['mit', 'none', 'broken']) await server.createRepo(alice.token, { name, auto_init: true });
  await server.createRepo(alice.token, { name: 'empty' });
  await putLicense('mit');
  await putLicense('broken');
  // A ref mirror naming an object git does not have: its tree cannot be listed.
  await server.sql`UPDATE repository_refs SET sha = ${'0123456789abcdef0123456789abcdef01234567'}
    WHERE repository_id = (SELECT id FROM repositories WHERE name = 'broken')`;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the license backfill', () => {
  it('detects every flagged repository once with two servers at it, and repository bodies show the result', async () => {
    await forgetLicenses();
    const logs: string[] = [];
    const detected: number[] = [];
    const [one, two] = await Promise.all([
      runLicenseBackfill(backfillDeps(logs, detected)),
      runLicenseBackfill(backfillDeps(logs, detected)),
    ]);
    expect(one.detected + two.detected).toBe(REPOS.length);
    expect(one.unreadable + two.unreadable).toBe(1);
    // The empty repository has no head: nothing to detect.
    expect(detected).toHaveLength(REPOS.length - 1);
    expect(new Set(detected).size).toBe(detected.length);

    expect((await api('/repos/alice/mit')).license).toMatchObject({ key: 'mit', spdx_id: 'MIT' });
    expect((await api('/repos/alice/none')).license).toBeNull();
    expect((await api('/repos/alice/empty')).license).toBeNull();
    const list = await api('/user/repos?per_page=100');
    expect(list.find((r: { name: string }) => r.name === 'mit').license.spdx_id).toBe('MIT');
    const [pending] = await server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM repositories WHERE license_pending`;
    expect(pending!.n).toBe(0);

    const lines = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    const [broken] = await server.sql<{ id: number }[]>`SELECT id FROM repositories WHERE name = 'broken'`;
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', repositoryId: broken!.id }));
    expect(lines.filter((l) => l.msg === 'license backfill: done')).toHaveLength(2);
  });

  it('does nothing, and logs nothing, when no repository is flagged', async () => {
    const logs: string[] = [];
    const detected: number[] = [];
    expect(await runLicenseBackfill(backfillDeps(logs, detected))).toEqual({ detected: 0, unreadable: 0 });
    expect(detected).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('stops and says why when the database keeps failing, leaving the flags for the next start', async () => {
    await forgetLicenses();
    const logs: string[] = [];
    const failing = Object.assign(
      (...args: unknown[]) => (server.sql as unknown as (...a: unknown[]) => unknown)(...args),
      {
        begin: async () => {
          throw new Error('connection lost');
        },
      },
    ) as unknown as Sql;
    const result = await runLicenseBackfill({ ...backfillDeps(logs, []), sql: failing });
    expect(result.detected).toBe(0);
    expect(result.stoppedBecause).toMatch(/5 database failures in a row.*connection lost/);
    expect(logs.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'license backfill stopped; the next start resumes it' }),
    );
    const [pending] = await server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM repositories WHERE license_pending`;
    expect(pending!.n).toBe(REPOS.length);
  });

  it('runs at server start: another server process backfills on its own and logs it', async () => {
    // The flags of the previous test are still set; createWharfApp starts the backfill.
    const config = loadConfig({
      DATABASE_URL: server.databaseUrl,
      WHARF_DATA_DIR: server.dataDir,
      WHARF_WEBHOOK_DISPATCH: 'off',
      WHARF_LOG_LEVEL: 'info',
    });
    const sql = connect(server.databaseUrl);
    const logs: string[] = [];
    const other = await createWharfApp(
      config,
      sql,
      createLogger('info', (line) => void logs.push(line)),
    );
    try {
      await vi.waitFor(() => expect(logs.join('')).toContain('license backfill: done'), {
        timeout: 20_000,
        interval: 50,
      });
      expect((await api('/repos/alice/mit')).license).toMatchObject({ spdx_id: 'MIT' });
      const [pending] = await server.sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM repositories WHERE license_pending`;
      expect(pending!.n).toBe(0);
    } finally {
      await other.close();
      await sql.end();
    }
  });
});
