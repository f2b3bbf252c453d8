// Clone and fetch over HTTP with the real git CLI: anonymous clones of public
// repositories, tokens as Basic passwords, protocol v0 and v2, and git's own
// answers (401 with a Basic challenge, 404 "Repository not found", 403 for a
// push without write access) where REST would answer JSON.
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let git: GitCli;

beforeAll(async () => {
  server = await startTestServer({ WHARF_RATE_LIMIT_GIT_AUTHENTICATED: '40' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  git = await gitCli();
  for (const [name, isPrivate] of [
    ['public', false],
    ['secret', true],
  ] as const) {
    await server.createRepo(alice.token, { name, auto_init: true, private: isPrivate });
  }
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

describe('clone', () => {
  it('clones a public repository anonymously at its clone_url, with protocol v2 and v0', async () => {
    const repo = (await (await server.api('/repos/alice/public')).json()) as { clone_url: string };
    expect(repo.clone_url).toBe(`${server.url}/alice/public.git`);
    const sha = await server.services.git.resolveRef(
      (await server.services.repos.find('alice', 'public'))!.id,
      'refs/heads/main',
    );
    for (const version of ['2', '0']) {
      const dir = join(git.home, `public-v${version}`);
      await git.ok(['-c', `protocol.version=${version}`, 'clone', '--quiet', repo.clone_url, dir]);
      expect(await git.ok(['rev-parse', 'HEAD'], { cwd: dir })).toBe(sha);
      expect(await git.ok(['log', '-1', '--format=%s'], { cwd: dir })).toBe('Initial commit');
    }
    // Without `.git`, as GitHub accepts.
    await git.ok(['clone', '--quiet', `${server.url}/alice/public`, join(git.home, 'public-bare-name')]);
  });

  it('asks anonymous callers for credentials on a private repository and on a missing one alike (401)', async () => {
    for (const path of ['alice/secret.git', 'alice/missing.git']) {
      const res = await fetch(`${server.url}/${path}/info/refs?service=git-upload-pack`);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
      const clone = await git.run(['clone', `${server.url}/${path}`, join(git.home, 'never')]);
      expect(clone.code).not.toBe(0);
      expect(clone.stderr).toMatch(/could not read Username|Authentication failed/);
    }
  });

  it('clones a private repository with the owner token as Basic password, any user name', async () => {
    const dir = join(git.home, 'secret');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/secret.git', alice.token, 'anything'), dir]);
    expect(await git.ok(['log', '--format=%s'], { cwd: dir })).toBe('Initial commit');
    // The token as a header, for CI systems that pass it so.
    const basic = Buffer.from(`x-access-token:${alice.token}`).toString('base64');
    await git.ok([
      '-c',
      `http.extraHeader=Authorization: Basic ${basic}`,
      'clone',
      '--quiet',
      `${server.url}/alice/secret.git`,
      join(git.home, 'secret-header'),
    ]);
  });

  it('answers 404 "Repository not found" to credentials that may not read', async () => {
    const clone = await git.run([
      'clone',
      cloneUrl(server.url, 'alice/secret.git', bob.token),
      join(git.home, 'bob-secret'),
    ]);
    expect(clone.code).not.toBe(0);
    expect(clone.stderr).toContain('Repository not found.');
    const res = await fetch(`${server.url}/alice/secret.git/info/refs?service=git-upload-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`bob:${bob.token}`).toString('base64')}` },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('answers 401 to a wrong token, even on a public repository', async () => {
    const wrong = 'ghp_notarealtoken000000000000000000000000';
    const clone = await git.run(['clone', cloneUrl(server.url, 'alice/secret.git', wrong), join(git.home, 'wrong')]);
    expect(clone.code).not.toBe(0);
    expect(clone.stderr).toContain('Authentication failed');
    // git sends credentials only when asked; sent anyway, wrong ones are refused.
    const res = await fetch(`${server.url}/alice/public.git/info/refs?service=git-upload-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`x:${wrong}`).toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toMatch(/^Invalid username or token/);
  });

  it('a classic token without `repo` scope does not reach private repositories', async () => {
    const token = await server.tokenFor(alice.id, ['user']);
    const clone = await git.run(['clone', cloneUrl(server.url, 'alice/secret.git', token), join(git.home, 'no-scope')]);
    expect(clone.stderr).toContain('Repository not found.');
  });

  it('refuses a push without write access: 401 anonymous, 403 for a reader', async () => {
    const anonymous = await fetch(`${server.url}/alice/public.git/info/refs?service=git-receive-pack`);
    expect(anonymous.status).toBe(401);
    const reader = await fetch(`${server.url}/alice/public.git/info/refs?service=git-receive-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`bob:${bob.token}`).toString('base64')}` },
    });
    expect(reader.status).toBe(403);
    expect(await reader.text()).toBe('Permission to alice/public.git denied to bob.\n');
  });

  it('counts git requests in their own `git` rate-limit resource, not in core', async () => {
    const carol = await server.createUser('carol');
    const before = await server.api('/rate_limit', { token: carol.token });
    const coreUsed = Number(before.headers.get('x-ratelimit-used'));
    let last: Response | undefined;
    const statuses: number[] = [];
    const authorization = `Basic ${Buffer.from(`carol:${carol.token}`).toString('base64')}`;
    for (let i = 0; i < 42; i++) {
      last = await fetch(`${server.url}/alice/public.git/info/refs?service=git-upload-pack`, {
        headers: { authorization },
      });
      statuses.push(last.status);
      if (i < 41) await last.arrayBuffer();
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
    expect(last!.headers.get('x-ratelimit-resource')).toBe('git');
    expect(await last!.text()).toMatch(/^Git rate limit of 40 requests/);
    const after = await server.api('/rate_limit', { token: carol.token });
    expect(Number(after.headers.get('x-ratelimit-used'))).toBe(coreUsed);
    const overview = (await after.json()) as {
      resources: Record<string, { limit: number; used: number; remaining: number }>;
    };
    expect(overview.resources.git).toMatchObject({ limit: 40, used: 40, remaining: 0 });
    expect(overview.resources.core!.used).toBe(coreUsed);
  });

  it('does not serve the dumb protocol, nor a POST with the wrong media type', async () => {
    expect((await fetch(`${server.url}/alice/public.git/info/refs`)).status).toBe(403);
    const res = await fetch(`${server.url}/alice/public.git/git-upload-pack`, {
      method: 'POST',
      body: '0000',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(415);
  });

  it('takes gzip-encoded request bodies, as git sends large fetch negotiations', async () => {
    const { gzipSync } = await import('node:zlib');
    const pkt = (text: string) => `${(text.length + 4).toString(16).padStart(4, '0')}${text}`;
    const request = `${pkt('command=ls-refs\n')}0001${pkt('peel\n')}0000`;
    const res = await fetch(`${server.url}/alice/public.git/git-upload-pack`, {
      method: 'POST',
      body: new Uint8Array(gzipSync(request)),
      headers: {
        'content-type': 'application/x-git-upload-pack-request',
        'content-encoding': 'gzip',
        'git-protocol': 'version=2',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-git-upload-pack-result');
    const sha = await server.services.git.resolveRef(
      (await server.services.repos.find('alice', 'public'))!.id,
      'refs/heads/main',
    );
    expect(await res.text()).toContain(`${sha} refs/heads/main`);
    const bad = await fetch(`${server.url}/alice/public.git/git-upload-pack`, {
      method: 'POST',
      body: 'not gzip',
      headers: {
        'content-type': 'application/x-git-upload-pack-request',
        'content-encoding': 'gzip',
        'git-protocol': 'version=2',
      },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a fetch body declared above 64 MiB before reading it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}/alice/public.git/git-upload-pack`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-git-upload-pack-request',
            'content-length': String(65 * 1024 * 1024),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write('0000');
    });
    expect(status).toBe(413);
  });

  it('an empty repository clones empty and takes its first push', async () => {
    await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'empty' } });
    const dir = join(git.home, 'empty');
    const clone = await git.run(['clone', cloneUrl(server.url, 'alice/empty.git', alice.token), dir]);
    expect(clone.code).toBe(0);
    expect(clone.stderr).toContain('empty repository');
    await git.ok(['commit', '--quiet', '--allow-empty', '-m', 'first'], { cwd: dir });
    await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: dir });
    const branch = await server.api('/repos/alice/empty/git/ref/heads/main', { token: alice.token });
    expect(((await branch.json()) as { object: { sha: string } }).object.sha).toBe(
      await git.ok(['rev-parse', 'HEAD'], { cwd: dir }),
    );
  });
});

describe('a client that goes away mid-answer', () => {
  it('stops git and leaves the server answering, with no error from the abandoned stream', async () => {
    const res = await server.api('/user/repos', {
      method: 'POST',
      token: alice.token,
      body: { name: 'many-refs', auto_init: true },
    });
    const { id } = (await res.json()) as { id: number };
    const head = (await server.services.git.resolveRef(id, 'refs/heads/main'))!;
    // 8,000 tags: an advertisement of about 500 KB, more than the response stream buffers, so git is still writing when the client leaves.
    const lines =
      Array.from({ length: 8000 }, (_, i) => `create refs/tags/t${String(i).padStart(5, '0')} ${head}`).join('\n') +
      '\n';
    await server.services.git.git(id, ['update-ref', '--stdin'], lines);
    const answer = await fetch(`${server.url}/alice/many-refs.git/info/refs?service=git-upload-pack`);
    expect(answer.status).toBe(200);
    const reader = answer.body!.getReader();
    await reader.read();
    await reader.cancel();
    // Let git's exit be handled; an error thrown there fails this run as an unhandled error.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await fetch(`${server.url}/alice/public.git/info/refs?service=git-upload-pack`)).status).toBe(200);
  });
});
