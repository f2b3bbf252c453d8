// The small endpoints clients call without a repository: zen, the Octocat,
// the accepted API versions, emojis, licenses and codes of conduct. Bodies
// validate against GitHub's description, and Octokit calls each through /api/v3.
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_API_VERSIONS } from '../http/api-version.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { MAX_SPEECH_CHARS } from './octocat.js';
import { PRINCIPLES } from './zen.js';

let server: TestServer;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  alice = await server.createUser('alice');
});
afterAll(async () => {
  await server?.close();
});

async function json(path: string, operationId: string): Promise<unknown> {
  const res = await server.api(path);
  expect(res.status, path).toBe(200);
  const body: unknown = await res.json();
  expect(githubResponseErrors(operationId, 200, body)).toBe('');
  return body;
}

describe('zen and the Octocat', () => {
  it('GET /zen answers one of GitHub’s principles as text', async () => {
    const res = await server.api('/zen');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(PRINCIPLES).toContain(await res.text());
  });

  it('GET /octocat draws the words of `s` in the bubble, or a principle without it', async () => {
    const res = await server.api('/octocat?s=Hello%20Wharf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/octocat-stream/);
    const art = await res.text();
    expect(art).toContain('| Hello Wharf |');
    expect(art).toContain('MMMMMMMMMMMMMMMMMMM');
    const plain = await (await server.api('/octocat')).text();
    expect(PRINCIPLES.some((principle) => plain.includes(`| ${principle} |`))).toBe(true);
  });

  it('keeps hostile or huge `s` to one bounded line, never a 500', async () => {
    for (const s of ['a\nb\r\n\u0000c', 'x'.repeat(3000), '%', '\u{1F600}'.repeat(500), '']) {
      const res = await server.api(`/octocat?s=${encodeURIComponent(s)}`);
      expect(res.status, s.slice(0, 10)).toBe(200);
      const art = await res.text();
      const bubble = art.split('\n')[4]!;
      expect(bubble.length).toBeLessThan(60 + 2 * MAX_SPEECH_CHARS);
      expect(art.split('\n')).toHaveLength(22);
    }
    // A query string past the server's request limit is refused before any handler.
    expect((await server.api(`/octocat?s=${'x'.repeat(100_000)}`)).status).toBe(431);
  });
});

describe('versions, emojis, codes of conduct', () => {
  it('GET /versions answers the versions X-GitHub-Api-Version accepts, and each is accepted', async () => {
    const versions = (await json('/versions', 'meta/get-all-versions')) as string[];
    expect(versions).toEqual([...SUPPORTED_API_VERSIONS]);
    for (const version of versions) {
      const res = await server.api('/zen', { headers: { 'X-GitHub-Api-Version': version } });
      expect(res.status).toBe(200);
    }
    expect((await server.api('/zen', { headers: { 'X-GitHub-Api-Version': '2000-01-01' } })).status).toBe(400);
  });

  it('GET /emojis maps GitHub’s names, aliases included, to image URLs', async () => {
    const emojis = (await json('/emojis', 'emojis/get')) as Record<string, string>;
    expect(Object.keys(emojis).length).toBeGreaterThan(1500);
    expect(emojis['+1']).toBe('https://github.githubassets.com/images/icons/emoji/unicode/1f44d.png?v8');
    expect(emojis.thumbsup).toBe(emojis['+1']);
    expect(emojis.heart).toBe('https://github.githubassets.com/images/icons/emoji/unicode/2764.png?v8');
  });

  it('lists GitHub’s two codes of conduct and answers each by key; an unknown key is a 404', async () => {
    const codes = (await json('/codes_of_conduct', 'codes-of-conduct/get-all-codes-of-conduct')) as { key: string }[];
    expect(codes.map((code) => code.key)).toEqual(['citizen_code_of_conduct', 'contributor_covenant']);
    const one = (await json('/codes_of_conduct/contributor_covenant', 'codes-of-conduct/get-conduct-code')) as {
      url: string;
    };
    expect(one.url).toBe(`${server.url}/api/v3/codes_of_conduct/contributor_covenant`);
    expect((await server.api('/codes_of_conduct/nope')).status).toBe(404);
  });
});

describe('licenses', () => {
  it('lists choosealicense.com’s licenses by key, `featured` and paging as GitHub', async () => {
    const all = (await json('/licenses?per_page=100', 'licenses/get-all-commonly-used')) as { key: string }[];
    expect(all.length).toBeGreaterThan(30);
    expect(all.map((license) => license.key)).toContain('mit');
    const featured = (await json('/licenses?featured=true', 'licenses/get-all-commonly-used')) as { key: string }[];
    expect(featured.map((license) => license.key)).toEqual(['apache-2.0', 'gpl-3.0', 'mit']);
    const res = await server.api('/licenses?per_page=5&page=2');
    expect(((await res.json()) as { key: string }[]).map((license) => license.key)).toEqual(
      all.slice(5, 10).map((license) => license.key),
    );
    expect(res.headers.get('link')).toContain('rel="next"');
    expect((await server.api('/licenses?featured=maybe')).status).toBe(422);
  });

  it('answers a license whole, by key in any case; an unknown one is a 404', async () => {
    const mit = (await json('/licenses/MIT', 'licenses/get')) as Record<string, unknown>;
    expect(mit).toMatchObject({ key: 'mit', spdx_id: 'MIT', featured: true, conditions: ['include-copyright'] });
    expect(mit.body).toContain('Permission is hereby granted, free of charge');
    expect((await server.api('/licenses/not-a-license')).status).toBe(404);
    expect((await server.api(`/licenses/${'x'.repeat(5000)}`)).status).toBe(404);
  });
});

describe('Octokit', () => {
  it('calls each of these operations through /api/v3', async () => {
    const octokit = new Octokit({ baseUrl: `${server.url}/api/v3`, auth: alice.token });
    expect(PRINCIPLES).toContain((await octokit.rest.meta.getZen()).data);
    // Octokit reads `application/octocat-stream` as bytes.
    const art = (await octokit.rest.meta.getOctocat({ s: 'hi' })).data as unknown as ArrayBuffer;
    expect(new TextDecoder().decode(art)).toContain('| hi |');
    expect((await octokit.rest.meta.getAllVersions()).data).toEqual([...SUPPORTED_API_VERSIONS]);
    expect((await octokit.rest.emojis.get()).data.smile).toMatch(/1f604\.png/);
    expect((await octokit.rest.licenses.getAllCommonlyUsed({ featured: true })).data).toHaveLength(3);
    expect((await octokit.rest.licenses.get({ license: 'apache-2.0' })).data.spdx_id).toBe('Apache-2.0');
    expect((await octokit.rest.codesOfConduct.getAllCodesOfConduct()).data).toHaveLength(2);
    expect((await octokit.rest.codesOfConduct.getConductCode({ key: 'contributor_covenant' })).data.name).toBe(
      'Contributor Covenant',
    );
  });
});
