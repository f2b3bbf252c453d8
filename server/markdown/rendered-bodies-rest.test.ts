// body_html and body_text through GitHub's media types on every REST surface
// that answers a Markdown body: issues, issue comments, pull requests,
// reviews, review comments, releases, issue search and timeline items. Each answer validates against GitHub's
// own schema; bodies render safely; `#N` links only what the caller reads;
// an Accept that names nothing known is the default, as on GitHub.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk, apiSuccess } from '../test-support/api-call.js';
import { githubResponseErrors } from '../test-support/github-schema.js';
import { renderedBodiesFixture } from '../test-support/rendered-bodies-fixture.js';
import type { ReviewCommentFixture } from '../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
let issueNumber: number;
let commentId: number;
let reviewId: number;
let reviewCommentId: number;
let releaseId: number;
const statements: string[] = [];

const BODY = 'Hello **world** & see #1 and alice/secret#1\n\n<script>alert(1)</script><img src=x onerror=alert(1)>';
const accept = (param: string) => ({ accept: `application/vnd.github.${param}+json` });

beforeAll(async () => {
  ({ f, issueNumber, commentId, reviewId, reviewCommentId, releaseId } = await renderedBodiesFixture(BODY, statements));
}, 120_000);
afterAll(async () => {
  await f?.close();
});

/** Each surface: a path, its operationId, whether GitHub's schema keeps `body` in every format. */
const surfaces = () => [
  { op: 'issues/get', path: `/repos/alice/rc/issues/${issueNumber}`, keepsBody: false },
  { op: 'issues/list-for-repo', path: '/repos/alice/rc/issues?state=all', keepsBody: false },
  { op: 'issues/get-comment', path: `/repos/alice/rc/issues/comments/${commentId}`, keepsBody: false },
  { op: 'issues/list-comments', path: `/repos/alice/rc/issues/${issueNumber}/comments`, keepsBody: false },
  { op: 'pulls/get', path: `/repos/alice/rc/pulls/${f.number}`, keepsBody: true },
  { op: 'pulls/list', path: '/repos/alice/rc/pulls', keepsBody: true },
  { op: 'pulls/get-review', path: `/repos/alice/rc/pulls/${f.number}/reviews/${reviewId}`, keepsBody: true },
  { op: 'pulls/list-reviews', path: `/repos/alice/rc/pulls/${f.number}/reviews`, keepsBody: true },
  { op: 'pulls/get-review-comment', path: `/repos/alice/rc/pulls/comments/${reviewCommentId}`, keepsBody: true },
  { op: 'pulls/list-review-comments', path: `/repos/alice/rc/pulls/${f.number}/comments`, keepsBody: true },
  { op: 'repos/get-release', path: `/repos/alice/rc/releases/${releaseId}`, keepsBody: false },
  { op: 'repos/list-releases', path: '/repos/alice/rc/releases', keepsBody: false },
  { op: 'search/issues-and-pull-requests', path: '/search/issues?q=repo:alice/rc+is:issue+world', keepsBody: false },
  // A `commented` item may leave body out. (Wharf's timeline lists no `reviewed` items yet.)
  { op: 'issues/list-events-for-timeline', path: `/repos/alice/rc/issues/${issueNumber}/timeline`, keepsBody: false },
];

/** The item with BODY in an answer (a list holds others too; search's are its `items`). */
const itemOf = (json: any): any =>
  Array.isArray(json)
    ? json.find((x: any) => x.body === BODY || x.body_html?.includes('world') || x.body_text?.includes('world'))
    : Array.isArray(json.items)
      ? itemOf(json.items)
      : json;

