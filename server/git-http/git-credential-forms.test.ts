// Every way GitHub takes a token over git's HTTP, with the real git CLI, on a
// private repository (so that a form the server ignored would fail as
// anonymous): the token as the password with any user name, as the user name
// with an empty or `x-oauth-basic` password, and as a Bearer header; for a
// personal token and an installation token, clone and push alike.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInstallationToken } from '../apps/installation-tokens.js';
import { createTestApp, installTestApp } from '../test-support/apps.js';
import { gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let git: GitCli;
let installationToken: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  git = await gitCli();
  await server.createRepo(alice.token, { name: 'secret', auto_init: true, private: true });
  const app = await createTestApp(server, alice.id, 'release-bot');
  const installation = await installTestApp(server, app.app, alice.id);
  installationToken = (await issueInstallationToken(server.services, app.app.bot_id, installation, {})).token;
});
afterAll(async () => {
  await server?.close();
  await git?.close();
});

/** A clone URL with `userinfo` (already URL-safe: tokens are base62 with an underscore). */
const urlWith = (userinfo: string) => `${server.url.replace('http://', `http://${userinfo}@`)}/alice/secret.git`;

/** How each form reaches git: the URL, and `-c` options before the command. */
interface Form {
  name: string;
  url(token: string): string;
  options?(token: string): string[];
  /** git asks for the password of a URL with only a user name; this answers as a user pressing Enter. */
  env?: Record<string, string>;
}

const FORMS: Form[] = [
  { name: 'token as user name, no password (http://TOKEN@host)', url: (t) => urlWith(t), env: { GIT_ASKPASS: 'true' } },
  { name: 'token as user name, empty password (http://TOKEN:@host)', url: (t) => urlWith(`${t}:`) },
  { name: 'token as user name, password x-oauth-basic', url: (t) => urlWith(`${t}:x-oauth-basic`) },
  { name: 'token as password, user x-access-token', url: (t) => urlWith(`x-access-token:${t}`) },
  { name: 'token as password, user the login', url: (t) => urlWith(`alice:${t}`) },
  { name: 'token as password, any user name', url: (t) => urlWith(`anything:${t}`) },
  {
    name: 'Authorization: Bearer header',
    url: () => `${server.url}/alice/secret.git`,
    options: (t) => ['-c', `http.extraHeader=Authorization: Bearer ${t}`],
  },
];

describe.each([
  ['personal token', () => alice.token],
  ['installation token', () => installationToken],
])('%s', (kind, tokenOf) => {
  it.each(FORMS.map((form) => [form.name, form] as const))('clones and pushes with %s', async (_, form) => {
    const token = tokenOf();
    const dir = join(git.home, `${kind}-${FORMS.indexOf(form)}`.replaceAll(' ', '-'));
    const options = form.options?.(token) ?? [];
    const repo = (await server.services.repos.find('alice', 'secret'))!;
    await git.ok([...options, 'clone', '--quiet', form.url(token), dir], { env: form.env });
    expect(await git.ok(['rev-parse', 'HEAD'], { cwd: dir })).toBe(
      await server.services.git.resolveRef(repo.id, 'refs/heads/main'),
    );
    await git.ok(['commit', '--allow-empty', '--quiet', '-m', `pushed with ${form.name}`], { cwd: dir });
    const sha = await git.ok(['rev-parse', 'HEAD'], { cwd: dir });
    await git.ok([...options, 'push', '--quiet', 'origin', 'HEAD:main'], { cwd: dir, env: form.env });
    expect(await server.services.git.resolveRef(repo.id, 'refs/heads/main')).toBe(sha);
  });
});

describe('refusals', () => {
  it('refuses a private repository anonymously, so the forms above are what let git in', async () => {
    const clone = await git.run(['clone', `${server.url}/alice/secret.git`, join(git.home, 'anonymous')]);
    expect(clone.code).not.toBe(0);
  });

  it('answers a wrong token 401 with the same message in each form', async () => {
    const wrong = 'ghp_notarealtoken000000000000000000000000';
    const headers = [
      `Basic ${Buffer.from(`${wrong}:`).toString('base64')}`,
      `Basic ${Buffer.from(`${wrong}:x-oauth-basic`).toString('base64')}`,
      `Basic ${Buffer.from(`x-access-token:${wrong}`).toString('base64')}`,
      `Bearer ${wrong}`,
      // A user name with an empty password is a token or nothing: never a password login.
      `Basic ${Buffer.from('alice:').toString('base64')}`,
    ];
    for (const authorization of headers) {
      const res = await fetch(`${server.url}/alice/secret.git/info/refs?service=git-upload-pack`, {
        headers: { authorization },
      });
      expect(res.status).toBe(401);
      expect(await res.text()).toMatch(/^Invalid username or token\. Password authentication is not supported/);
    }
    const clone = await git.run(['clone', urlWith(`${wrong}:x-oauth-basic`), join(git.home, 'wrong')]);
    expect(clone.stderr).toContain('Authentication failed');
  });
});
