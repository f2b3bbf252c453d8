// Commits Wharf makes are by the acting user, with an address GitHub's
// `format: email` accepts: theirs, or `<id>+<login>@users.noreply.<host>`.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { authorIdentity } from './commit-identity.js';

const ajv = new Ajv();
addFormats.default(ajv);
const isEmail = ajv.compile({ type: 'string', format: 'email' });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WHARF_NOREPLY_HOST: 'wharf.example.com' });
});
afterAll(() => server.close());

async function initialCommit(login: string, token: string, name: string) {
  const created = await server.api('/user/repos', { method: 'POST', token, body: { name, auto_init: true } });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const line = (await server.services.git.git(id, ['log', '-1', '--format=%an|%ae|%cn|%ce', 'refs/heads/main'])).trim();
  const [authorName, authorEmail, committerName, committerEmail] = line.split('|');
  return { authorName, authorEmail, committerName, committerEmail, login };
}

describe('the initial commit of an auto_init repository', () => {
  it('is authored by the caller with a noreply address when they have none, committed by the service', async () => {
    const alice = await server.createUser('alice');
    const commit = await initialCommit('alice', alice.token, 'hello');
    expect(commit).toMatchObject({
      authorName: 'alice',
      authorEmail: `${alice.id}+alice@users.noreply.wharf.example.com`,
      committerName: 'GitHub',
      committerEmail: 'noreply@wharf.example.com',
    });
    for (const email of [commit.authorEmail, commit.committerEmail]) expect(isEmail(email), email).toBe(true);
  });

  it("uses the caller's own name and address when they have them", async () => {
    const user = await server.services.accounts.create('carol', 'User', {
      email: 'carol@example.org',
      name: 'Carol C',
    });
    const commit = await initialCommit('carol', await server.tokenFor(user.id), 'hers');
    expect(commit).toMatchObject({ authorName: 'Carol C', authorEmail: 'carol@example.org' });
  });
});

describe('the noreply host', () => {
  it("is the public URL's host when it is a domain name, else wharf.local; never an IP address", () => {
    expect(loadConfig({ WHARF_PUBLIC_URL: 'https://git.example.com' }).noreplyHost).toBe('git.example.com');
    expect(loadConfig({ WHARF_PUBLIC_URL: 'http://127.0.0.1:3000' }).noreplyHost).toBe('wharf.local');
    expect(loadConfig({ WHARF_PUBLIC_URL: 'http://localhost:3000' }).noreplyHost).toBe('wharf.local');
    expect(isEmail(authorIdentity({ id: 1, login: 'a-b', name: null, email: null }, 'wharf.local').email)).toBe(true);
  });

  it('refuses a configured host without a dot, or an IP address', () => {
    for (const bad of ['localhost', '10.0.0.1', 'bad host.com']) {
      expect(() => loadConfig({ WHARF_NOREPLY_HOST: bad })).toThrow(ConfigError);
    }
  });
});
