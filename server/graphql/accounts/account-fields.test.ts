// Users, organizations and bots in GraphQL (issue 34): the account fields
// against REST's bodies for the same account, repositories and memberships as
// the caller may see them (a private repository or a membership never shows
// to someone REST would hide it from), apps' bot accounts as Bot, the fields
// of features Wharf lacks as GitHub answers them, and gh's `repo list` query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNodeId } from '../../ids/node-id.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../../test-support/apps.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let botToken: string;

const gql = (query: string, token: string, variables: Record<string, unknown> = {}) =>
  graphqlOk(server, query, variables, token);

async function createRepo(path: string, token: string, body: Record<string, unknown>) {
  const response = await server.api(path, { method: 'POST', token, body });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  bob = await server.createUser('bob');
  carol = await server.createUser('carol');
  await server.sql`UPDATE accounts SET email = 'alice@example.com' WHERE id = ${alice.id}`;
  await createRepo('/user/repos', alice.token, { name: 'open' });
  await createRepo('/user/repos', alice.token, { name: 'secret', private: true });
  await createRepo('/user/repos', carol.token, { name: 'shared', private: true });
  const org = await server.createOrg('acme', alice.id);
  await server.services.accounts.addMember(org.id, bob.id);
  await createRepo('/orgs/acme/repos', alice.token, { name: 'tools', private: true });
  await createRepo('/orgs/acme/repos', alice.token, { name: 'site' });
  // Alice collaborates on carol's private repository.
  await server.sql`INSERT INTO collaborators (repository_id, user_id, permission)
    SELECT id, ${alice.id}, 'write' FROM repositories WHERE name = 'shared'`;
  await createRepo('/repos/alice/open/issues', alice.token, { title: 'Hello' });
  const app = await createTestApp(server, alice.id, 'Helper', { issues: 'write' });
  const installation = await installTestApp(server, app.app, alice.id);
  const jwt = await appJwt(app, Math.floor(Date.now() / 1000));
  botToken = (await requestInstallationToken(server, jwt, installation.id)).body.token as string;
  await createRepo('/repos/alice/open/issues/1/comments', botToken, { body: 'Thanks!' });
});
afterAll(() => server?.close());

const ACCOUNT = `query($login: String!) { user(login: $login) {
  id databaseId login url resourcePath avatarUrl small: avatarUrl(size: 40) createdAt updatedAt
  isSiteAdmin isViewer email
} }`;

