// Teams over GraphQL (issue 37): Organization.teams with GitHub's filters,
// team(slug:), the Team type with its members (roles on the edges), child
// teams, ancestors and repositories (the team's permission on the edges),
// and node() of a T_ id. Visibility is GitHub's: members see closed teams
// and their own secret ones, owners see all, strangers none, and an
// installation needs `members`. Lists are bounded (first ≤ 100).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, setTeamMember, setTeamRepository } from '../teams/team-service.js';
import type { TeamRow } from '../teams/team-row.js';
import { installationTokenFor } from '../test-support/apps.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let childMember: TestUser;
let secretMember: TestUser;
let outsider: TestUser;
let platform: TeamRow;
let vault: TeamRow;
let membersApp: string;
let contentsApp: string;
const statements: string[] = [];

const gql = (query: string, token: string, variables: Record<string, unknown> = {}) =>
  graphqlOk(server, query, variables, token);

const names = async (token: string, args = 'first: 10') => {
  const answer = await gql(`{ organization(login: "tg-org") { teams(${args}) { totalCount nodes { slug } } } }`, token);
  expect(answer.errors).toBeUndefined();
  const teams = answer.data!.organization.teams;
  return { total: teams.totalCount as number, slugs: teams.nodes.map((team: { slug: string }) => team.slug) };
};

