// One table run through both edges: role × action × visibility, each case
// asked of REST and of GraphQL (a query for reads, a mutation for writes).
// Each edge's answer is reduced to its class (allowed, not found, forbidden)
// and the two must agree with each other and with the table: a rule changed
// on one edge only (access/repository-access.ts is the one place) fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { createTeam, setTeamMember, setTeamRepository } from '../teams/team-service.js';
import { agree, type Answer, EXPECTED, LETTER, type Role, type Visibility } from '../test-support/edges-agree-table.js';

const ORG = 'ea-org';
let server: TestServer;
const tokens = new Map<Role, string | undefined>();
/** Per repository: issue 1 stays open and unlocked, 2 is locked, 3 is the one the lock action locks. */
const nodes: Record<Visibility, { issues: string[]; label: string }> = {
  public: { issues: [], label: '' },
  private: { issues: [], label: '' },
};

/** REST's status as a class; 401 (sign in first) is REST's word for what GraphQL calls FORBIDDEN. */
function restClass(status: number): Answer | `status ${number}` {
  if (status >= 200 && status < 300) return 'allowed';
  if (status === 404) return 'not_found';
  if (status === 403 || status === 401) return 'forbidden';
  return `status ${status}`;
}

async function rest(role: Role, method: string, path: string, body?: unknown) {
  const response = await server.api(path, { method, token: tokens.get(role), body });
  return restClass(response.status);
}

async function graphql(role: Role, query: string, variables: Record<string, unknown> = {}) {
  const response = await server.api('/api/graphql', {
    method: 'POST',
    token: tokens.get(role),
    body: { query, variables },
  });
  if (response.status !== 200) return restClass(response.status);
  const answer = (await response.json()) as { errors?: { type?: string; message: string }[] };
  const type = answer.errors?.[0]?.type;
  if (type === undefined) return 'allowed';
  if (type === 'NOT_FOUND') return 'not_found';
  if (type === 'FORBIDDEN') return 'forbidden';
  return `${type}: ${answer.errors![0]!.message}`;
}

interface Action {
  name: string;
  rest: (role: Role, repo: string) => Promise<string>;
  graphql: (role: Role, repo: string, v: Visibility) => Promise<string>;
}

const COMMENT = 'mutation($id: ID!) { addComment(input: { subjectId: $id, body: "hi" }) { clientMutationId } }';

const ACTIONS: Action[] = [
  {
    name: 'read an issue',
    rest: (role, repo) => rest(role, 'GET', `/repos/${ORG}/${repo}/issues/1`),
    graphql: (role, repo) =>
      graphql(role, `{ repository(owner: "${ORG}", name: "${repo}") { issue(number: 1) { title } } }`),
  },
  {
    name: 'comment on an issue',
    rest: (role, repo) => rest(role, 'POST', `/repos/${ORG}/${repo}/issues/1/comments`, { body: 'hi' }),
    graphql: (role, _repo, v) => graphql(role, COMMENT, { id: nodes[v].issues[0] }),
  },
  {
    name: 'comment on a locked issue (write)',
    rest: (role, repo) => rest(role, 'POST', `/repos/${ORG}/${repo}/issues/2/comments`, { body: 'hi' }),
    graphql: (role, _repo, v) => graphql(role, COMMENT, { id: nodes[v].issues[1] }),
  },
  {
    name: 'label an issue (triage)',
    rest: (role, repo) => rest(role, 'POST', `/repos/${ORG}/${repo}/issues/1/labels`, { labels: ['ea-label'] }),
    graphql: (role, _repo, v) =>
      graphql(
        role,
        'mutation($id: ID!, $label: ID!) { addLabelsToLabelable(input: { labelableId: $id, labelIds: [$label] }) { clientMutationId } }',
        { id: nodes[v].issues[0], label: nodes[v].label },
      ),
  },
  {
    name: 'lock an issue (triage)',
    rest: (role, repo) => rest(role, 'PUT', `/repos/${ORG}/${repo}/issues/3/lock`),
    graphql: (role, _repo, v) =>
      graphql(role, 'mutation($id: ID!) { lockLockable(input: { lockableId: $id }) { clientMutationId } }', {
        id: nodes[v].issues[2],
      }),
  },
];