describe('User', () => {
  it('answers what REST answers of the account, the email to its owner only', async () => {
    const rest = await (await server.api('/users/alice', { token: bob.token })).json();
    const seen = (await gql(ACCOUNT, bob.token, { login: 'alice' })).data!.user;
    expect(seen).toEqual({
      id: rest.node_id,
      databaseId: rest.id,
      login: 'alice',
      url: rest.html_url,
      resourcePath: '/alice',
      avatarUrl: rest.avatar_url,
      small: `${rest.avatar_url}?s=40`,
      createdAt: rest.created_at,
      updatedAt: rest.updated_at,
      isSiteAdmin: false,
      isViewer: false,
      email: '',
    });
    const own = (await gql(ACCOUNT, alice.token, { login: 'alice' })).data!.user;
    expect(own).toMatchObject({ isViewer: true, email: 'alice@example.com' });
  });

  const REPOS = `query($login: String!, $privacy: RepositoryPrivacy, $owners: [RepositoryAffiliation]) {
    user(login: $login) {
      repositories(first: 10, privacy: $privacy, ownerAffiliations: $owners, orderBy: {field: NAME, direction: ASC}) {
        totalCount nodes { nameWithOwner }
      }
      secret: repository(name: "secret") { nameWithOwner }
      open: repository(name: "open") { nameWithOwner }
    }
  }`;
  const names = (answer: Awaited<ReturnType<typeof gql>>) =>
    answer.data!.user.repositories.nodes.map((repo: { nameWithOwner: string }) => repo.nameWithOwner);

  it('lists its repositories as the caller may read them: a private one never to others', async () => {
    const asBob = await gql(REPOS, bob.token, { login: 'alice' });
    expect(asBob.errors).toBeUndefined();
    expect(names(asBob)).toEqual(['alice/open']);
    expect(asBob.data!.user).toMatchObject({ secret: null, open: { nameWithOwner: 'alice/open' } });
    expect(asBob.data!.user.repositories.totalCount).toBe(1);
    // Her own list holds her collaborations too (GitHub's default OWNER, COLLABORATOR), not the org's.
    const asAlice = await gql(REPOS, alice.token, { login: 'alice' });
    expect(names(asAlice)).toEqual(['alice/open', 'alice/secret', 'carol/shared']);
    expect(asAlice.data!.user.secret).toEqual({ nameWithOwner: 'alice/secret' });
    const privateOnly = await gql(REPOS, alice.token, { login: 'alice', privacy: 'PRIVATE', owners: ['OWNER'] });
    expect(names(privateOnly)).toEqual(['alice/secret']);
    // Whom she collaborates with is not shown to others, even where they read the repository.
    const asCarol = await gql(REPOS, carol.token, { login: 'alice' });
    expect(names(asCarol)).toEqual(['alice/open']);
  });

  it('lists to an installation the repositories it reaches (its selection) and public ones, no memberships', async () => {
    const app = await createTestApp(server, alice.id, 'Picky', { metadata: 'read' });
    const open = await server.services.repos.find('alice', 'open');
    const installation = await installTestApp(server, app.app, alice.id, { repositoryIds: [open!.id] });
    const jwt = await appJwt(app, Math.floor(Date.now() / 1000));
    const picky = (await requestInstallationToken(server, jwt, installation.id)).body.token as string;
    expect(names(await gql(REPOS, picky, { login: 'alice' }))).toEqual(['alice/open']);
    // The whole account's installation reaches her private repository, but not her collaborations.
    expect(names(await gql(REPOS, botToken, { login: 'alice' }))).toEqual(['alice/open', 'alice/secret']);
    const orgs = await gql('{ user(login: "bob") { organizations(first: 5) { totalCount } } }', botToken);
    expect(orgs.data!.user.organizations.totalCount).toBe(0);
  });

  it('shows memberships to the member and fellow members only', async () => {
    const ORGS = `{ user(login: "bob") { organizations(first: 5) { totalCount nodes { login } } organization(login: "acme") { login } } }`;
    for (const [token, seen] of [
      [bob.token, true],
      [alice.token, true],
      [carol.token, false],
    ] as const) {
      const user = (await gql(ORGS, token)).data!.user;
      expect(user.organizations.nodes).toEqual(seen ? [{ login: 'acme' }] : []);
      expect(user.organizations.totalCount).toBe(seen ? 1 : 0);
      expect(user.organization).toEqual(seen ? { login: 'acme' } : null);
    }
  });

  it('answers the fields of features Wharf lacks as GitHub does without them', async () => {
    const { data, errors } = await gql(
      `{ user(login: "alice") {
        bio bioHTML company location websiteUrl twitterUsername status { id } isHireable
        followers(first: 5) { totalCount nodes { login } } following { totalCount }
        starredRepositories(first: 5) { totalCount } watching { totalCount } gists { totalCount }
        viewerIsFollowing viewerCanFollow sponsorsListing { id } sponsors { totalCount } pinnedItemsRemaining
        itemShowcase { hasPinnedItems } projectsV2(first: 1) { totalCount } organizationVerifiedDomainEmails(login: "acme")
        userViewType projectsResourcePath
      } }`,
      bob.token,
    );
    expect(errors).toBeUndefined();
    expect(data!.user).toEqual({
      bio: null,
      bioHTML: '',
      company: null,
      location: null,
      websiteUrl: null,
      twitterUsername: null,
      status: null,
      isHireable: false,
      followers: { totalCount: 0, nodes: [] },
      following: { totalCount: 0 },
      starredRepositories: { totalCount: 0 },
      watching: { totalCount: 0 },
      gists: { totalCount: 0 },
      viewerIsFollowing: false,
      viewerCanFollow: false,
      sponsorsListing: null,
      sponsors: { totalCount: 0 },
      pinnedItemsRemaining: 0,
      itemShowcase: { hasPinnedItems: false },
      projectsV2: { totalCount: 0 },
      organizationVerifiedDomainEmails: [],
      userViewType: 'PUBLIC',
      projectsResourcePath: '/users/alice/projects',
    });
  });
});

