// Hostile pushes, sent by hand as receive-pack requests: a truncated pack, a
// pack missing an object, an oversize body trickled slowly and a body that
// stalls. Each gets git's own error (or the size/idle refusal), the refs
// stay where they were, nothing is emitted, and `git fsck` stays clean.
import { request } from 'node:http';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let git: GitCli;
let repoId: number;
let main: string;
let local: string;
let auth: string;

const pkt = (text: string) => `${(Buffer.byteLength(text) + 4).toString(16).padStart(4, '0')}${text}`;

beforeAll(async () => {
  server = await startTestServer({ WHARF_GIT_MAX_PUSH_BYTES: String(256 * 1024), WHARF_GIT_IDLE_TIMEOUT: '1s' });
  alice = await server.createUser('alice');
  git = await gitCli();
  const res = await server.api('/user/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'target', auto_init: true },
  });
  repoId = ((await res.json()) as { id: number }).id;
  main = (await server.services.git.resolveRef(repoId, 'refs/heads/main'))!;
  auth = `Basic ${Buffer.from(`x:${alice.token}`).toString('base64')}`;
  local = join(git.home, 'local');
  await git.ok(['clone', '--quiet', `${server.url}/alice/target.git`, local]);
  await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'next'], { cwd: local });
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

/** The pack of HEAD's new objects (or of `objects` only), as git would send it. */
async function packOf(objects?: string[]): Promise<Buffer> {
  const { spawnSync } = await import('node:child_process');
  const input = objects ? `${objects.join('\n')}\n` : `HEAD\n^${main}\n`;
  const result = spawnSync('git', ['pack-objects', '--stdout', ...(objects ? [] : ['--revs']), '-q'], {
    cwd: local,
    input,
    env: { ...process.env, HOME: git.home },
  });
  expect(result.status).toBe(0);
  return result.stdout;
}

function receivePack(body: Buffer) {
  return fetch(`${server.url}/alice/target.git/git-receive-pack`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { authorization: auth, 'content-type': 'application/x-git-receive-pack-request' },
  });
}

async function expectUnchanged() {
  expect(await server.services.git.listRefs(repoId)).toEqual(new Map([['refs/heads/main', main]]));
  await server.services.git.git(repoId, ['fsck', '--no-dangling', '--strict']);
  const objects = await readdir(join(server.services.git.pathOf(repoId), 'objects'));
  expect(objects.filter((name) => name.startsWith('tmp_objdir'))).toEqual([]);
  // The mirror (what events are computed from) did not move either.
  const mirrored = await server.sql<
    { name: string; sha: string }[]
  >`SELECT name, sha FROM repository_refs WHERE repository_id = ${repoId}`;
  expect(mirrored.map((r) => [r.name, r.sha])).toEqual([['refs/heads/main', main]]);
}

function commands(next: string): string {
  return `${pkt(`${main} ${next} refs/heads/main\0report-status\n`)}0000`;
}

describe('hostile pushes', () => {
  it('a truncated pack: git reports the unpack error and nothing changes', async () => {
    const next = await git.ok(['rev-parse', 'HEAD'], { cwd: local });
    const pack = await packOf();
    const res = await receivePack(Buffer.concat([Buffer.from(commands(next)), pack.subarray(0, pack.length - 20)]));
    const text = await res.text();
    expect(text).toMatch(/unpack (?!ok)/);
    expect(text).toContain('ng refs/heads/main');
    await expectUnchanged();
  });

  it('a pack missing an object: refused by git, nothing changes', async () => {
    const next = await git.ok(['rev-parse', 'HEAD'], { cwd: local });
    await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'orphan parent'], { cwd: local });
    const tip = await git.ok(['rev-parse', 'HEAD'], { cwd: local });
    // The tip alone, without its parent `next`, which the server does not have.
    const pack = await packOf([tip]);
    const res = await receivePack(Buffer.concat([Buffer.from(commands(tip)), pack]));
    const text = await res.text();
    expect(text).toContain('ng refs/heads/main');
    expect(text).toMatch(/missing necessary objects|unpack-objects abnormal exit|bad pack|fatal|error/i);
    expect(next).not.toBe(tip);
    await expectUnchanged();
  });

  it("a malformed object (a commit without an author email) is refused by git's fsck at the door", async () => {
    const tree = await git.ok(['rev-parse', `${main}^{tree}`], { cwd: local });
    const body = `tree ${tree}\nparent ${main}\nauthor Nobody 1700000000 +0000\ncommitter Nobody <n@example.com> 1700000000 +0000\n\nbad\n`;
    const bad = await git.ok(['hash-object', '-t', 'commit', '--literally', '-w', '--stdin'], {
      cwd: local,
      input: body,
    });
    const res = await receivePack(Buffer.concat([Buffer.from(commands(bad)), await packOf([bad])]));
    const text = await res.text();
    expect(text).toMatch(/unpack (?!ok)/);
    expect(text).toContain('ng refs/heads/main');
    await expectUnchanged();
  });

  it('an oversize body trickled slowly is cut off at the cap with 413', async () => {
    // A real pack git keeps reading: one incompressible 600 KB file.
    const { randomBytes } = await import('node:crypto');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(local, 'big.bin'), randomBytes(600 * 1024));
    await git.ok(['add', 'big.bin'], { cwd: local });
    await git.ok(['commit', '--quiet', '-m', 'big'], { cwd: local });
    const tip = await git.ok(['rev-parse', 'HEAD'], { cwd: local });
    const pack = await packOf([
      tip,
      await git.ok(['rev-parse', 'HEAD^{tree}'], { cwd: local }),
      await git.ok(['rev-parse', 'HEAD:big.bin'], { cwd: local }),
    ]);
    expect(pack.length).toBeGreaterThan(512 * 1024);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}/alice/target.git/git-receive-pack`,
        {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-git-receive-pack-request',
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write(commands(tip));
      let sent = 0;
      const timer = setInterval(() => {
        if (req.destroyed || sent >= pack.length) return clearInterval(timer);
        req.write(pack.subarray(sent, sent + 16 * 1024));
        sent += 16 * 1024;
      }, 20);
      req.once('close', () => clearInterval(timer));
    });
    expect(status).toBe(413);
    await expectUnchanged();
  });

  it('a body that stops arriving is cut off after the idle timeout with 408', async () => {
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}/alice/target.git/git-receive-pack`,
        {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-git-receive-pack-request',
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write(commands(main.replace(/^./, 'e')));
    });
    expect(status).toBe(408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await expectUnchanged();
  });

  it('a declared length above the cap is refused before git starts', async () => {
    const res = await fetch(`${server.url}/alice/target.git/git-receive-pack`, {
      method: 'POST',
      body: new Uint8Array(300 * 1024),
      headers: { authorization: auth, 'content-type': 'application/x-git-receive-pack-request' },
    });
    expect(res.status).toBe(413);
    await expectUnchanged();
  });
});