beforeAll(async () => {
  server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  owner = await server.createUser('tg-owner');
  member = await server.createUser('tg-member');
  childMember = await server.createUser('tg-child');
  secretMember = await server.createUser('tg-secret');
  outsider = await server.createUser('tg-outsider');
  const org = await server.createOrg('tg-org', owner.id);
  for (const user of [member, childMember, secretMember])
    await server.services.accounts.addMember(org.id, user.id, 'member');
  const repoIds: number[] = [];
  for (const [name, isPrivate] of [
    ['app', true],
    ['site', false],
  ] as const) {
    const made = await server.api('/orgs/tg-org/repos', {
      method: 'POST',
      token: owner.token,
      body: { name, private: isPrivate },
    });
    repoIds.push(((await made.json()) as { id: number }).id);
  }
  const deps = { sql: server.sql, bus: server.services.bus };
  platform = await createTeam(deps, org.id, { name: 'Platform', privacy: 'closed', description: 'Runs it' }, null);
  const web = await createTeam(deps, org.id, { name: 'Platform Web', parent_team_id: platform.id }, null);
  vault = await createTeam(deps, org.id, { name: 'Vault', privacy: 'secret' }, null);
  await setTeamMember(deps, platform, member.id, 'maintainer');
  await setTeamMember(deps, web, childMember.id, 'member');
  await setTeamMember(deps, vault, secretMember.id, 'member');
  await setTeamRepository(deps, platform, repoIds[0]!, 'push');
  await setTeamRepository(deps, platform, repoIds[1]!, 'pull');
  membersApp = await installationTokenFor(server, org.id, 'Members App', { members: 'read', metadata: 'read' });
  contentsApp = await installationTokenFor(server, org.id, 'Contents App', { contents: 'read' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const TEAM = `query($slug: String!) { organization(login: "tg-org") { team(slug: $slug) {
  id databaseId name slug combinedSlug description privacy notificationSetting url resourcePath
  organization { login } parentTeam { slug } viewerCanAdminister
  childTeams(first: 10) { totalCount nodes { slug parentTeam { slug } } }
  all: members(first: 10) { totalCount edges { role node { login } } }
  immediate: members(first: 10, membership: IMMEDIATE) { nodes { login } }
  children: members(first: 10, membership: CHILD_TEAM) { nodes { login } }
  maintainers: members(first: 10, role: MAINTAINER) { nodes { login } }
  repositories(first: 10) { totalCount edges { permission node { name } } } } } }`;

describe('Organization.teams and team(slug:)', () => {
  it('shows an owner every team, with GitHub’s filters and order', async () => {
    expect(await names(owner.token)).toEqual({ total: 3, slugs: ['platform', 'platform-web', 'vault'] });
    expect((await names(owner.token, 'first: 10, query: "WEB"')).slugs).toEqual(['platform-web']);
    expect((await names(owner.token, 'first: 10, privacy: SECRET')).slugs).toEqual(['vault']);
    expect((await names(owner.token, 'first: 10, rootTeamsOnly: true')).slugs).toEqual(['platform', 'vault']);
    expect((await names(owner.token, 'first: 10, userLogins: ["TG-CHILD"]')).slugs).toEqual(['platform-web']);
    expect((await names(owner.token, 'first: 10, orderBy: {field: NAME, direction: DESC}')).slugs).toEqual([
      'vault',
      'platform-web',
      'platform',
    ]);
    expect((await names(owner.token, 'first: 10, query: "%"')).slugs).toEqual([]);
    // Text no row can hold (a NUL) matches nothing, never a failed statement.
    expect((await names(owner.token, 'first: 10, query: "a\\u0000"')).slugs).toEqual([]);
    expect((await names(owner.token, 'first: 10, userLogins: ["a\\u0000"]')).slugs).toEqual([]);
    const nulSlug = await gql(TEAM, owner.token, { slug: 'platform\u0000' });
    expect(nulSlug.errors).toBeUndefined();
    expect(nulSlug.data!.organization.team).toBeNull();
  });

  it('answers a team with its members, child teams and repositories', async () => {
    const answer = await gql(TEAM, owner.token, { slug: 'PLATFORM' });
    expect(answer.errors).toBeUndefined();
    const team = answer.data!.organization.team;
    expect(team).toMatchObject({
      databaseId: platform.id,
      name: 'Platform',
      slug: 'platform',
      combinedSlug: 'tg-org/platform',
      description: 'Runs it',
      privacy: 'VISIBLE',
      notificationSetting: 'NOTIFICATIONS_ENABLED',
      resourcePath: '/orgs/tg-org/teams/platform',
      organization: { login: 'tg-org' },
      parentTeam: null,
      viewerCanAdminister: true,
      childTeams: { totalCount: 1, nodes: [{ slug: 'platform-web', parentTeam: { slug: 'platform' } }] },
      all: {
        totalCount: 2,
        edges: [
          { role: 'MEMBER', node: { login: 'tg-child' } },
          { role: 'MAINTAINER', node: { login: 'tg-member' } },
        ],
      },
      immediate: { nodes: [{ login: 'tg-member' }] },
      children: { nodes: [{ login: 'tg-child' }] },
      maintainers: { nodes: [{ login: 'tg-member' }] },
      repositories: {
        totalCount: 2,
        edges: [
          { permission: 'WRITE', node: { name: 'app' } },
          { permission: 'READ', node: { name: 'site' } },
        ],
      },
    });
    expect(team.id).toMatch(/^T_/);
    expect(team.url).toMatch(/\/orgs\/tg-org\/teams\/platform$/);
    const node = await gql('query($id: ID!) { node(id: $id) { __typename ... on Team { slug } } }', owner.token, {
      id: team.id,
    });
    expect(node.data!.node).toEqual({ __typename: 'Team', slug: 'platform' });
    const ancestors = await gql(
      '{ organization(login: "tg-org") { team(slug: "platform-web") { ancestors(first: 5) { nodes { slug } } } } }',
      owner.token,
    );
    expect(ancestors.data!.organization.team.ancestors.nodes).toEqual([{ slug: 'platform' }]);
  });

  it('pages with cursors, and bounds every list at 100', async () => {
    const first = await gql(
      '{ organization(login: "tg-org") { teams(first: 1) { pageInfo { endCursor hasNextPage } } } }',
      owner.token,
    );
    const { endCursor, hasNextPage } = first.data!.organization.teams.pageInfo;
    expect(hasNextPage).toBe(true);
    expect((await names(owner.token, `first: 5, after: "${endCursor}"`)).slugs).toEqual(['platform-web', 'vault']);
    expect((await names(owner.token, 'last: 1')).slugs).toEqual(['vault']);
    const many = await gql('{ organization(login: "tg-org") { teams(first: 101) { nodes { slug } } } }', owner.token);
    expect(many.errors?.[0]?.type).toBe('EXCESSIVE_PAGINATION');
    const members = await gql(
      '{ organization(login: "tg-org") { team(slug: "platform") { members(first: 101) { nodes { login } } } } }',
      owner.token,
    );
    expect(members.errors?.[0]?.type).toBe('EXCESSIVE_PAGINATION');
    const unbounded = await gql('{ organization(login: "tg-org") { teams { nodes { slug } } } }', owner.token);
    expect(unbounded.errors?.[0]?.type).toBe('MISSING_PAGINATION_BOUNDARIES');
  });

  it('costs as many statements for a page of teams as for one', async () => {
    const query = `query($first: Int!) { organization(login: "tg-org") { teams(first: $first) { nodes {
      slug combinedSlug organization { login } parentTeam { slug } viewerCanAdminister } } } }`;
    // The fewest of three runs: the server's background work may add a statement to any one request.
    const cost = async (token: string, first: number) => {
      let fewest = Infinity;
      for (let run = 0; run < 3; run++) {
        statements.length = 0;
        const body = await gql(query, token, { first });
        expect(body.data!.organization.teams.nodes).toHaveLength(first);
        fewest = Math.min(fewest, statements.length);
      }
      return fewest;
    };
    // Two teams (one with a parent) and three: the parents and the caller's roles are one statement each, however many.
    expect(await cost(owner.token, 3)).toBe(await cost(owner.token, 2));
  });
});

describe('who sees which team', () => {
  it('shows members the closed teams and their own secret ones', async () => {
    expect((await names(member.token)).slugs).toEqual(['platform', 'platform-web']);
    expect((await names(secretMember.token)).slugs).toEqual(['platform', 'platform-web', 'vault']);
    const hidden = await gql(TEAM, member.token, { slug: 'vault' });
    expect(hidden.data!.organization.team).toBeNull();
    const node = await gql('query($id: ID!) { node(id: $id) { id } }', member.token, {
      id: (await gql(TEAM, owner.token, { slug: 'vault' })).data!.organization.team.id,
    });
    expect(node.errors?.[0]?.type).toBe('NOT_FOUND');
    // A maintainer administers their team, not its child.
    const admin = await gql(
      '{ organization(login: "tg-org") { p: team(slug: "platform") { viewerCanAdminister } w: team(slug: "platform-web") { viewerCanAdminister } viewerCanCreateTeams } }',
      member.token,
    );
    expect(admin.data!.organization).toEqual({
      p: { viewerCanAdminister: true },
      w: { viewerCanAdminister: false },
      viewerCanCreateTeams: true,
    });
  });

  it('shows a non-member no team, and the private repository of a team to nobody who cannot read it', async () => {
    expect(await names(outsider.token)).toEqual({ total: 0, slugs: [] });
    const team = await gql(TEAM, outsider.token, { slug: 'platform' });
    expect(team.data!.organization.team).toBeNull();
    const node = await gql('query($id: ID!) { node(id: $id) { id } }', outsider.token, {
      id: (await gql(TEAM, owner.token, { slug: 'platform' })).data!.organization.team.id,
    });
    expect(node.errors?.[0]?.type).toBe('NOT_FOUND');
  });

  it('lets an installation with members read the teams, and one without it none', async () => {
    expect((await names(membersApp)).slugs).toEqual(['platform', 'platform-web', 'vault']);
    expect(await names(contentsApp)).toEqual({ total: 0, slugs: [] });
  });
});