describe('Organization', () => {
  const ORG = `{ organization(login: "acme") {
    id login resourcePath createdAt viewerIsAMember viewerCanAdminister viewerCanCreateRepositories
    membersWithRole(first: 10) { totalCount edges { role node { login } } }
    repositories(first: 10, orderBy: {field: NAME, direction: ASC}) { totalCount nodes { name } }
    teams(first: 5) { totalCount } team(slug: "core") { id } rulesets(first: 5) { totalCount }
    ipAllowListEnabledSetting isVerified description
  } }`;

  it('answers its members, repositories and the viewer’s standing as each caller may see them', async () => {
    const rest = await (await server.api('/orgs/acme', { token: carol.token })).json();
    const asAlice = (await gql(ORG, alice.token)).data!.organization;
    expect(asAlice).toMatchObject({
      id: rest.node_id,
      login: 'acme',
      resourcePath: '/acme',
      createdAt: rest.created_at,
      viewerIsAMember: true,
      viewerCanAdminister: true,
      viewerCanCreateRepositories: true,
      membersWithRole: {
        totalCount: 2,
        edges: [
          { role: 'ADMIN', node: { login: 'alice' } },
          { role: 'MEMBER', node: { login: 'bob' } },
        ],
      },
      repositories: { totalCount: 2, nodes: [{ name: 'site' }, { name: 'tools' }] },
      teams: { totalCount: 0 },
      team: null,
      rulesets: { totalCount: 0 },
      ipAllowListEnabledSetting: 'DISABLED',
      isVerified: false,
      description: null,
    });
    expect((await gql(ORG, bob.token)).data!.organization).toMatchObject({
      viewerIsAMember: true,
      viewerCanAdminister: false,
      membersWithRole: { totalCount: 2 },
    });
    const asCarol = (await gql(ORG, carol.token)).data!.organization;
    expect(asCarol).toMatchObject({
      viewerIsAMember: false,
      viewerCanAdminister: false,
      viewerCanCreateRepositories: false,
      membersWithRole: { totalCount: 0, edges: [] },
      repositories: { totalCount: 1, nodes: [{ name: 'site' }] },
    });
  });
});

describe('Bot', () => {
  it('is what an installation’s comments name as their author, and a node', async () => {
    const { data, errors } = await gql(
      `{ repository(owner: "alice", name: "open") { issue(number: 1) { comments(first: 5) { nodes { author {
        __typename login url resourcePath avatarUrl
        ... on Bot { id databaseId createdAt updatedAt }
      } } } } } }`,
      bob.token,
    );
    expect(errors).toBeUndefined();
    const author = data!.repository.issue.comments.nodes[0].author;
    const rest = await (await server.api('/repos/alice/open/issues/1/comments', { token: bob.token })).json();
    expect(rest[0].user.type).toBe('Bot');
    expect(author).toMatchObject({
      __typename: 'Bot',
      login: 'helper[bot]',
      url: rest[0].user.html_url,
      resourcePath: '/apps/helper',
      avatarUrl: rest[0].user.avatar_url,
      id: rest[0].user.node_id,
      databaseId: rest[0].user.id,
    });
    const node = await gql(`query($id: ID!) { node(id: $id) { __typename ... on Bot { login } } }`, bob.token, {
      id: encodeNodeId('Bot', rest[0].user.id),
    });
    expect(node.data!.node).toEqual({ __typename: 'Bot', login: 'helper[bot]' });
  });
});

describe("gh's queries", () => {
  it('`gh repo list` (repositoryOwner: viewer, affiliations: OWNER) lists the viewer’s own repositories', async () => {
    // cli/cli pkg/cmd/repo/list/http.go, with the nodes cut to fields every Wharf repository answers.
    const query = `query RepositoryList($perPage:Int!,$endCursor:String,$privacy:RepositoryPrivacy,$fork:Boolean) {
      repositoryOwner: viewer {
        login
        repositories(first: $perPage, after: $endCursor, privacy: $privacy, isFork: $fork, affiliations: OWNER, orderBy: { field: PUSHED_AT, direction: DESC }) {
          nodes{nameWithOwner,isPrivate,isFork,isArchived,description}
          totalCount
          pageInfo{hasNextPage,endCursor}
        }
      }
    }`;
    const { data, errors } = await gql(query, alice.token, { perPage: 1 });
    expect(errors).toBeUndefined();
    const first = data!.repositoryOwner.repositories;
    expect(first.totalCount).toBe(2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = await gql(query, alice.token, { perPage: 1, endCursor: first.pageInfo.endCursor });
    const all = [...first.nodes, ...next.data!.repositoryOwner.repositories.nodes].map((repo) => repo.nameWithOwner);
    expect(all.sort()).toEqual(['alice/open', 'alice/secret']);
  });
});
