// POST /markdown and /markdown/raw as clients call them: text/html answers,
// Octokit's markdown.render and renderRaw through /api/v3, GitHub's 400 KB
// limit, and references that link only what the caller may read.
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let head: string;
let secretHead: string;

const render = async (body: Record<string, unknown>, token?: string) => {
  const res = await server.api('/markdown', { method: 'POST', body, ...(token ? { token } : {}) });
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
};

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  await server.createRepo(alice.token, { name: 'pub', auto_init: true });
  await server.createRepo(alice.token, { name: 'secret', private: true, auto_init: true });
  for (const repo of ['pub', 'secret']) {
    const made = await server.api(`/repos/alice/${repo}/issues`, {
      method: 'POST',
      token: alice.token,
      body: { title: 'first' },
    });
    expect(made.status).toBe(201);
  }
  const headOf = async (repo: string) => {
    const branch = await server.api(`/repos/alice/${repo}/branches/main`, { token: alice.token });
    return ((await branch.json()) as { commit: { sha: string } }).commit.sha;
  };
  head = await headOf('pub');
  secretHead = await headOf('secret');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('POST /markdown', () => {
  it('answers text/html, anonymously, as GitHub’s example', async () => {
    const res = await render({ text: 'Hello **world**' });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/html/);
    expect(res.html.trim()).toBe('<p>Hello <strong>world</strong></p>');
  });

  it('links references in gfm mode only where the caller reads what they name', async () => {
    const text = `#1 alice/secret#1 alice/pub#2 @alice @nobody ${head.slice(0, 7)} ${'f'.repeat(40)}`;
    const asBob = await render({ text, mode: 'gfm', context: 'alice/pub' }, bob.token);
    expect(asBob.html).toContain(`<a href="${server.url}/alice/pub/issues/1">#1</a>`);
    expect(asBob.html).toContain('alice/secret#1'); // private: text
    expect(asBob.html).not.toContain('/alice/secret/issues/1');
    expect(asBob.html).not.toContain('/alice/pub/issues/2'); // no such issue
    expect(asBob.html).toContain(`<a href="${server.url}/alice">@alice</a>`);
    expect(asBob.html).not.toContain('/nobody');
    expect(asBob.html).toContain(`<a href="${server.url}/alice/pub/commit/${head}"><tt>${head.slice(0, 7)}</tt></a>`);
    expect(asBob.html).not.toContain('/commit/ffff');

    const asAlice = await render({ text, mode: 'gfm', context: 'alice/pub' }, alice.token);
    expect(asAlice.html).toContain(`<a href="${server.url}/alice/secret/issues/1">alice/secret#1</a>`);

    // A private context the caller cannot read: `#1` and shas stay text.
    const privateContext = await render({ text: '#1', mode: 'gfm', context: 'alice/secret' }, bob.token);
    expect(privateContext.html.trim()).toBe('<p>#1</p>');
  });

  it('links owner/repo@sha to a commit of a repository the caller reads, as owner/repo@<tt>sha</tt>', async () => {
    const text = `alice/pub@${head} alice/secret@${secretHead.slice(0, 10)} alice/pub@${'f'.repeat(12)} nobody/x@${head.slice(0, 7)}`;
    const asBob = await render({ text, mode: 'gfm' }, bob.token);
    expect(asBob.html).toContain(
      `<a href="${server.url}/alice/pub/commit/${head}">alice/pub@<tt>${head.slice(0, 7)}</tt></a>`,
    );
    expect(asBob.html).toContain(`alice/secret@${secretHead.slice(0, 10)}`); // private: text
    expect(asBob.html).not.toContain('/alice/secret/commit/');
    expect(asBob.html).not.toContain('/commit/ffff'); // no such commit
    expect(asBob.html).not.toContain('/nobody/'); // no such repository
    const asAlice = await render({ text, mode: 'gfm', context: 'alice/pub' }, alice.token);
    expect(asAlice.html).toContain(
      `<a href="${server.url}/alice/secret/commit/${secretHead}">alice/secret@<tt>${secretHead.slice(0, 7)}</tt></a>`,
    );
    // markdown mode renders a README: references stay text.
    const plain = await render({ text, mode: 'markdown' }, alice.token);
    expect(plain.html).not.toContain('/commit/');
  });

  it('autolinks www. domains as GFM does, and leaves a bare domain as text', async () => {
    const res = await render({ text: 'see www.example.com/docs. or example.com', mode: 'gfm' });
    expect(res.html.trim()).toBe(
      '<p>see <a href="http://www.example.com/docs">www.example.com/docs</a>. or example.com</p>',
    );
  });

  it('leaves references as text in markdown mode, and never links inside code or links', async () => {
    const plain = await render({ text: '#1 @alice', mode: 'markdown', context: 'alice/pub' }, alice.token);
    expect(plain.html.trim()).toBe('<p>#1 @alice</p>');
    const code = await render({ text: '`#1 @alice` [see #1](https://x.example)', mode: 'gfm', context: 'alice/pub' });
    expect(code.html).toContain('<code>#1 @alice</code>');
    expect(code.html).toContain('<a href="https://x.example">see #1</a>');
    expect(code.html).not.toContain('/alice/pub/issues/1');
  });

  it('refuses text over 400 KB (GitHub’s limit) with 422 and a missing text with 422', async () => {
    const big = await render({ text: 'a'.repeat(400 * 1024 + 1) });
    expect(big.status).toBe(422);
    expect((await render({ mode: 'gfm' })).status).toBe(422);
    expect((await render({ text: 'a'.repeat(400 * 1024) })).status).toBe(200);
  });
});

describe('POST /markdown/raw', () => {
  it('renders a text/plain or text/x-markdown body, and 413 past 400 KB', async () => {
    for (const type of ['text/plain', 'text/x-markdown']) {
      const res = await server.api('/markdown/raw', {
        method: 'POST',
        rawBody: '# Title\n<script>x</script>',
        headers: { 'content-type': type },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect((await res.text()).trim()).toBe('<h1>Title</h1>');
    }
    const big = await server.api('/markdown/raw', {
      method: 'POST',
      rawBody: 'a'.repeat(400 * 1024 + 1),
      headers: { 'content-type': 'text/plain' },
    });
    expect(big.status).toBe(413);
  });
});

describe('Octokit', () => {
  it('calls markdown.render and renderRaw through /api/v3', async () => {
    const octokit = new Octokit({ baseUrl: `${server.url}/api/v3`, auth: alice.token });
    const rendered = await octokit.rest.markdown.render({ text: 'see #1', mode: 'gfm', context: 'alice/pub' });
    expect(rendered.headers['content-type']).toMatch(/^text\/html/);
    expect(rendered.data).toContain(`<a href="${server.url}/alice/pub/issues/1">#1</a>`);
    const raw = await octokit.rest.markdown.renderRaw({
      data: '~~x~~',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
    expect(String(raw.data).trim()).toBe('<p><del>x</del></p>');
  });
});