const ROLES: Role[] = [
  'anonymous',
  'stranger',
  'read',
  'triage',
  'write',
  'maintain',
  'admin',
  'org member',
  'team triage',
  'child team push',
  'invitee',
  'site admin',
  'token without repo',
  'installation with issues',
  'installation without issues',
];

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const owner = await server.createUser('ea-owner');
  const org = await server.createOrg(ORG, owner.id);
  for (const v of ['public', 'private'] as const) {
    const created = await server.api(`/orgs/${ORG}/repos`, {
      method: 'POST',
      token: owner.token,
      body: { name: v, private: v === 'private', auto_init: true },
    });
    expect(created.status).toBe(201);
    const label = await server.api(`/repos/${ORG}/${v}/labels`, {
      method: 'POST',
      token: owner.token,
      body: { name: 'ea-label', color: 'ff0000' },
    });
    nodes[v].label = ((await label.json()) as { node_id: string }).node_id;
    for (const title of ['open', 'locked', 'to lock']) {
      const issue = await server.api(`/repos/${ORG}/${v}/issues`, {
        method: 'POST',
        token: owner.token,
        body: { title },
      });
      nodes[v].issues.push(((await issue.json()) as { node_id: string }).node_id);
    }
    const locked = await server.api(`/repos/${ORG}/${v}/issues/2/lock`, { method: 'PUT', token: owner.token });
    expect(locked.status).toBe(204);
  }
  const users = await Promise.all(
    (['stranger', 'read', 'triage', 'write', 'maintain', 'admin', 'org member', 'token without repo'] as const).map(
      async (role) => [role, await server.createUser(`ea-${role.replaceAll(' ', '-')}`)] as const,
    ),
  );
  const repos = await server.sql<{ id: number }[]>`
    SELECT r.id FROM repositories r JOIN accounts a ON a.id = r.owner_id WHERE a.login = ${ORG}`;
  for (const [role, user] of users) {
    tokens.set(role, user.token);
    const permission = role === 'token without repo' ? 'write' : role;
    if (['read', 'triage', 'write', 'maintain', 'admin', 'token without repo'].includes(role))
      for (const repo of repos)
        await server.sql`INSERT INTO collaborators (repository_id, user_id, permission)
          VALUES (${repo.id}, ${user.id}, ${permission})`;
    if (role === 'org member')
      await server.sql`INSERT INTO org_members (org_id, user_id, role) VALUES (${org.id}, ${user.id}, 'member')`;
    if (role === 'token without repo') tokens.set(role, await server.tokenFor(user.id, ['user']));
  }
  // Team grants (issue 37): a member of a team with `triage`, and a member of
  // a child team whose parent has `push` (child teams inherit the parent's access).
  const deps = { sql: server.sql, bus: server.services.bus };
  const triagers = await createTeam(deps, org.id, { name: 'Triagers' }, null);
  const parent = await createTeam(deps, org.id, { name: 'Pushers' }, null);
  const child = await createTeam(deps, org.id, { name: 'Pushers child', parent_team_id: parent.id }, null);
  for (const repo of repos) {
    await setTeamRepository(deps, triagers, repo.id, 'triage');
    await setTeamRepository(deps, parent, repo.id, 'push');
  }
  for (const [role, team] of [
    ['team triage', triagers],
    ['child team push', child],
  ] as const) {
    const user = await server.createUser(`ea-${role.replaceAll(' ', '-')}`);
    await server.services.accounts.addMember(org.id, user.id, 'member');
    await setTeamMember(deps, team, user.id, 'member');
    tokens.set(role, user.token);
  }
  // A pending repository invitation (issue 37) grants nothing until it is accepted.
  const invitee = await server.createUser('ea-invitee');
  for (const v of ['public', 'private'])
    expect(
      (
        await server.api(`/repos/${ORG}/${v}/collaborators/ea-invitee`, {
          method: 'PUT',
          token: owner.token,
          body: { permission: 'push' },
        })
      ).status,
    ).toBe(201);
  tokens.set('invitee', invitee.token);
  tokens.set('anonymous', undefined);
  tokens.set('site admin', (await server.createUser('ea-site-admin', { siteAdmin: true })).token);
  const app = await createTestApp(server, owner.id, 'ea-app', { metadata: 'read', issues: 'write' });
  const installation = await installTestApp(server, app.app, org.id);
  const jwt = await appJwt(app, Math.floor(Date.now() / 1000));
  for (const [role, permissions] of [
    ['installation with issues', { issues: 'write' }],
    ['installation without issues', { metadata: 'read' }],
  ] as const) {
    const issued = await requestInstallationToken(server, jwt, installation.id, { permissions });
    expect(issued.status).toBe(201);
    tokens.set(role, issued.body.token as string);
  }
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('REST and GraphQL agree on who may do what', () => {
  it('answers every role × action × visibility as the table says, the same on both edges', async () => {
    const got = { rest: {} as Record<string, string>, graphql: {} as Record<string, string> };
    const disagreements: string[] = [];
    await Promise.all(
      ROLES.map(async (role) => {
        for (const v of ['public', 'private'] as const) {
          let viaRest = '';
          let viaGraphql = '';
          for (const action of ACTIONS) {
            const r = await action.rest(role, v);
            const g = await action.graphql(role, v, v);
            viaRest += LETTER[r] ?? `(${r})`;
            viaGraphql += LETTER[g] ?? `(${g})`;
            if (!agree(role, v, r, g)) disagreements.push(`${role}, ${v}, ${action.name}: REST ${r}, GraphQL ${g}`);
          }
          got.rest[`${role} ${v}`] = viaRest;
          got.graphql[`${role} ${v}`] = viaGraphql;
        }
      }),
    );
    expect(disagreements).toEqual([]);
    const table = (edge: 'rest' | 'graphql') =>
      Object.fromEntries(
        ROLES.flatMap((role) =>
          (['public', 'private'] as const).map((v) => {
            const row = EXPECTED[role];
            return [`${role} ${v}`, edge === 'graphql' && row.graphql ? row.graphql[v] : row[v]];
          }),
        ),
      );
    expect(got.rest).toEqual(table('rest'));
    expect(got.graphql).toEqual(table('graphql'));
  }, 60_000);

  // A viewer field that says what a mutation will do must ask the same rule:
  // a client shows the reaction button by viewerCanReact, then calls addReaction.
  it('viewerCanReact answers what addReaction then does, on an open and on a locked issue', async () => {
    const REACT = 'mutation($id: ID!) { addReaction(input: { subjectId: $id, content: HEART }) { clientMutationId } }';
    const VIEWER = 'query($id: ID!) { node(id: $id) { ... on Issue { viewerCanReact } } }';
    const mismatches: string[] = [];
    await Promise.all(
      ROLES.filter((role) => role !== 'anonymous').map(async (role) => {
        for (const v of ['public', 'private'] as const) {
          for (const [which, id] of [
            ['open', nodes[v].issues[0]],
            ['locked', nodes[v].issues[1]],
          ] as const) {
            const asked = await server.api('/api/graphql', {
              method: 'POST',
              token: tokens.get(role),
              body: { query: VIEWER, variables: { id } },
            });
            const answer = (await asked.json()) as { data?: { node: { viewerCanReact?: boolean } | null } };
            const says = answer.data?.node?.viewerCanReact === true;
            const does = (await graphql(role, REACT, { id })) === 'allowed';
            if (says !== does) mismatches.push(`${role}, ${v}, ${which}: viewerCanReact ${says}, addReaction ${does}`);
          }
        }
      }),
    );
    expect(mismatches).toEqual([]);
  }, 60_000);
});
