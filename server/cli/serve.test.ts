// `wharf serve` as users run it: embedded PostgreSQL started with the server,
// admin commands joining the running cluster, and everything stopped on SIGTERM.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/free-port.js';

const run = promisify(execFile);
const CLI = new URL('../../bin/wharf.mjs', import.meta.url).pathname;

let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function waitForToken(proc: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    proc.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /^(ghp_[A-Za-z0-9]{36})$/m.exec(stderr);
      if (match) resolve(match[1]!);
    });
    proc.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

describe('wharf serve with the embedded PostgreSQL', () => {
  it('starts, serves, lets admin commands join, and stops its database on SIGTERM', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wharf-serve-'));
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      WHARF_DATA_DIR: dataDir,
      WHARF_LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    };
    child = spawn('node', [CLI, 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const adminToken = await waitForToken(child);
    const base = `http://127.0.0.1:${port}`;
    let ready = false;
    for (let i = 0; i < 100 && !ready; i++) {
      ready = await fetch(`${base}/user`, { headers: { authorization: `token ${adminToken}` } }).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(true);

    const created = await run('node', [CLI, 'admin', 'create-user', 'joiner'], { env });
    expect(JSON.parse(created.stdout).login).toBe('joiner');
    const { stdout: token } = await run('node', [CLI, 'admin', 'create-token', 'joiner'], { env });
    const me = await fetch(`${base}/user`, { headers: { authorization: `Bearer ${token.trim()}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).login).toBe('joiner');

    const pidFile = join(dataDir, 'pg', 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(true);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(pidFile)).toBe(false);
  }, 90_000);
});
