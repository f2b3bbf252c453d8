import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../db/database.js';
import { createTestDatabase, dropTestDatabase } from '../test-support/test-server.js';

const run = promisify(execFile);
const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;

let databaseUrl: string;
let dataDir: string;

async function wharf(...args: string[]) {
  try {
    const { stdout, stderr } = await run('node', [CLI, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, WHARF_DATA_DIR: dataDir, WHARF_LOG_LEVEL: 'warn' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'wharf-cli-'));
});
afterAll(async () => {
  await dropTestDatabase(databaseUrl);
  await rm(dataDir, { recursive: true, force: true });
});

describe('wharf admin', () => {
  it('creates the site admin on first use and prints its token once, to stderr', async () => {
    const first = await wharf('admin', 'create-user', 'alice', '--email', 'alice@example.com');
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/^ghp_[A-Za-z0-9]{36}$/m);
    expect(JSON.parse(first.stdout)).toMatchObject({ login: 'alice', site_admin: false, email: 'alice@example.com' });
    const second = await wharf('admin', 'create-user', 'bob', '--admin');
    expect(second.stderr).not.toMatch(/ghp_/);
    expect(JSON.parse(second.stdout)).toMatchObject({ login: 'bob', site_admin: true });
  });

  it('creates tokens (printed alone), lists them without the secret, and revokes them', async () => {
    const created = await wharf('admin', 'create-token', 'alice', '--scopes', 'repo,user');
    const token = created.stdout.trim();
    expect(token).toMatch(/^ghp_[A-Za-z0-9]{36}$/);
    const listed = JSON.parse((await wharf('admin', 'list-tokens', 'alice')).stdout);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ kind: 'personal', scopes: ['repo', 'user'] });
    expect(JSON.stringify(listed)).not.toContain(token);
    const revoked = await wharf('admin', 'revoke-token', String(listed[0].id));
    expect(JSON.parse(revoked.stdout)).toEqual({ id: listed[0].id, revoked: true });
    expect(JSON.parse((await wharf('admin', 'list-tokens', 'alice')).stdout)).toEqual([]);
  });

  it('defaults token scopes to repo, admin:repo_hook, user, gist', async () => {
    await wharf('admin', 'create-token', 'bob');
    const [token] = JSON.parse((await wharf('admin', 'list-tokens', 'bob')).stdout);
    expect(token.scopes).toEqual(['repo', 'admin:repo_hook', 'user', 'gist']);
  });

  it('manages organizations and renames users', async () => {
    expect(JSON.parse((await wharf('admin', 'create-org', 'acme', '--owner', 'alice')).stdout)).toMatchObject({
      login: 'acme',
      owner: 'alice',
    });
    expect(JSON.parse((await wharf('admin', 'add-member', 'acme', 'bob')).stdout)).toEqual({
      org: 'acme',
      login: 'bob',
      role: 'member',
    });
    const sql = connect(databaseUrl, { max: 1 });
    try {
      await sql`INSERT INTO repositories (owner_id, name) SELECT id, 'kept' FROM accounts WHERE login = 'bob'`;
      const renamed = JSON.parse((await wharf('admin', 'rename-user', 'bob', 'robert')).stdout);
      expect(renamed.login).toBe('robert');
      // bob/kept keeps answering (301 to /repositories/{id}: server/repos/account-renames.test.ts).
      expect(
        await sql`SELECT rr.owner_login, rr.name FROM repository_redirects rr JOIN repositories r ON r.id = rr.repository_id WHERE r.name = 'kept'`,
      ).toEqual([{ owner_login: 'bob', name: 'kept' }]);
    } finally {
      await sql.end();
    }
  });

  it('registers OAuth apps and prints the client secret once', async () => {
    const created = await wharf(
      'admin',
      'create-oauth-app',
      'alice',
      'My CLI',
      '--device-flow',
      '--callback-url',
      'https://app.example.com/cb',
    );
    expect(created.code).toBe(0);
    const app = JSON.parse(created.stdout);
    expect(app).toMatchObject({
      name: 'My CLI',
      owner: 'alice',
      device_flow_enabled: true,
      callback_url: 'https://app.example.com/cb',
    });
    expect(app.client_id).toMatch(/^Ov23li/);
    expect(app.client_secret).toMatch(/^[0-9a-f]{40}$/);
  });

  it("grants GitHub's five repository roles, triage and maintain included", async () => {
    const sql = connect(databaseUrl, { max: 1 });
    try {
      await sql`INSERT INTO repositories (owner_id, name) SELECT id, 'granted' FROM accounts WHERE login = 'alice'`;
      for (const permission of ['read', 'triage', 'write', 'maintain', 'admin']) {
        const result = await wharf('admin', 'add-collaborator', 'alice/granted', 'robert', '--permission', permission);
        expect(result.code, result.stderr).toBe(0);
        expect(JSON.parse(result.stdout)).toEqual({ repository: 'alice/granted', login: 'robert', permission });
        const [row] = await sql<
          { permission: string }[]
        >`SELECT c.permission FROM collaborators c JOIN accounts a ON a.id = c.user_id WHERE a.login = 'robert'`;
        expect(row!.permission).toBe(permission);
      }
    } finally {
      await sql.end();
    }
  });

  it('reports bad input on stderr with a non-zero exit and nothing on stdout', async () => {
    const cases = [
      ['admin', 'create-user', 'bad login'],
      ['admin', 'create-user', 'alice'],
      ['admin', 'create-token', 'nobody'],
      ['admin', 'create-token', 'alice', '--scopes', 'root'],
      ['admin', 'revoke-token', 'abc'],
      ['admin', 'create-org', 'x'],
      ['admin', 'frobnicate'],
      ['admin', 'create-oauth-app', 'nobody', 'x'],
      ['admin', 'create-oauth-app', 'alice', 'x', '--callback-url', 'javascript:alert(1)'],
      ['admin', 'add-collaborator', 'alice/nothing', 'alice'],
      ['admin', 'add-collaborator', 'not-a-full-name', 'alice'],
      ['admin', 'add-collaborator', 'alice/x', 'alice', '--permission', 'owner'],
      ['admin', 'remove-collaborator', 'alice/nothing', 'alice'],
    ];
    for (const args of cases) {
      const result = await wharf(...args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(/wharf/);
    }
  });
});
