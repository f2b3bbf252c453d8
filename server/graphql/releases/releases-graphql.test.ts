// Releases over GraphQL, made through REST: the list `gh release list` asks
// for (newest first, with isLatest/isDraft/isPrerelease), both orders and
// pages, drafts seen only by writers, release(tagName:) and latestRelease as
// REST's get-by-tag and latest, a release's assets, and RL_ and RLA_ ids
// (REST's node_id) through node(id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startRepositoryFixture } from '../../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const ids: Record<string, { id: number; node_id: string; upload_url: string }> = {};
const assets: Record<string, { id: number; node_id: string; browser_download_url: string }> = {};

/** Uploads `text` as asset `name` of the release of `tag`, through the release's upload_url. */
async function upload(tag: string, name: string, text: string) {
  const res = await fetch(ids[tag]!.upload_url.replace('{?name,label}', `?name=${name}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'text/plain' },
    body: text,
  });
  expect(res.status).toBe(201);
  assets[name] = (await res.json()) as (typeof assets)[string];
}

const REPO = '/repos/alice/shipping';
const gql = (query: string, token: string, variables: Record<string, unknown> = {}) =>
  graphqlOk(server, query, variables, token);

// What the GitHub CLI's `gh release list` sends.
const GH_RELEASE_LIST = `query RepositoryReleaseList($owner: String!, $repo: String!, $perPage: Int!, $endCursor: String, $direction: OrderDirection!) {
  repository(owner: $owner, name: $repo) { releases(first: $perPage, orderBy: {field: CREATED_AT, direction: $direction}, after: $endCursor) {
    nodes { name tagName isDraft isLatest isPrerelease createdAt publishedAt } pageInfo { hasNextPage endCursor } } } }`;

beforeAll(async () => {
  ({
    server,
    owner: alice,
    users: { bob, carol },
  } = await startRepositoryFixture('shipping', { users: ['bob', 'carol'], grants: { carol: 'write' } }));
  // Oldest first: a full release, a prerelease, a draft, and a newer full release marked not latest.
  for (const [tag, body] of [
    ['v1.0.0', { name: 'One' }],
    ['v1.1.0-rc1', { name: 'RC', prerelease: true }],
    ['v2.0.0', { name: 'Two (draft)', draft: true }],
    ['v0.9.1', { make_latest: 'false' }],
  ] as const) {
    const res = await server.api(`${REPO}/releases`, {
      method: 'POST',
      token: alice.token,
      body: { tag_name: tag, ...body },
    });
    expect(res.status).toBe(201);
    ids[tag] = (await res.json()) as (typeof ids)[string];
  }
  await upload('v1.0.0', 'tool.tar.gz', 'binary');
  await upload('v1.0.0', 'notes.txt', 'notes');
  await upload('v2.0.0', 'preview.bin', 'draft bytes');
});
afterAll(() => server.close());

describe('GraphQL releases', () => {
  it('answers `gh release list`: newest first, with which is latest, draft and prerelease; drafts only for writers', async () => {
    const list = async (token: string) => {
      const { data, errors } = await gql(GH_RELEASE_LIST, token, {
        owner: 'alice',
        repo: 'shipping',
        perPage: 30,
        endCursor: null,
        direction: 'DESC',
      });
      expect(errors).toBeUndefined();
      return data!.repository.releases;
    };
    const forWriter = await list(carol.token);
    expect(forWriter.nodes.map((r: any) => [r.tagName, r.isLatest, r.isDraft, r.isPrerelease])).toEqual([
      ['v0.9.1', false, false, false],
      ['v2.0.0', false, true, false],
      ['v1.1.0-rc1', false, false, true],
      ['v1.0.0', true, false, false],
    ]);
    expect(forWriter.nodes[1]).toMatchObject({ name: 'Two (draft)', publishedAt: null });
    expect(forWriter.nodes[0].publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(forWriter.pageInfo.hasNextPage).toBe(false);
    // A reader without write access does not see the draft.
    expect((await list(bob.token)).nodes.map((r: any) => r.tagName)).toEqual(['v0.9.1', 'v1.1.0-rc1', 'v1.0.0']);
  });

  it('orders by name or creation both ways, and pages with cursors', async () => {
    const page = (args: string) => `{ repository(owner: "alice", name: "shipping") { releases(${args}) {
      totalCount nodes { tagName } pageInfo { hasNextPage endCursor } } } }`;
    const byName = (await gql(page('first: 10, orderBy: {field: NAME, direction: ASC}'), alice.token)).data!.repository
      .releases;
    // A release without a name sorts by its tag.
    expect(byName.nodes.map((r: any) => r.tagName)).toEqual(['v1.0.0', 'v1.1.0-rc1', 'v2.0.0', 'v0.9.1']);
    const oldest = (await gql(page('first: 2, orderBy: {field: CREATED_AT, direction: ASC}'), alice.token)).data!
      .repository.releases;
    expect(oldest).toMatchObject({
      totalCount: 4,
      nodes: [{ tagName: 'v1.0.0' }, { tagName: 'v1.1.0-rc1' }],
      pageInfo: { hasNextPage: true },
    });
    const rest = (
      await gql(
        page(`first: 2, after: "${oldest.pageInfo.endCursor}", orderBy: {field: CREATED_AT, direction: ASC}`),
        alice.token,
      )
    ).data!.repository.releases;
    expect(rest.nodes.map((r: any) => r.tagName)).toEqual(['v2.0.0', 'v0.9.1']);
    expect((await gql(page('last: 1'), alice.token)).data!.repository.releases.nodes).toEqual([{ tagName: 'v1.0.0' }]);
  });

  it('finds a release by tag (never a draft) and the latest, as REST does', async () => {
    const { data } = await gql(
      `{ repository(owner: "alice", name: "shipping") {
      one: release(tagName: "v1.0.0") { databaseId name author { login } url resourcePath repository { nameWithOwner } }
      draft: release(tagName: "v2.0.0") { id } none: release(tagName: "nope") { id } latestRelease { tagName isLatest } } }`,
      alice.token,
    );
    expect(data!.repository).toEqual({
      one: {
        databaseId: ids['v1.0.0']!.id,
        name: 'One',
        author: { login: 'alice' },
        url: `${server.url}/alice/shipping/releases/tag/v1.0.0`,
        resourcePath: '/alice/shipping/releases/tag/v1.0.0',
        repository: { nameWithOwner: 'alice/shipping' },
      },
      draft: null,
      none: null,
      latestRelease: { tagName: 'v1.0.0', isLatest: true },
    });
    const latest = await server.api(`${REPO}/releases/latest`, { token: alice.token });
    expect(((await latest.json()) as { id: number }).id).toBe(ids['v1.0.0']!.id);
  });

  it('resolves REST’s node_id (RL_) through node(id), a draft only for writers', async () => {
    const node = (id: string, token: string) =>
      gql('query($id: ID!) { node(id: $id) { __typename id ... on Release { tagName } } }', token, { id });
    expect(ids['v1.0.0']!.node_id).toMatch(/^RL_/);
    expect((await node(ids['v1.0.0']!.node_id, bob.token)).data!.node).toEqual({
      __typename: 'Release',
      id: ids['v1.0.0']!.node_id,
      tagName: 'v1.0.0',
    });
    expect((await node(ids['v2.0.0']!.node_id, carol.token)).data!.node).toMatchObject({ tagName: 'v2.0.0' });
    const hidden = await node(ids['v2.0.0']!.node_id, bob.token);
    expect(hidden.data?.node ?? null).toBeNull();
    expect(hidden.errors?.[0]?.type).toBe('NOT_FOUND');
  });

  it('lists a release’s assets oldest first (or the one named), with GitHub’s fields', async () => {
    const { data, errors } = await gql(
      `{ repository(owner: "alice", name: "shipping") { release(tagName: "v1.0.0") {
      releaseAssets(first: 10) { totalCount nodes { id name contentType size downloadCount downloadUrl url uploadedBy { login } release { tagName } } }
      named: releaseAssets(first: 10, name: "notes.txt") { nodes { name } } } } }`,
      bob.token,
    );
    expect(errors).toBeUndefined();
    const release = data!.repository.release;
    expect(release.releaseAssets.totalCount).toBe(2);
    expect(release.releaseAssets.nodes[0]).toEqual({
      id: assets['tool.tar.gz']!.node_id,
      name: 'tool.tar.gz',
      contentType: 'text/plain',
      size: 6,
      downloadCount: 0,
      downloadUrl: assets['tool.tar.gz']!.browser_download_url,
      url: assets['tool.tar.gz']!.browser_download_url,
      uploadedBy: { login: 'alice' },
      release: { tagName: 'v1.0.0' },
    });
    expect(release.releaseAssets.nodes[1].name).toBe('notes.txt');
    expect(release.named.nodes).toEqual([{ name: 'notes.txt' }]);
  });

  it('resolves REST’s asset node_id (RLA_) through node(id), a draft’s asset only for writers', async () => {
    const node = (id: string, token: string) =>
      gql('query($id: ID!) { node(id: $id) { __typename ... on ReleaseAsset { name release { isDraft } } } }', token, {
        id,
      });
    expect(assets['notes.txt']!.node_id).toMatch(/^RLA_/);
    expect((await node(assets['notes.txt']!.node_id, bob.token)).data!.node).toEqual({
      __typename: 'ReleaseAsset',
      name: 'notes.txt',
      release: { isDraft: false },
    });
    expect((await node(assets['preview.bin']!.node_id, carol.token)).data!.node).toEqual({
      __typename: 'ReleaseAsset',
      name: 'preview.bin',
      release: { isDraft: true },
    });
    expect((await node(assets['preview.bin']!.node_id, bob.token)).errors?.[0]?.type).toBe('NOT_FOUND');
  });
});
