// bodyHTML and bodyText in GraphQL (and Release.descriptionHTML): the same
// renderer as REST's body_html, safe, references linked only where the caller
// reads them, and a list's bodies rendered in one batch (a bounded number of
// statements however many bodies).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk, apiSuccess } from '../test-support/api-call.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { renderedBodiesFixture } from '../test-support/rendered-bodies-fixture.js';
import type { ReviewCommentFixture } from '../test-support/review-comment-fixture.js';

let f: ReviewCommentFixture;
let issueNumber: number;
const statements: string[] = [];

const BODY = 'Hello **world** & see #1 and alice/secret#1 @alice\n\n<script>alert(1)</script>';
const LISTED = 12;

beforeAll(async () => {
  const made = await renderedBodiesFixture(BODY, statements);
  ({ f, issueNumber } = made);
  for (let i = 0; i < LISTED; i++)
    await made.post('/issues', { title: `more ${i}`, body: `#${i + 1} @bob @carol alice/rc#2` });
}, 120_000);
afterAll(async () => {
  await f?.close();
});

const ALL = `{ repository(owner: "alice", name: "rc") {
  issue(number: ISSUE) { bodyHTML bodyText comments(first: 5) { nodes { bodyHTML bodyText } } }
  pullRequest(number: PULL) {
    bodyHTML bodyText
    reviews(first: 5) { nodes { bodyHTML bodyText comments(first: 5) { nodes { bodyHTML bodyText } } } }
  }
  release(tagName: "v1") { description descriptionHTML }
} }`;

const query = (token: string) =>
  graphqlOk(f.server, ALL.replace('ISSUE', String(issueNumber)).replace('PULL', String(f.number)), {}, token);

describe('bodyHTML and bodyText', () => {
  it('render every body as REST’s body_html and body_text do', async () => {
    const { data, errors } = await query(f.carol.token);
    expect(errors).toBeUndefined();
    const repo = data!.repository;
    const rest = await apiSuccess(f.server, `/repos/alice/rc/issues/${issueNumber}`, {
      token: f.carol.token,
      headers: { accept: 'application/vnd.github.full+json' },
    });
    const bodies = [
      repo.issue,
      repo.issue.comments.nodes[0],
      repo.pullRequest,
      repo.pullRequest.reviews.nodes[0],
      repo.pullRequest.reviews.nodes.flatMap((r: any) => r.comments.nodes)[0],
    ];
    for (const body of bodies) {
      expect(body.bodyHTML).toBe(rest.json.body_html);
      expect(body.bodyText).toBe(rest.json.body_text);
      expect(body.bodyHTML).toContain('<strong>world</strong>');
      expect(body.bodyHTML).not.toMatch(/<script|alert/);
      expect(body.bodyText).toMatch(/^Hello world & see #1/);
    }
    expect(repo.release.description).toBe(BODY);
    expect(repo.release.descriptionHTML).toBe(rest.json.body_html);
  });

  it('link #N in the repository, and a private repository’s issue only for those who read it', async () => {
    const asCarol = (await query(f.carol.token)).data!.repository.issue.bodyHTML;
    expect(asCarol).toContain(`<a href="${f.server.url}/alice/rc/pull/1">#1</a>`);
    expect(asCarol).toContain(`<a href="${f.server.url}/alice">@alice</a>`);
    expect(asCarol).not.toContain('/alice/secret/issues/1');
    const asAlice = (await query(f.alice.token)).data!.repository.issue.bodyHTML;
    expect(asAlice).toContain(`<a href="${f.server.url}/alice/secret/issues/1">alice/secret#1</a>`);
  });

  it('answer an empty body as empty strings, and a release without description as null', async () => {
    const made = await apiOk(f.server, '/repos/alice/rc/issues', {
      method: 'POST',
      token: f.bob.token,
      body: { title: 'no body' },
    });
    await apiOk(f.server, '/repos/alice/rc/releases', {
      method: 'POST',
      token: f.alice.token,
      body: { tag_name: 'v2', target_commitish: 'main' },
    });
    const { data } = await graphqlOk(
      f.server,
      `{ repository(owner: "alice", name: "rc") { issue(number: ${made.number}) { bodyHTML bodyText }
         release(tagName: "v2") { descriptionHTML } } }`,
      {},
      f.carol.token,
    );
    expect(data!.repository.issue).toEqual({ bodyHTML: '', bodyText: '' });
    expect(data!.repository.release.descriptionHTML).toBeNull();
  });

  it('render a list’s bodies in one batch: a few statements more than without them, whatever the count', async () => {
    const list = (fields: string) =>
      `{ repository(owner: "alice", name: "rc") { issues(first: 50) { nodes { number ${fields} } } } }`;
    const count = async (fields: string) => {
      statements.length = 0;
      const answer = await graphqlOk(f.server, list(fields), {}, f.carol.token);
      expect(answer.errors).toBeUndefined();
      return { answer, n: statements.length };
    };
    const rendered = await count('bodyHTML bodyText');
    const nodes = rendered.answer.data!.repository.issues.nodes;
    expect(nodes.length).toBeGreaterThan(LISTED);
    expect(nodes.filter((n: any) => n.bodyHTML.includes(`${f.server.url}/bob`))).toHaveLength(LISTED);
    // Context repositories, issue references, accounts: one statement each, for all the bodies.
    const once = (marker: string) =>
      expect(
        statements.filter((q) => q.includes(marker)),
        marker,
      ).toHaveLength(1);
    once('AS w(owner, repo)');
    once('SELECT o.login, r.name, i.number');
    once('FROM accounts WHERE lower(login) = ANY');
    expect(rendered.n).toBeLessThanOrEqual(8);
  });
});
