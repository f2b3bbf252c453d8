// PUT and DELETE …/contents/{path}: commits seen by a clone with the real git
// CLI, the `push` event each one sends (checked against GitHub's webhook
// schema), and GitHub's 409/422/404 answers; bodies checked against
// GitHub's file-commit schema.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let receiver: WebhookReceiver;
let git: GitCli;
let work: string;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  receiver = await startWebhookReceiver();
  git = await gitCli();
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'notes', auto_init: true } });
  await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'blank' } });
  const hook = await server.api('/repos/alice/notes/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: receiver.url }, events: ['push'], active: false },
  });
  await server.api(`/repos/alice/notes/hooks/${((await hook.json()) as { id: number }).id}`, {
    method: 'PATCH',
    token: alice.token,
    body: { active: true },
  });
  work = join(git.home, 'notes');
  await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/notes.git', alice.token), work]);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await git?.close();
});

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const put = (path: string, body: Record<string, unknown>, token = alice.token, repo = 'notes') =>
  server.api(`/repos/alice/${repo}/contents/${path}`, { method: 'PUT', token, body: { message: 'write', ...body } });
const del = (path: string, body: Record<string, unknown>, token = alice.token) =>
  server.api(`/repos/alice/notes/contents/${path}`, { method: 'DELETE', token, body: { message: 'remove', ...body } });

