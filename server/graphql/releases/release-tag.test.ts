// Release.tag and Release.tagCommit: the tag REST made for the release (a
// lightweight tag at main's head) or an annotated tag made through the git
// data API (peeled to its commit), as REST's git refs and tags show them; null for a
// draft whose tag does not exist yet. And Renovate's releases query, as its
// GitHub datasource sends it, answered without errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { apiOk } from '../../test-support/api-call.js';
import { startRepositoryFixture, type FixtureRepository } from '../../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let repo: FixtureRepository;
let annotatedTagSha: string;

const rest = (path: string, method = 'GET', body?: unknown) =>
  apiOk(server, `${repo.path}${path}`, { method, token: alice.token, body });

// renovatebot/renovate lib/util/github/graphql (prepareQuery around the releases adapter's query).
const RENOVATE_RELEASES = `
    query($owner: String!, $name: String!, $cursor: String, $count: Int!) {
      repository(owner: $owner, name: $name) {
        isRepoPrivate: isPrivate
        payload: 
  releases(
    first: $count
    after: $cursor
    orderBy: {field: CREATED_AT, direction: DESC}
  ) {
    pageInfo {
      hasNextPage
      endCursor
    }
    nodes {
      version: tagName
      releaseTimestamp: publishedAt
      isDraft
      isPrerelease
      url
      id: databaseId
      name
      description
    }
  }

      }
    }
  `;

beforeAll(async () => {
  ({ server, owner: alice, repo } = await startRepositoryFixture('lib'));
  await rest('/releases', 'POST', { tag_name: 'v1.0.0', name: 'One' });
  const tag = await rest('/git/tags', 'POST', {
    tag: 'v2.0.0',
    message: 'Two',
    object: repo.head,
    type: 'commit',
    tagger: { name: 'Alice', email: 'alice@example.com', date: '2024-01-01T00:00:00Z' },
  });
  annotatedTagSha = tag.sha;
  await rest('/git/refs', 'POST', { ref: 'refs/tags/v2.0.0', sha: tag.sha });
  await rest('/releases', 'POST', { tag_name: 'v2.0.0', name: 'Two' });
  await rest('/releases', 'POST', { tag_name: 'v3.0.0', name: 'Three', draft: true });
});
afterAll(() => server.close());

describe('Release.tag and tagCommit', () => {
  it("answers the release's tag and the commit it names, as REST's git data", async () => {
    const lightweight = await rest('/git/ref/tags/v1.0.0');
    const annotated = await rest('/git/ref/tags/v2.0.0');
    const peeled = await rest(`/git/tags/${annotated.object.sha}`);
    const body = await graphqlOk(
      server,
      `{ repository(owner: "alice", name: "lib") { releases(first: 10, orderBy: {field: CREATED_AT, direction: ASC}) { nodes {
        tagName tag { name prefix target { __typename oid } } tagCommit { oid } } } } }`,
      {},
      alice.token,
    );
    expect(body.errors).toBeUndefined();
    const [one, two, three] = body.data!.repository.releases.nodes;
    expect(one).toEqual({
      tagName: 'v1.0.0',
      tag: { name: 'v1.0.0', prefix: 'refs/tags/', target: { __typename: 'Commit', oid: lightweight.object.sha } },
      tagCommit: { oid: lightweight.object.sha },
    });
    expect(two).toEqual({
      tagName: 'v2.0.0',
      tag: { name: 'v2.0.0', prefix: 'refs/tags/', target: { __typename: 'Tag', oid: annotated.object.sha } },
      tagCommit: { oid: peeled.object.sha },
    });
    expect([annotated.object.sha, peeled.object.sha]).toEqual([annotatedTagSha, repo.head]);
    // The draft's tag is made when it is published.
    expect(three).toEqual({ tagName: 'v3.0.0', tag: null, tagCommit: null });
  });

  it("answers Renovate's releases query without errors", async () => {
    const body = await graphqlOk(server, RENOVATE_RELEASES, { owner: 'alice', name: 'lib', count: 100 }, alice.token);
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository.isRepoPrivate).toBe(false);
    expect(body.data!.repository.payload.nodes.map((n: { version: string }) => n.version)).toEqual([
      'v3.0.0',
      'v2.0.0',
      'v1.0.0',
    ]);
  });
});
