// What a request target may be (request-target.ts, defined-query.ts; issue
// 32): a `..` path segment names nothing (it was resolved by the URL parser,
// and `DELETE …/contents/..` deleted the repository), a target over 8 KB is
// 414 as on GitHub, and Link headers repeat only the query parameters the
// operation defines, so a long query string of others no longer overflows
// a Node client's header limit (Octokit on Node: UND_ERR_HEADERS_OVERFLOW).
import { request } from 'node:http';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../test-support/api-call.js';
import { startRepositoryFixture, type RepositoryFixture } from '../test-support/repository-fixture.js';
import { MAX_REQUEST_TARGET_BYTES } from './request-target.js';

let f: RepositoryFixture;

/** The status and body of a request whose target is sent exactly as written (fetch resolves `..` itself). */
function send(method: string, target: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(f.server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: target, headers: { authorization: `token ${f.owner.token}` } },
      (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => (body += chunk))
          .on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  f = await startRepositoryFixture('proj');
  for (const title of ['one', 'two', 'three'])
    await apiOk(f.server, `${f.repo.path}/issues`, { method: 'POST', token: f.owner.token, body: { title } });
});
afterAll(() => f?.server.close());

describe('dot segments', () => {
  it.each(['/contents/..', '/contents/%2e%2E', '/contents/.%2e', '/issues/..', '/contents/..\\'])(
    'DELETE …%s is 404 and the repository stays',
    async (suffix) => {
      const answer = await send('DELETE', `${f.repo.path}${suffix}`);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ message: 'Not Found' });
      expect((await send('GET', f.repo.path)).status).toBe(200);
    },
  );

  it('GET …/x/../proj is 404 rather than the repository; `..` in a query or a name is left alone', async () => {
    expect((await send('GET', `/repos/alice/x/../proj`)).status).toBe(404);
    expect((await send('GET', `${f.repo.path}/commits?path=..`)).status).toBe(200);
    expect((await send('GET', `${f.repo.path}/contents/..README.md`)).status).toBe(404);
    expect((await send('GET', `${f.repo.path}/contents/README.md`)).status).toBe(200);
  });
});

describe('long request targets', () => {
  const target = (bytes: number) => {
    const start = `${f.repo.path}/issues?state=all&q=`;
    return start + 'x'.repeat(bytes - start.length);
  };

  it('answers 414 over 8 KB, and the request up to it', async () => {
    expect((await send('GET', target(MAX_REQUEST_TARGET_BYTES))).status).toBe(200);
    const refused = await send('GET', target(MAX_REQUEST_TARGET_BYTES + 1));
    expect(refused.status).toBe(414);
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'URI Too Long', status: '414' });
  });

  it('repeats only the operation’s parameters in Link, so Octokit reads a page asked with 7.5 KB of others', async () => {
    // Page 2 of 3 links four pages: 30 KB of headers when each link repeated the 7.5 KB.
    const octokit = new Octokit({ baseUrl: f.server.url, auth: f.owner.token });
    const answer = await octokit.request('GET /repos/{owner}/{repo}/issues', {
      owner: 'alice',
      repo: 'proj',
      state: 'all',
      per_page: 1,
      page: 2,
      junk: 'x'.repeat(7_500),
    });
    expect(answer.data).toHaveLength(1);
    const link = answer.headers.link!;
    expect(link.match(/rel="/g)).toHaveLength(4);
    expect(link).toContain('state=all');
    expect(link).not.toContain('junk');
    // A defined parameter sent twice is repeated once, as the first value, which is the one read.
    const twice = (
      await f.server.api(`${f.repo.path}/issues?state=all&state=closed&per_page=1`, { token: f.owner.token })
    ).headers.get('link');
    expect(twice).toContain('state=all');
    expect(twice).not.toContain('state=closed');
  });

  it('Octokit gets a 414 for a 15 KB query string', async () => {
    const octokit = new Octokit({ baseUrl: f.server.url, auth: f.owner.token });
    await expect(
      octokit.request('GET /repos/{owner}/{repo}/issues', { owner: 'alice', repo: 'proj', junk: 'x'.repeat(15_000) }),
    ).rejects.toMatchObject({ status: 414 });
  });
});
