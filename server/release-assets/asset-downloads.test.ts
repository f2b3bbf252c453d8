// The download URLs of assets: the signed URL (no token; 5 minutes; a
// tampered, expired or foreign signature is the same bare 404) and the
// browser URL (`/{owner}/{repo}/releases/download/{tag}/{name}`), open to
// anyone on a public repository and, on a private one, to a token or web
// session that may read it. Each opened signed URL counts one download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../test-support/grant.js';
import { createFixtureRepository, startRepositoryFixture } from '../test-support/repository-fixture.js';
import { signedUrlExpiry, TestClock } from '../test-support/test-clock.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { signInWithPassword } from '../test-support/web-sign-in.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const clock = new TestClock();
const assets: Record<string, { id: number; browser_download_url: string }> = {};

const json = async (res: Response) => (await res.json()) as any;
const manual = (url: string, headers: Record<string, string> = {}) => fetch(url, { redirect: 'manual', headers });

async function releaseWithAsset(repo: string): Promise<void> {
  const release = await json(
    await server.api(`/repos/alice/${repo}/releases`, {
      method: 'POST',
      token: alice.token,
      body: { tag_name: 'release/1.0' },
    }),
  );
  const res = await fetch(release.upload_url.replace('{?name,label}', '?name=app.bin'), {
    method: 'POST',
    headers: { authorization: `token ${alice.token}` },
    body: 'payload',
  });
  expect(res.status).toBe(201);
  assets[repo] = await json(res);
}

const signed = async (repo: string, token = alice.token) =>
  (
    await manual(`${server.url}/repos/alice/${repo}/releases/assets/${assets[repo]!.id}`, {
      authorization: `token ${token}`,
      accept: 'application/octet-stream',
    })
  ).headers.get('location')!;

beforeAll(async () => {
  ({
    server,
    owner: alice,
    users: { bob, carol },
  } = await startRepositoryFixture('open', { users: ['bob', 'carol'], serverOptions: { now: clock.now } }));
  const closed = await createFixtureRepository(server, alice, 'closed', { private: true });
  await releaseWithAsset('open');
  await releaseWithAsset('closed');
  await grant(server, closed.id, carol.id, 'read');
});
afterAll(() => server.close());

describe('release asset downloads', () => {
  it('a signed URL works without a token and counts each download', async () => {
    const url = await signed('closed');
    expect(await (await fetch(url)).text()).toBe('payload');
    expect(await (await fetch(url)).text()).toBe('payload');
    expect(
      (await json(await server.api(`/repos/alice/closed/releases/assets/${assets.closed!.id}`, { token: alice.token })))
        .download_count,
    ).toBe(2);
  });

  it('a tampered, foreign or expired signature, or none, is a bare 404 that counts nothing', async () => {
    const url = new URL(await signed('closed'));
    const tampered = new URL(url);
    tampered.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -2)}AA`);
    const otherAsset = new URL(url.href.replace(`/${assets.closed!.id}?`, `/${assets.open!.id}?`));
    const unsigned = new URL(url.origin + url.pathname);
    for (const bad of [tampered, otherAsset, unsigned]) {
      const res = await fetch(bad);
      expect(res.status, bad.href).toBe(404);
      expect(await res.text()).toBe('Not Found\n');
    }
    await clock.at(signedUrlExpiry(url.href) + 1_000, async () => expect((await fetch(url)).status).toBe(404));
    expect(
      (await json(await server.api(`/repos/alice/closed/releases/assets/${assets.closed!.id}`, { token: alice.token })))
        .download_count,
    ).toBe(2);
  });

  it('the browser URL of a public repository redirects anyone to the bytes; a tag with a slash is one tag', async () => {
    const url = assets.open!.browser_download_url;
    expect(url).toBe(`${server.url}/alice/open/releases/download/release%2F1.0/app.bin`);
    const res = await manual(url);
    expect(res.status).toBe(302);
    expect(await (await fetch(res.headers.get('location')!)).text()).toBe('payload');
    expect((await manual(`${server.url}/alice/open/releases/download/release/1.0/app.bin`)).status).toBe(302);
    expect((await manual(`${server.url}/alice/open/releases/download/release/1.0/other.bin`)).status).toBe(404);
    expect((await manual(`${server.url}/alice/open/releases/download/v9/app.bin`)).status).toBe(404);
  });

  it('the browser URL of a private repository needs a token or a session that may read it', async () => {
    const url = assets.closed!.browser_download_url;
    expect((await manual(url)).status).toBe(404);
    expect((await manual(url, { authorization: `token ${bob.token}` })).status).toBe(404);
    expect((await manual(url, { authorization: 'token ghp_not-a-token' })).status).toBe(404);
    expect((await manual(url, { cookie: await signInWithPassword(server, bob) })).status).toBe(404);
    expect((await manual(url, { authorization: `token ${carol.token}` })).status).toBe(302);
    const viaSession = await manual(url, { cookie: await signInWithPassword(server, carol) });
    expect(viaSession.status).toBe(302);
    expect(await (await fetch(viaSession.headers.get('location')!)).text()).toBe('payload');
  });

  it('a reader of a private repository gets the 302 through the API; a stranger gets 403', async () => {
    expect(await signed('closed', carol.token)).toMatch(/\/api\/release-assets\//);
    const stranger = await manual(`${server.url}/repos/alice/closed/releases/assets/${assets.closed!.id}`, {
      authorization: `token ${bob.token}`,
      accept: 'application/octet-stream',
    });
    expect(stranger.status).toBe(403);
  });
});
