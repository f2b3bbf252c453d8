// Repository.collaborators, mentionableUsers, pinnedIssues and the viewer's
// commit addresses (issue 34, round 2), against the grants, the issues, the
// contents API and GET /user/emails; a private repository's lists hidden from
// a non-member, the collaborators list from a reader without push access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationTokenFor } from '../../test-support/apps.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { createFixtureRepository, startRepositoryFixture } from '../../test-support/repository-fixture.js';
import { grant } from '../../test-support/grant.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let users: Record<'bob' | 'carol' | 'dave' | 'erin', TestUser>;

const COLLABORATORS = `query($owner: String!, $name: String!, $affiliation: CollaboratorAffiliation, $login: String, $query: String) {
  repository(owner: $owner, name: $name) {
    collaborators(first: 100, affiliation: $affiliation, login: $login, query: $query) {
      totalCount edges { permission node { login } }
    }
  }
}`;

const collaborators = async (token: string, variables: Record<string, unknown>) => {
  const body = await graphqlOk(server, COLLABORATORS, variables, token);
  expect(body.errors).toBeUndefined();
  return body.data!.repository.collaborators.edges.map((e: any) => `${e.node.login}:${e.permission}`);
};

beforeAll(async () => {
  const fixture = await startRepositoryFixture('proj', {
    users: ['bob', 'carol', 'dave', 'erin'],
    grants: { bob: 'write', carol: 'read' },
  });
  ({ server, owner: alice, users } = fixture);
  const org = await server.createOrg('acme', alice.id);
  await server.services.accounts.addMember(org.id, users.erin.id, 'member');
  const made = await server.api('/orgs/acme/repos', { method: 'POST', token: alice.token, body: { name: 'tool' } });
  expect(made.status).toBe(201);
  await grant(server, ((await made.json()) as { id: number }).id, users.bob.id, 'write');
  const secret = await createFixtureRepository(server, alice, 'secret', { private: true });
  await grant(server, secret.id, users.carol.id, 'read');
}, 120_000);

afterAll(() => server?.close());

describe('Repository.collaborators', () => {
  it('lists the owner and collaborators with their permissions, by login, to a caller with push access', async () => {
    const all = ['alice:ADMIN', 'bob:WRITE', 'carol:READ'];
    expect(await collaborators(users.bob.token, { owner: 'alice', name: 'proj' })).toEqual(all);
    expect(await collaborators(alice.token, { owner: 'alice', name: 'proj', affiliation: 'DIRECT' })).toEqual(all);
    expect(await collaborators(alice.token, { owner: 'alice', name: 'proj', login: 'CAROL' })).toEqual(['carol:READ']);
    expect(await collaborators(alice.token, { owner: 'alice', name: 'proj', query: 'bo' })).toEqual(['bob:WRITE']);
  });

  it("tells an organization's members from its outside collaborators", async () => {
    const variables = { owner: 'acme', name: 'tool' };
    expect(await collaborators(alice.token, variables)).toEqual(['alice:ADMIN', 'bob:WRITE', 'erin:READ']);
    expect(await collaborators(alice.token, { ...variables, affiliation: 'OUTSIDE' })).toEqual(['bob:WRITE']);
    expect(await collaborators(alice.token, { ...variables, affiliation: 'DIRECT' })).toEqual(['bob:WRITE']);
  });

  it("gives a private fork's owner the upstream's grants it inherits", async () => {
    const forked = await server.api('/repos/alice/secret/forks', {
      method: 'POST',
      token: users.carol.token,
      body: {},
    });
    expect(forked.status).toBe(202);
    // A fork in a personal account inherits the upstream's grants: alice administers carol's fork too.
    expect(await collaborators(users.carol.token, { owner: 'carol', name: 'secret' })).toEqual([
      'alice:ADMIN',
      'carol:ADMIN',
    ]);
  });

  it('is read by an installation with the metadata every app has; the viewer addresses are null for it', async () => {
    const token = await installationTokenFor(server, alice.id, 'meta-app', { metadata: 'read' });
    const body = await graphqlOk(
      server,
      `{ repository(owner: "alice", name: "proj") { collaborators(first: 10) { totalCount }
         viewerDefaultCommitEmail viewerPossibleCommitEmails } }`,
      {},
      token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository).toEqual({
      collaborators: { totalCount: 3 },
      viewerDefaultCommitEmail: null,
      viewerPossibleCommitEmails: null,
    });
    // An installation elsewhere reads the public repository, not its collaborators.
    const elsewhere = await installationTokenFor(server, users.bob.id, 'bob-app', { metadata: 'read' });
    const refused = await graphqlOk(server, COLLABORATORS, { owner: 'alice', name: 'proj' }, elsewhere);
    expect(refused.data!.repository).toEqual({ collaborators: null });
    expect(refused.errors?.[0]?.type).toBe('FORBIDDEN');
  });

  it('answers null and FORBIDDEN to a reader without push access, as GitHub', async () => {
    for (const [token, name] of [
      [users.carol.token, 'proj'],
      [users.dave.token, 'proj'],
      [users.carol.token, 'secret'],
    ] as const) {
      const body = await graphqlOk(server, COLLABORATORS, { owner: 'alice', name }, token);
      expect(body.data!.repository).toEqual({ collaborators: null });
      expect(body.errors).toEqual([
        expect.objectContaining({
          type: 'FORBIDDEN',
          message: 'Must have push access to view repository collaborators.',
          path: ['repository', 'collaborators'],
        }),
      ]);
    }
  });
});