/** The push payloads delivered after `action`, once the receiver has been quiet a while. */
async function pushesOf(action: () => Promise<unknown>): Promise<Record<string, any>[]> {
  const start = receiver.received.length;
  await action();
  let seen = -1;
  while (seen !== receiver.received.length) {
    seen = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
  return receiver.received
    .slice(start)
    .filter((r) => r.headers['x-github-event'] === 'push')
    .map((r) => JSON.parse(r.body.toString('utf8')));
}

describe('PUT …/contents/{path}', () => {
  let sha: string;

  it('creates a file: 201 file-commit, a push event like a real push, and git pull sees it', async () => {
    let res!: Response;
    const pushes = await pushesOf(async () => {
      res = await put('notes/hello.txt', { message: 'Add hello\n\nWith a body.', content: b64('hello\n') });
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(githubResponseErrors('repos/create-or-update-file-contents', 201, body)).toBe('');
    sha = body.content.sha;
    expect(body.content).toMatchObject({ type: 'file', name: 'hello.txt', path: 'notes/hello.txt', size: 6 });
    expect(body.commit).toMatchObject({
      message: 'Add hello\n\nWith a body.',
      author: { name: 'alice', email: `${alice.id}+alice@users.noreply.wharf.local` },
      committer: { name: 'GitHub' },
      verification: { verified: false, reason: 'unsigned' },
    });
    expect(body.commit.parents).toHaveLength(1);

    expect(pushes).toHaveLength(1);
    expect(githubWebhookErrors('push', undefined, pushes[0])).toBe('');
    expect(pushes[0]).toMatchObject({
      ref: 'refs/heads/main',
      before: body.commit.parents[0].sha,
      after: body.commit.sha,
      pusher: { name: 'alice' },
      sender: { login: 'alice' },
    });
    expect(pushes[0]!.head_commit).toMatchObject({
      id: body.commit.sha,
      added: ['notes/hello.txt'],
      message: 'Add hello\n\nWith a body.',
    });

    await git.ok(['pull', '--quiet', '--ff-only'], { cwd: work });
    expect(await readFile(join(work, 'notes/hello.txt'), 'utf8')).toBe('hello\n');
    expect(await git.ok(['log', '-1', '--format=%H %an %cn %s'], { cwd: work })).toBe(
      `${body.commit.sha} alice GitHub Add hello`,
    );
    expect(await git.ok(['rev-parse', 'HEAD:notes/hello.txt'], { cwd: work })).toBe(sha);
  });

  it('an existing file needs its sha: 422 without, 409 when stale, 200 with it', async () => {
    const missing = await put('notes/hello.txt', { content: b64('again\n') });
    expect(missing.status).toBe(422);
    expect((await missing.json()).message).toContain('"sha" wasn\'t supplied');
    const stale = await put('notes/hello.txt', { content: b64('again\n'), sha: 'f'.repeat(40) });
    expect(stale.status).toBe(409);
    const ok = await put('notes/hello.txt', { content: b64('again\n'), sha });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(githubResponseErrors('repos/create-or-update-file-contents', 200, body)).toBe('');
    const read = await (await server.api('/repos/alice/notes/contents/notes/hello.txt')).json();
    expect(read.sha).toBe(body.content.sha);
    expect(Buffer.from(read.content, 'base64').toString()).toBe('again\n');
    sha = body.content.sha;
  });

  it('author and committer from the body, with their dates', async () => {
    const res = await put('notes/people.txt', {
      content: b64('x'),
      committer: { name: 'Commi Ter', email: 'c@example.com', date: '2020-01-02T03:04:05+01:00' },
      author: { name: 'Au Thor', email: 'a@example.com', date: '2019-05-06T07:08:09Z' },
    });
    const body = await res.json();
    expect(body.commit.author).toEqual({ name: 'Au Thor', email: 'a@example.com', date: '2019-05-06T07:08:09Z' });
    expect(body.commit.committer).toEqual({ name: 'Commi Ter', email: 'c@example.com', date: '2020-01-02T02:04:05Z' });
    await git.ok(['pull', '--quiet', '--ff-only'], { cwd: work });
    expect(await git.ok(['log', '-1', '--format=%an <%ae> %aI | %cn <%ce> %cI'], { cwd: work })).toBe(
      'Au Thor <a@example.com> 2019-05-06T07:08:09Z | Commi Ter <c@example.com> 2020-01-02T02:04:05Z'.replace(
        /Z/g,
        '+00:00',
      ),
    );
  });

  it('on another branch; 404 for a branch that does not exist', async () => {
    const head = await server.services.git.resolveRef(
      (await (await server.api('/repos/alice/notes')).json()).id,
      'refs/heads/main',
    );
    await server.api('/repos/alice/notes/git/refs', {
      method: 'POST',
      token: alice.token,
      body: { ref: 'refs/heads/topic', sha: head },
    });
    const res = await put('topic.txt', { content: b64('t'), branch: 'topic' });
    expect(res.status).toBe(201);
    expect((await server.api('/repos/alice/notes/contents/topic.txt?ref=topic')).status).toBe(200);
    expect((await server.api('/repos/alice/notes/contents/topic.txt')).status).toBe(404);
    expect((await put('x.txt', { content: b64('t'), branch: 'nowhere' })).status).toBe(404);
  });

  it('the first file of an empty repository creates its branch', async () => {
    const res = await put('first.txt', { content: b64('first\n') }, alice.token, 'blank');
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.commit.parents).toEqual([]);
    const clone = join(git.home, 'blank');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'alice/blank.git', alice.token), clone]);
    expect(await readFile(join(clone, 'first.txt'), 'utf8')).toBe('first\n');
  });

  it('400 for a body that is not JSON, also where the content is', async () => {
    const raw = (body: string) =>
      server.api('/repos/alice/notes/contents/raw.txt', { method: 'PUT', token: alice.token, rawBody: body });
    expect((await raw('{"message":"m","content":"aGk=')).status).toBe(400);
    expect((await raw('{"message":"m","content":"aG\nk="}')).status).toBe(400);
    expect((await raw('{"message":"m","content":"aGk="} trailing')).status).toBe(400);
    expect((await raw('{"message":7,"content":"aGk="}')).status).toBe(422);
    expect((await raw('{"content":"aGk="}')).status).toBe(422);
  });

  it('422 for an author or committer git cannot record (a name of only what git strips, angle brackets), nothing written', async () => {
    for (const person of [
      { name: '\u001f', email: 'a@b.c' },
      { name: '. ,', email: 'a@b.c' },
      { name: 'A <b>', email: 'a@b.c' },
      { name: 'A', email: 'a>b' },
    ]) {
      for (const field of ['author', 'committer'] as const) {
        const answer = await put('who.txt', { content: b64('who\n'), [field]: person });
        expect(answer.status, `${field} ${JSON.stringify(person)}`).toBe(422);
        // A committer alone is the author too (GitHub's default), so either may be named.
        expect((await answer.json()).errors[0]).toMatchObject({
          resource: 'Commit',
          field: expect.stringMatching(/^(author|committer)\./),
          code: 'invalid',
        });
      }
    }
    expect((await server.api('/repos/alice/notes/contents/who.txt', { token: alice.token })).status).toBe(404);
  });

  it('422 for content that is not base64 and for a path git cannot hold', async () => {
    expect((await put('bad.txt', { content: 'not base64!' })).status).toBe(422);
    expect((await put('notes/hello.txt/inner', { content: b64('x') })).status).toBe(422);
    expect((await put('.git/config', { content: b64('x') })).status).toBe(422);
    expect((await put('notes', { content: b64('x'), sha })).status).toBe(422);
  });

  it("base64 with GitHub's line breaks is accepted; a 2 MB file is served raw, listed without content", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 'ab\n');
    const lines = b64(big).replace(/(.{60})/g, '$1\n');
    const res = await put('big.txt', { content: lines });
    expect(res.status).toBe(201);
    const json = await (await server.api('/repos/alice/notes/contents/big.txt')).json();
    expect(json).toMatchObject({ encoding: 'none', content: '', size: big.length });
    const raw = await server.api('/repos/alice/notes/contents/big.txt', {
      headers: { accept: 'application/vnd.github.raw' },
    });
    expect(Buffer.from(await raw.arrayBuffer()).equals(big)).toBe(true);
  });

  it("GitHub's 100 MB limit: 422 above it", async () => {
    const content = Buffer.alloc(100 * 1024 * 1024 + 1, 1).toString('base64');
    const res = await server.api('/repos/alice/notes/contents/huge.bin', {
      method: 'PUT',
      token: alice.token,
      rawBody: `{"message":"huge","content":"${content}"}`,
    });
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0]).toMatchObject({ field: 'content', code: 'invalid' });
  });

  it('two writes from the same sha: one wins, the other is 409', async () => {
    const results = await Promise.all([
      put('notes/hello.txt', { content: b64('one'), sha }),
      put('notes/hello.txt', { content: b64('two'), sha }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('needs push access', async () => {
    expect((await put('bob.txt', { content: b64('x') }, bob.token)).status).toBe(403);
  });

  it("an installation token: contents write commits as the app's bot, contents read is refused", async () => {
    const tokenOf = async (name: string, permissions: Record<string, 'read' | 'write'>) => {
      const app = await createTestApp(server, alice.id, name, permissions);
      const installation = await installTestApp(server, app.app, alice.id);
      return (await requestInstallationToken(server, await appJwt(app, Math.floor(Date.now() / 1000)), installation.id))
        .body.token as string;
    };
    const writer = await put(
      'from-app.txt',
      { content: b64('app') },
      await tokenOf('writer-app', { contents: 'write' }),
    );
    expect(writer.status).toBe(201);
    expect((await writer.json()).commit.author.name).toBe('writer-app[bot]');
    const reader = await tokenOf('reader-app', { contents: 'read' });
    expect((await put('from-reader.txt', { content: b64('app') }, reader)).status).toBe(403);
    expect((await server.api('/repos/alice/notes/contents/from-app.txt', { token: reader })).status).toBe(200);
  });
});

describe('DELETE …/contents/{path}', () => {
  it('removes the file: file-commit with content null, a push event, gone in a clone', async () => {
    const current = await (await server.api('/repos/alice/notes/contents/notes/people.txt')).json();
    expect((await del('notes/people.txt', { sha: 'f'.repeat(40) })).status).toBe(409);
    let res!: Response;
    const pushes = await pushesOf(async () => {
      res = await del('notes/people.txt', { sha: current.sha });
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(githubResponseErrors('repos/delete-file', 200, body)).toBe('');
    expect(body.content).toBeNull();
    expect(githubWebhookErrors('push', undefined, pushes[0])).toBe('');
    expect(pushes[0]!.head_commit).toMatchObject({ id: body.commit.sha, removed: ['notes/people.txt'] });
    await git.ok(['pull', '--quiet', '--ff-only'], { cwd: work });
    expect(await git.ok(['ls-files', 'notes'], { cwd: work })).toBe('notes/hello.txt');
  });

  it('404 for a missing file, 422 without sha, 403 without push access', async () => {
    expect((await del('notes/people.txt', { sha: 'f'.repeat(40) })).status).toBe(404);
    expect((await del('notes/hello.txt', {})).status).toBe(422);
    expect((await del('notes/hello.txt', { sha: 'f'.repeat(40) }, bob.token)).status).toBe(403);
  });
});
