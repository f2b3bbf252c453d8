// GET /gitignore/templates and /gitignore/templates/{name}: the generated data
// file's shape (GitHub's top-level templates, with where they came from), the
// bodies against GitHub's description, the raw media type, case-sensitive
// names, and Octokit's gitignore.getAllTemplates / getTemplate.
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import data from './generated/templates.json' with { type: 'json' };
import { GITIGNORE_TEMPLATE_NAMES } from './gitignore-templates.js';

describe('the generated data file', () => {
  it('records the pinned crate and the github/gitignore commit it came from', () => {
    expect(data.source).toMatchObject({ crate: 'gitignores', upstream: 'https://github.com/github/gitignore' });
    expect(data.source.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(data.source.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.source.upstream_commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('holds GitHub’s top-level templates by their case-sensitive names, in code-unit order', () => {
    const names = Object.keys(data.templates);
    expect(names.length).toBeGreaterThan(150);
    for (const name of ['Node', 'Python', 'Go', 'C', 'C++', 'Java', 'Rust', 'VisualStudio', 'Zig', 'Kotlin'])
      expect(names).toContain(name);
    // Top level only: no Global/ or community/ templates, no lower-cased duplicates.
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9+._-]*$/);
    expect(names).not.toContain('macOS');
    expect(names).not.toContain('node');
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    for (const source of Object.values(data.templates)) expect(source.trim().length).toBeGreaterThan(0);
    expect(data.templates.Node).toContain('node_modules/');
    expect(GITIGNORE_TEMPLATE_NAMES).toEqual(names);
  });
});

describe('the endpoints', () => {
  let server: TestServer;
  let alice: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    alice = await server.createUser('alice');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /gitignore/templates lists every name, anonymously, as GitHub describes it', async () => {
    const res = await server.api('/gitignore/templates');
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    expect(githubResponseErrors('gitignore/get-all-templates', 200, body)).toBe('');
    expect(body).toEqual(Object.keys(data.templates));
  });

  it('GET /gitignore/templates/{name} answers {name, source}, or the text for the raw media type', async () => {
    const res = await server.api('/gitignore/templates/Node', { token: alice.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; source: string };
    expect(githubResponseErrors('gitignore/get-template', 200, body)).toBe('');
    expect(body).toEqual({ name: 'Node', source: data.templates.Node });

    for (const accept of ['application/vnd.github.raw+json', 'application/vnd.github.raw']) {
      const raw = await server.api('/gitignore/templates/C++', { headers: { accept } });
      expect(raw.status).toBe(200);
      expect(raw.headers.get('content-type')).toBe('application/vnd.github.raw; charset=utf-8');
      expect(await raw.text()).toBe(data.templates['C++']);
    }
  });

  it('is case-sensitive as GitHub: an unknown name, another case or a path is a 404', async () => {
    for (const name of ['node', 'NODE', 'Nope', 'Global%2FmacOS', 'Node.gitignore', 'x'.repeat(5000)]) {
      const res = await server.api(`/gitignore/templates/${name}`);
      expect(res.status, name).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe('Not Found');
    }
  });

  it('answers Octokit’s gitignore.getAllTemplates and getTemplate through /api/v3', async () => {
    const octokit = new Octokit({ baseUrl: `${server.url}/api/v3` });
    expect((await octokit.rest.gitignore.getAllTemplates()).data).toContain('Python');
    const go = (await octokit.rest.gitignore.getTemplate({ name: 'Go' })).data;
    expect(go).toEqual({ name: 'Go', source: data.templates.Go });
  });
});
