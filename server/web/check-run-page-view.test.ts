// A check run's page (`html_url`) over real HTTP, seen: who sees it (public
// repositories anyone, private ones their readers, everyone else the 404
// page), what it shows (escaped as text), and after a rename of its
// repository the old address moving to the new one for its readers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckRunPageScenario, type CheckRunPageScenario } from '../test-support/check-run-page-scenario.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { signInWithPassword } from '../test-support/web-sign-in.js';

let server: TestServer;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let runs: CheckRunPageScenario['runs'];
let page: CheckRunPageScenario['page'];
let runPath: CheckRunPageScenario['runPath'];
let headSha: CheckRunPageScenario['headSha'];

beforeAll(async () => {
  ({ server, owner, reader, stranger, runs, page, runPath, headSha } = await startCheckRunPageScenario());
}, 60_000);
afterAll(() => server.close());

describe('who sees the page', () => {
  it("shows a public repository's run to anyone, escaped as text, without buttons", async () => {
    const res = await page(runPath('open', 'done'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<h1>lint &lt;b&gt;</h1>');
    expect(html).toContain('<dd>checker</dd>');
    expect(html).toContain('<dd>completed</dd>');
    expect(html).toContain('<dd>failure</dd>');
    expect(html).toContain(`<code>${await headSha('open')}</code>`);
    expect(html).toContain('<h2>Output: Two &lt;problems&gt;</h2>');
    expect(html).toContain('<pre>**bold** &amp; &lt;script&gt;alert(1)&lt;/script&gt;</pre>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<pre>line one\nline two</pre>');
    expect(html).toContain('<h2>Annotations (2)</h2>');
    expect(html).toContain('<strong>warning</strong> <code>src/a.ts:3</code> Unused: unused &lt;x&gt;');
    expect(html).toContain('<strong>failure</strong> <code>src/b.ts:10-12</code>');
    expect(html).toContain('<a href="https://ci.example.com/build/7?a=1&amp;b=2">');
    expect(html).not.toContain('<form');
  });

  it("shows a private repository's run to its readers only; everyone else gets the 404 page", async () => {
    expect((await page(runPath('secret', 'private'))).status).toBe(404);
    const strangerPage = await page(runPath('secret', 'private'), await signInWithPassword(server, stranger));
    expect(strangerPage.status).toBe(404);
    expect(await strangerPage.text()).not.toContain('secret-check');
    const readerPage = await page(runPath('secret', 'private'), await signInWithPassword(server, reader));
    expect(readerPage.status).toBe(200);
    const html = await readerPage.text();
    expect(html).toContain('<h1>secret-check</h1>');
    expect(html).not.toContain('<form');
  });

  it('is 404 for runs of another repository, unknown ids and repositories', async () => {
    for (const path of [
      `/run-owner/open/runs/${runs.private}`,
      '/run-owner/open/runs/999999',
      '/run-owner/open/runs/abc',
      '/run-owner/open/runs/0',
      `/run-owner/nothing/runs/${runs.done}`,
    ]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    }
  });

  it('leaves the routes beside it alone: git over HTTP still answers at the clone URL', async () => {
    const refs = await fetch(`${server.url}/run-owner/open.git/info/refs?service=git-upload-pack`);
    expect(refs.status).toBe(200);
    expect(refs.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement');
  });
});

describe('after a rename', () => {
  it('the old address is a 301 to the new one for those who may read the repository, the 404 page for others', async () => {
    expect(
      (await server.api('/repos/run-owner/secret', { method: 'PATCH', token: owner.token, body: { name: 'hidden' } }))
        .status,
    ).toBe(200);
    const old = `${runPath('secret', 'private')}?notice=rerequest`;
    const moved = await page(old, await signInWithPassword(server, reader));
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`${runPath('hidden', 'private')}?notice=rerequest`);
    expect((await page(old)).status).toBe(404);
    expect((await page(old, await signInWithPassword(server, stranger))).status).toBe(404);
    expect((await page(runPath('hidden', 'private'))).status).toBe(404);
    expect((await page(runPath('hidden', 'private'), await signInWithPassword(server, reader))).status).toBe(200);
  });
});