describe('media types on every Markdown surface', () => {
  it('full+json answers body, body_text and body_html, valid against GitHub’s schema', async () => {
    for (const { op, path } of surfaces()) {
      const res = await apiSuccess(f.server, path, { token: f.carol.token, headers: accept('full') });
      expect(githubResponseErrors(op, 200, res.json), op).toBe('');
      expect(res.res.headers.get('x-github-media-type'), op).toBe('github.v3; param=full; format=json');
      const item = itemOf(res.json);
      expect(item.body, op).toBe(BODY);
      expect(item.body_html, op).toContain('<strong>world</strong>');
      expect(item.body_text, op).toMatch(/^Hello world & see #1 and alice\/secret#1/);
    }
  });

  it('html+json and text+json leave out body where GitHub’s schema lets them', async () => {
    for (const { op, path, keepsBody } of surfaces()) {
      const html = itemOf((await apiSuccess(f.server, path, { token: f.carol.token, headers: accept('html') })).json);
      expect('body' in html, op).toBe(keepsBody);
      expect('body_text' in html, op).toBe(false);
      expect(html.body_html, op).toContain('&amp; see');
      const text = itemOf((await apiSuccess(f.server, path, { token: f.carol.token, headers: accept('text') })).json);
      expect('body' in text, op).toBe(keepsBody);
      expect('body_html' in text, op).toBe(false);
      expect(text.body_text, op).toContain('Hello world & see');
    }
  });

  it('raw+json, no Accept and an unknown media type answer body only, unchanged', async () => {
    for (const { op, path } of surfaces()) {
      for (const headers of [accept('raw'), {}, accept('bogus'), { accept: 'application/vnd.github.v3+json' }]) {
        const res = await apiSuccess(f.server, path, { token: f.carol.token, headers });
        const item = itemOf(res.json);
        expect(item.body, op).toBe(BODY);
        expect('body_html' in item || 'body_text' in item, op).toBe(false);
      }
    }
  });

  it('takes the legacy spellings: a version or a preview before the param', async () => {
    const path = `/repos/alice/rc/issues/${issueNumber}`;
    for (const type of [
      'application/vnd.github.v3.html+json',
      'application/vnd.github.squirrel-girl-preview.html+json',
      'application/vnd.github.html',
      'application/json, application/vnd.github.html+json',
    ]) {
      const { json } = await apiSuccess(f.server, path, { token: f.carol.token, headers: { accept: type } });
      expect(json.body_html, type).toContain('<strong>world</strong>');
      expect(json.body, type).toBeUndefined();
    }
  });

  it('renders body_html inert: no script, no event handler', async () => {
    const { json } = await apiSuccess(f.server, `/repos/alice/rc/issues/${issueNumber}`, { headers: accept('full') });
    expect(json.body_html).not.toMatch(/<script|onerror|alert\(1\)<\/script>/i);
    expect(json.body_text).not.toContain('alert');
  });

  it('links #N in the repository, and another repository’s issue only for those who read it', async () => {
    const path = `/repos/alice/rc/issues/comments/${commentId}`;
    const asCarol = (await apiSuccess(f.server, path, { token: f.carol.token, headers: accept('html') })).json;
    expect(asCarol.body_html).toContain(`<a href="${f.server.url}/alice/rc/pull/1">#1</a>`);
    expect(asCarol.body_html).not.toContain('/alice/secret/issues/1');
    const anonymous = (await apiSuccess(f.server, path, { headers: accept('html') })).json;
    expect(anonymous.body_html).not.toContain('/alice/secret/issues/1');
    const asAlice = (await apiSuccess(f.server, path, { token: f.alice.token, headers: accept('html') })).json;
    expect(asAlice.body_html).toContain(`<a href="${f.server.url}/alice/secret/issues/1">alice/secret#1</a>`);
  });

  it('answers the writes in the media type asked for', async () => {
    const made = await apiSuccess(f.server, '/repos/alice/rc/issues', {
      method: 'POST',
      token: f.bob.token,
      headers: accept('html'),
      body: { title: 'rendered', body: '_new_ #1' },
    });
    expect(githubResponseErrors('issues/create', 201, made.json)).toBe('');
    expect(made.json.body_html).toBe(`<p><em>new</em> <a href="${f.server.url}/alice/rc/pull/1">#1</a></p>\n`);
    const comment = await apiSuccess(f.server, `/repos/alice/rc/issues/${made.json.number}/comments`, {
      method: 'POST',
      token: f.bob.token,
      headers: accept('text'),
      body: { body: '**bold**' },
    });
    expect(comment.json.body_text).toBe('bold');
    expect(comment.json.body).toBeUndefined();
  });

  it('renders a list across repositories with each item’s own repository as context', async () => {
    const { json } = await apiSuccess(f.server, '/issues?filter=all&state=all', {
      token: f.alice.token,
      headers: accept('html'),
    });
    expect(githubResponseErrors('issues/list', 200, json)).toBe('');
    const rendered = json.find((x: any) => x.number === issueNumber && x.repository_url.endsWith('/alice/rc'));
    expect(rendered.body_html).toContain(`<a href="${f.server.url}/alice/rc/pull/1">#1</a>`);
  });

  it('renders a page of bodies with one lookup statement of each kind, however many bodies', async () => {
    for (let i = 0; i < 10; i++) {
      await apiOk(f.server, '/repos/alice/rc/issues', {
        method: 'POST',
        token: f.bob.token,
        body: { title: `ref ${i}`, body: `#${i + 1} @bob alice/rc#${i + 2}` },
      });
    }
    statements.length = 0;
    const { json } = await apiSuccess(f.server, '/repos/alice/rc/issues?state=all&per_page=100', {
      token: f.carol.token,
      headers: accept('html'),
    });
    expect(json.filter((x: any) => x.body_html.includes(`${f.server.url}/bob`)).length).toBeGreaterThanOrEqual(10);
    const once = (marker: string) =>
      expect(
        statements.filter((q) => q.includes(marker)),
        marker,
      ).toHaveLength(1);
    once('AS w(owner, repo)');
    once('SELECT o.login, r.name, i.number');
    once('FROM accounts WHERE lower(login) = ANY');
  });
});