describe('Repository.mentionableUsers', () => {
  const MENTIONABLE = `query($name: String!, $query: String, $first: Int, $after: String) {
    repository(owner: "alice", name: $name) {
      mentionableUsers(first: $first, after: $after, query: $query) {
        totalCount pageInfo { hasNextPage endCursor } nodes { login }
      }
    }
  }`;
  const mentionable = async (token: string, variables: Record<string, unknown>) => {
    const body = await graphqlOk(server, MENTIONABLE, { first: 100, ...variables }, token);
    expect(body.errors).toBeUndefined();
    return body.data!.repository.mentionableUsers;
  };

  it('lists grant holders and participants once each, by login, paged and filtered', async () => {
    const opened = await server.api('/repos/alice/proj/issues', {
      method: 'POST',
      token: users.dave.token,
      body: { title: 'From a passer-by' },
    });
    expect(opened.status).toBe(201);
    const whole = await mentionable(users.dave.token, { name: 'proj' });
    expect(whole.nodes.map((n: any) => n.login)).toEqual(['alice', 'bob', 'carol', 'dave']);
    expect(whole.totalCount).toBe(4);
    const first = await mentionable(users.dave.token, { name: 'proj', first: 3 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = await mentionable(users.dave.token, { name: 'proj', after: first.pageInfo.endCursor });
    expect(rest.nodes).toEqual([{ login: 'dave' }]);
    expect((await mentionable(alice.token, { name: 'proj', query: 'DA' })).nodes).toEqual([{ login: 'dave' }]);
  });

  it("answers the completion query of gh's shell completer (carapace: mentionableUsers with a query)", async () => {
    const query = `query($owner: String!, $repo: String!) {
      repository(owner: $owner, name: $repo) { mentionableUsers(first: 100, query: "car") { nodes { login, name } } } }`;
    const body = await graphqlOk(server, query, { owner: 'alice', repo: 'proj' }, users.bob.token);
    expect(body.errors).toBeUndefined();
    expect(body.data!.repository.mentionableUsers.nodes).toEqual([{ login: 'carol', name: null }]);
  });

  it("does not show a private repository's people to a non-member", async () => {
    const body = await graphqlOk(server, MENTIONABLE, { name: 'secret', first: 10 }, users.dave.token);
    expect(body.data?.repository ?? null).toBeNull();
    expect(body.errors?.[0]?.type).toBe('NOT_FOUND');
    expect((await mentionable(users.carol.token, { name: 'secret' })).nodes.map((n: any) => n.login)).toEqual([
      'alice',
      'carol',
    ]);
  });
});

describe('Repository.pinnedIssues', () => {
  it('lists the pinned issues in the order they were pinned, with who pinned them', async () => {
    const numbers: number[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const res = await server.api('/repos/alice/proj/issues', { method: 'POST', token: alice.token, body: { title } });
      numbers.push(((await res.json()) as { number: number }).number);
    }
    const ids = await graphqlOk(
      server,
      `{ repository(owner: "alice", name: "proj") { a: issue(number: ${numbers[2]}) { id } b: issue(number: ${numbers[0]}) { id } } }`,
      {},
      alice.token,
    );
    for (const issue of [ids.data!.repository.a, ids.data!.repository.b]) {
      const pinned = await graphqlOk(
        server,
        'mutation($id: ID!) { pinIssue(input: { issueId: $id }) { issue { isPinned } } }',
        { id: issue.id },
        alice.token,
      );
      expect(pinned.errors).toBeUndefined();
    }
    const body = await graphqlOk(
      server,
      `{ repository(owner: "alice", name: "proj") { pinnedIssues(first: 10) {
          totalCount nodes { id databaseId issue { number title } pinnedBy { login } repository { nameWithOwner } } } } }`,
      {},
      users.dave.token,
    );
    expect(body.errors).toBeUndefined();
    const pins = body.data!.repository.pinnedIssues;
    expect(pins.totalCount).toBe(2);
    expect(pins.nodes.map((pin: any) => pin.issue)).toEqual([
      { number: numbers[2], title: 'Three' },
      { number: numbers[0], title: 'One' },
    ]);
    expect(pins.nodes[0]).toMatchObject({ pinnedBy: { login: 'alice' }, repository: { nameWithOwner: 'alice/proj' } });
    const node = await graphqlOk(
      server,
      'query($id: ID!) { node(id: $id) { ... on PinnedIssue { issue { number } } } }',
      { id: pins.nodes[1].id },
      alice.token,
    );
    expect(node.data!.node).toEqual({ issue: { number: numbers[0] } });
  });
});

describe('Repository.viewerDefaultCommitEmail and viewerPossibleCommitEmails', () => {
  const EMAILS = `{ repository(owner: "alice", name: "proj") { viewerDefaultCommitEmail viewerPossibleCommitEmails } }`;

  it('answers the address the contents API writes for the viewer and the addresses GET /user/emails lists', async () => {
    await server.sql`UPDATE accounts SET email = 'alice@example.com' WHERE id = ${alice.id}`;
    for (const user of [alice, users.bob]) {
      const written = await server.api(`/repos/alice/proj/contents/by-${user.login}.txt`, {
        method: 'PUT',
        token: user.token,
        body: { message: 'Add a file', content: Buffer.from('hi\n').toString('base64') },
      });
      expect(written.status).toBe(201);
      const commit = ((await written.json()) as { commit: { author: { email: string } } }).commit;
      const emails = (await (await server.api('/user/emails', { token: user.token })).json()) as { email: string }[];
      const body = await graphqlOk(server, EMAILS, {}, user.token);
      expect(body.errors).toBeUndefined();
      expect(body.data!.repository).toEqual({
        viewerDefaultCommitEmail: commit.author.email,
        viewerPossibleCommitEmails: emails.map((e) => e.email),
      });
    }
  });
});
