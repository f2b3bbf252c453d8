// The raw and diff media types carry `; charset=utf-8` as GitHub sends them, so
// Octokit hands back a string (it reads a body typed so as text): a bot that
// reads its YAML configuration with `mediaType: { format: 'raw' }` gets text,
// not an ArrayBuffer. Contents, blobs, commits, compares and pull requests alike.
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let octokit: Octokit;
const YAML = 'extends:\n  - config:recommended\nlabels: [deps]\n';

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
  octokit = new Octokit({ baseUrl: `${server.url}/api/v3`, auth: alice.token });
  await octokit.repos.createForAuthenticatedUser({ name: 'bot', auto_init: true });
  await octokit.repos.createOrUpdateFileContents({
    owner: 'alice',
    repo: 'bot',
    path: 'renovate.yaml',
    message: 'configure',
    content: Buffer.from(YAML).toString('base64'),
  });
  const main = await octokit.repos.getBranch({ owner: 'alice', repo: 'bot', branch: 'main' });
  await octokit.git.createRef({ owner: 'alice', repo: 'bot', ref: 'refs/heads/topic', sha: main.data.commit.sha });
  await octokit.repos.createOrUpdateFileContents({
    owner: 'alice',
    repo: 'bot',
    path: 'renovate.yaml',
    message: 'relabel',
    content: Buffer.from(YAML.replace('deps', 'dependencies')).toString('base64'),
    sha: (
      (await octokit.repos.getContent({ owner: 'alice', repo: 'bot', path: 'renovate.yaml' })).data as { sha: string }
    ).sha,
    branch: 'topic',
  });
});
afterAll(async () => {
  await server?.close();
});

describe('raw media type', () => {
  it('repos.getContent with mediaType raw returns the YAML file as a string', async () => {
    const res = await octokit.repos.getContent({
      owner: 'alice',
      repo: 'bot',
      path: 'renovate.yaml',
      mediaType: { format: 'raw' },
    });
    expect(res.headers['content-type']).toBe('application/vnd.github.raw; charset=utf-8');
    expect(res.data).toBe(YAML);
  });

  it('types a blob’s raw bytes the same way', async () => {
    const file = await octokit.repos.getContent({ owner: 'alice', repo: 'bot', path: 'renovate.yaml' });
    const res = await octokit.git.getBlob({
      owner: 'alice',
      repo: 'bot',
      file_sha: (file.data as { sha: string }).sha,
      mediaType: { format: 'raw' },
    });
    expect(res.headers['content-type']).toBe('application/vnd.github.raw; charset=utf-8');
    expect(res.data).toBe(YAML);
  });
});

describe('diff and patch media types', () => {
  it('answer commits, compares and pull requests as text', async () => {
    const pull = await octokit.pulls.create({ owner: 'alice', repo: 'bot', head: 'topic', base: 'main', title: 'x' });
    const answers = [
      ...(['diff', 'patch'] as const).map((format) =>
        octokit.repos.getCommit({ owner: 'alice', repo: 'bot', ref: 'topic', mediaType: { format } }),
      ),
      octokit.repos.compareCommitsWithBasehead({
        owner: 'alice',
        repo: 'bot',
        basehead: 'main...topic',
        mediaType: { format: 'diff' },
      }),
      octokit.pulls.get({ owner: 'alice', repo: 'bot', pull_number: pull.data.number, mediaType: { format: 'diff' } }),
    ];
    for (const res of await Promise.all(answers)) {
      expect(res.headers['content-type']).toMatch(/^application\/vnd\.github\.(diff|patch); charset=utf-8$/);
      expect(typeof res.data).toBe('string');
      expect(res.data as unknown as string).toContain('+labels: [dependencies]');
    }
  });
});
