// A branch protection rule's allowances over GraphQL (issue 37):
// pushAllowances, bypassPullRequestAllowances, bypassForcePushAllowances and
// reviewDismissalAllowances, set by the mutations' actor ids (users, teams
// of the organization, apps), paged like every connection, and the same data
// as REST's protection body for the same rule, both ways. An id that names no
// such actor is GitHub's NOT_FOUND and changes nothing. (The force-push
// bypass list's enforcement: branch-protection/force-push-bypass.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNodeId } from '../ids/node-id.js';
import { createTeam } from '../teams/team-service.js';
import { createTestApp } from '../test-support/apps.js';
import { grant } from '../test-support/grant.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let dave: TestUser;
let repoNodeId: string;
let personalRepoNodeId: string;
const statements: string[] = [];
const ids = { carol: '', dave: '', core: '', ops: '', app: '', app2: '', foreignTeam: '' };

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

const ACTOR = `actor { __typename ... on User { login } ... on Team { slug } ... on App { slug } }`;
const LISTS = `restrictsPushes restrictsReviewDismissals
  pushAllowances(first: 10) { totalCount nodes { id ${ACTOR} branchProtectionRule { pattern } } }
  bypassPullRequestAllowances(first: 10) { totalCount nodes { id ${ACTOR} } }
  bypassForcePushAllowances(first: 10) { totalCount nodes { id ${ACTOR} } }
  reviewDismissalAllowances(first: 10) { totalCount nodes { id ${ACTOR} } }`;
const CREATE = `mutation($input: CreateBranchProtectionRuleInput!) {
  createBranchProtectionRule(input: $input) { branchProtectionRule { id ${LISTS} } } }`;
const UPDATE = `mutation($input: UpdateBranchProtectionRuleInput!) {
  updateBranchProtectionRule(input: $input) { branchProtectionRule { id ${LISTS} } } }`;
/** A query of `fields` of the rule `$id` (and `$after` when they use it). */
const onRule = (fields: string) =>
  `query($id: ID!${fields.includes('$after') ? ', $after: String' : ''}) {
    node(id: $id) { ... on BranchProtectionRule { ${fields} } } }`;
const RULE = onRule(LISTS);

const actors = (connection: { nodes: { actor: Record<string, string> }[] }) =>
  connection.nodes.map(({ actor }) => `${actor.__typename}:${actor.login ?? actor.slug}`);
const logins = (users: { login: string }[] | undefined) => (users ?? []).map((user) => user.login);
const restProtection = async (branch: string) => {
  const response = await server.api(`/repos/acme/guarded/branches/${branch}/protection`, { token: alice.token });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
};

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' }, { onStatement: (q) => void statements.push(q) });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  dave = await server.createUser('dave');
  const org = await server.createOrg('acme', alice.id);
  const other = await server.createOrg('elsewhere', alice.id);
  const body = { name: 'guarded', auto_init: true };
  const made = await server.api('/orgs/acme/repos', { method: 'POST', token: alice.token, body });
  expect(made.status).toBe(201);
  const repo = (await made.json()) as { id: number; node_id: string };
  repoNodeId = repo.node_id;
  personalRepoNodeId = (await server.createRepo(alice.token, { name: 'mine', auto_init: true })).node_id;
  await grant(server, repo.id, carol.id, 'write');
  await grant(server, repo.id, dave.id, 'write');
  const deps = { sql: server.sql, bus: server.services.bus };
  const team = async (orgId: number, name: string, privacy: 'closed' | 'secret' = 'closed') =>
    encodeNodeId('Team', (await createTeam(deps, orgId, { name, privacy }, null)).id);
  const app = async (name: string) => encodeNodeId('App', (await createTestApp(server, alice.id, name)).app.id);
  Object.assign(ids, {
    carol: encodeNodeId('User', carol.id),
    dave: encodeNodeId('User', dave.id),
    core: await team(org.id, 'Core'),
    ops: await team(org.id, 'Ops', 'secret'),
    foreignTeam: await team(other.id, 'Outside'),
    app: await app('Deploy Bot'),
    app2: await app('Lint Bot'),
  });
  const main = await server.api('/repos/acme/guarded/git/ref/heads/main', { token: alice.token });
  const sha = ((await main.json()) as { object: { sha: string } }).object.sha;
  const ref = { ref: 'refs/heads/rest-made', sha };
  await server.api('/repos/acme/guarded/git/refs', { method: 'POST', token: alice.token, body: ref });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('allowances set through GraphQL', () => {
  let ruleId: string;

  it('answers each list with its users, teams and apps, and REST reads the same rule', async () => {
    const created = await gql(CREATE, {
      input: {
        repositoryId: repoNodeId,
        pattern: 'release',
        requiresApprovingReviews: true,
        restrictsPushes: true,
        pushActorIds: [ids.carol, ids.core, ids.app, ids.carol],
        bypassPullRequestActorIds: [ids.dave, ids.app],
        bypassForcePushActorIds: [ids.core],
        restrictsReviewDismissals: true,
        reviewDismissalActorIds: [ids.carol, ids.core],
      },
    });
    expect(created.errors).toBeUndefined();
    const rule = created.data!.createBranchProtectionRule.branchProtectionRule;
    ruleId = rule.id;
    expect(rule.restrictsPushes).toBe(true);
    expect(rule.restrictsReviewDismissals).toBe(true);
    expect(rule.pushAllowances.totalCount).toBe(3);
    expect(actors(rule.pushAllowances)).toEqual(['User:carol', 'Team:core', 'App:deploy-bot']);
    expect(rule.pushAllowances.nodes[0].branchProtectionRule).toEqual({ pattern: 'release' });
    expect(actors(rule.bypassPullRequestAllowances)).toEqual(['User:dave', 'App:deploy-bot']);
    expect(actors(rule.bypassForcePushAllowances)).toEqual(['Team:core']);
    expect(actors(rule.reviewDismissalAllowances)).toEqual(['User:carol', 'Team:core']);
    expect(rule.pushAllowances.nodes.map((node: { id: string }) => node.id.slice(0, 3))).toEqual(['PA_', 'PA_', 'PA_']);
    expect(rule.bypassForcePushAllowances.nodes[0].id).toMatch(/^BFPA_/);
    expect(rule.bypassPullRequestAllowances.nodes[0].id).toMatch(/^BPRA_/);
    expect(rule.reviewDismissalAllowances.nodes[0].id).toMatch(/^RDA_/);
    // The same allowance keeps its id from one read to the next.
    const again = await gql(RULE, { id: ruleId });
    expect(again.data!.node.pushAllowances.nodes[0].id).toBe(rule.pushAllowances.nodes[0].id);

    const rest = await restProtection('release');
    expect(logins(rest.restrictions.users)).toEqual(['carol']);
    expect(logins(rest.required_pull_request_reviews.dismissal_restrictions.users)).toEqual(['carol']);
    expect(logins(rest.required_pull_request_reviews.bypass_pull_request_allowances.users)).toEqual(['dave']);
    // Teams and apps too, in GitHub's team and integration shapes.
    const slugs = (list: { slug: string }[]) => list.map((item) => item.slug);
    expect(slugs(rest.restrictions.teams)).toEqual(['core']);
    expect(slugs(rest.restrictions.apps)).toEqual(['deploy-bot']);
    expect(slugs(rest.required_pull_request_reviews.dismissal_restrictions.teams)).toEqual(['core']);
    expect(slugs(rest.required_pull_request_reviews.bypass_pull_request_allowances.apps)).toEqual(['deploy-bot']);
  });

  it('reads a page of actors in the same statements whatever its size', async () => {
    const count = async (pattern: string, actorIds: string[]) => {
      const made = await gql(CREATE, {
        input: { repositoryId: repoNodeId, pattern, restrictsPushes: true, pushActorIds: actorIds },
      });
      const id = made.data!.createBranchProtectionRule.branchProtectionRule.id;
      const query = onRule(`pushAllowances(first: 10) { nodes { ${ACTOR} } }`);
      await gql(query, { id }); // warm the token cache and the rate-limit lease
      statements.length = 0;
      const answer = await gql(query, { id });
      expect(answer.data!.node.pushAllowances.nodes).toHaveLength(actorIds.length);
      await gql(
        'mutation($id: ID!) { deleteBranchProtectionRule(input: { branchProtectionRuleId: $id }) { clientMutationId } }',
        { id },
      );
      return statements.filter((q) => !/\b(rate_limit\w*|tokens|oauth\w*|bus_\w*|pg_notify|LISTEN)\b/i.test(q)).length;
    };
    const narrow = await count('narrow', [ids.carol, ids.core, ids.app]);
    expect(await count('wide', [ids.carol, ids.dave, ids.core, ids.ops, ids.app, ids.app2])).toBe(narrow);
  });

  it('pages the lists as every connection', async () => {
    const first = await gql(
      onRule(`pushAllowances(first: 2) { totalCount pageInfo { hasNextPage endCursor } edges { node { ${ACTOR} } } }`),
      { id: ruleId },
    );
    const page = first.data!.node.pushAllowances;
    expect(page.totalCount).toBe(3);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.edges).toHaveLength(2);
    const next = await gql(
      onRule(`pushAllowances(first: 2, after: $after) { pageInfo { hasNextPage } nodes { ${ACTOR} } }`),
      {
        id: ruleId,
        after: page.pageInfo.endCursor,
      },
    );
    expect(actors(next.data!.node.pushAllowances)).toEqual(['App:deploy-bot']);
    expect(next.data!.node.pushAllowances.pageInfo.hasNextPage).toBe(false);
    const last = await gql(onRule(`reviewDismissalAllowances(last: 1) { nodes { ${ACTOR} } }`), { id: ruleId });
    expect(actors(last.data!.node.reviewDismissalAllowances)).toEqual(['Team:core']);

    const many = await gql(onRule('bypassForcePushAllowances(first: 101) { nodes { id } }'), { id: ruleId });
    expect(many.errors?.[0]?.type).toBe('EXCESSIVE_PAGINATION');
    const unbounded = await gql(onRule('bypassPullRequestAllowances { nodes { id } }'), { id: ruleId });
    expect(unbounded.errors?.[0]?.type).toBe('MISSING_PAGINATION_BOUNDARIES');

    // Counted in the query's nodes and cost before it runs: 10 rules, then 4 × 10 × 50 allowances.
    const priced = await gql(`{ rateLimit { nodeCount cost } repository(owner: "acme", name: "guarded") {
      branchProtectionRules(first: 10) { nodes {
        pushAllowances(first: 50) { nodes { id } } bypassPullRequestAllowances(first: 50) { nodes { id } }
        bypassForcePushAllowances(first: 50) { nodes { id } } reviewDismissalAllowances(first: 50) { nodes { id } } } } } }`);
    expect(priced.errors).toBeUndefined();
    expect(priced.data!.rateLimit.nodeCount).toBe(10 + 4 * 10 * 50);
  });

  it('resolves an allowance id through node for the rule’s readers only, while the rule lists the actor', async () => {
    const rule = (await gql(RULE, { id: ruleId })).data!.node;
    const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on PushAllowance { ${ACTOR} branchProtectionRule { pattern } } } }`;
    const carolsId = rule.pushAllowances.nodes[0].id as string;
    const found = await gql(NODE, { id: carolsId });
    expect(found.data!.node).toEqual({ __typename: 'PushAllowance', id: carolsId, ...rule.pushAllowances.nodes[0] });
    const nodes = await gql('query($ids: [ID!]!) { nodes(ids: $ids) { __typename } }', {
      ids: [rule.bypassForcePushAllowances.nodes[0].id, rule.reviewDismissalAllowances.nodes[1].id],
    });
    const types = nodes.data!.nodes.map((node: { __typename: string }) => node.__typename);
    expect(types).toEqual(['BypassForcePushAllowance', 'ReviewDismissalAllowance']);
    // A writer reads no rule, so no allowance either.
    const writer = await gql(NODE, { id: carolsId }, carol.token);
    expect(writer.errors?.[0]?.type).toBe('NOT_FOUND');
    // Another payload under the same prefix, or a cut one, names nothing.
    for (const bad of [carolsId.slice(0, -2), 'PA_AwEB', `PA_${Buffer.from([3, 47, 1, 3, 1]).toString('base64url')}`]) {
      const answer = await gql(NODE, { id: bad });
      expect(answer.errors?.[0]?.type, bad).toBe('NOT_FOUND');
    }
  });

  it('replaces a list given again, keeps one left out, and turns dismissal restrictions off', async () => {
    const carolsId = (await gql(RULE, { id: ruleId })).data!.node.pushAllowances.nodes[0].id;
    const updated = await gql(UPDATE, {
      input: { branchProtectionRuleId: ruleId, pushActorIds: [ids.dave], restrictsReviewDismissals: false },
    });
    expect(updated.errors).toBeUndefined();
    const rule = updated.data!.updateBranchProtectionRule.branchProtectionRule;
    expect(actors(rule.pushAllowances)).toEqual(['User:dave']);
    expect(actors(rule.bypassForcePushAllowances)).toEqual(['Team:core']);
    expect(actors(rule.bypassPullRequestAllowances)).toEqual(['User:dave', 'App:deploy-bot']);
    expect(rule.restrictsReviewDismissals).toBe(false);
    expect(rule.reviewDismissalAllowances.totalCount).toBe(0);
    const rest = await restProtection('release');
    expect(logins(rest.restrictions.users)).toEqual(['dave']);
    expect(rest.required_pull_request_reviews.dismissal_restrictions).toBeUndefined();

    const off = await gql(UPDATE, { input: { branchProtectionRuleId: ruleId, restrictsPushes: false } });
    expect(off.data!.updateBranchProtectionRule.branchProtectionRule.pushAllowances.totalCount).toBe(0);
    expect((await restProtection('release')).restrictions).toBeUndefined();
    const gone = await gql('query($id: ID!) { node(id: $id) { id } }', { id: carolsId });
    expect(gone.errors?.[0]?.type).toBe('NOT_FOUND');
  });

  it('refuses ids that name no actor of this repository with GitHub’s NOT_FOUND, changing nothing', async () => {
    for (const bad of ['U_nothing', repoNodeId, ids.foreignTeam, encodeNodeId('App', 999_999)]) {
      const answer = await gql(UPDATE, {
        input: { branchProtectionRuleId: ruleId, bypassForcePushActorIds: [ids.dave, bad] },
      });
      expect(answer.errors?.[0]).toMatchObject({
        type: 'NOT_FOUND',
        message: `Could not resolve to a node with the global id of '${bad}'`,
      });
    }
    const tooMany = await gql(UPDATE, {
      input: { branchProtectionRuleId: ruleId, pushActorIds: Array.from({ length: 101 }, () => ids.dave) },
    });
    expect(tooMany.errors?.[0]?.type).toBe('UNPROCESSABLE');
    const rule = await gql(RULE, { id: ruleId });
    expect(actors(rule.data!.node.bypassForcePushAllowances)).toEqual(['Team:core']);

    // Users and teams restrict organization repositories only (REST's rule); apps may be listed anywhere.
    const personal = await gql(CREATE, {
      input: { repositoryId: personalRepoNodeId, pattern: 'main', restrictsPushes: true, pushActorIds: [ids.carol] },
    });
    expect(personal.errors?.[0]).toMatchObject({
      type: 'UNPROCESSABLE',
      message: 'Only organization repositories can have users and team restrictions',
    });
    const withApp = await gql(CREATE, {
      input: { repositoryId: personalRepoNodeId, pattern: 'main', restrictsPushes: true, pushActorIds: [ids.app] },
    });
    expect(actors(withApp.data!.createBranchProtectionRule.branchProtectionRule.pushAllowances)).toEqual([
      'App:deploy-bot',
    ]);
  });
});

describe('allowances set through REST', () => {
  it('reads in GraphQL what REST stored, and a REST replacement keeps the force-push bypass list', async () => {
    const put = () =>
      server.api('/repos/acme/guarded/branches/rest-made/protection', {
        method: 'PUT',
        token: alice.token,
        body: {
          required_status_checks: null,
          enforce_admins: false,
          required_pull_request_reviews: {
            dismissal_restrictions: { users: ['dave'] },
            bypass_pull_request_allowances: { users: ['carol'] },
          },
          restrictions: { users: ['carol', 'dave'], teams: ['core'] },
        },
      });
    expect((await put()).status).toBe(200);
    const rules = await gql(`{ repository(owner: "acme", name: "guarded") {
      ref(qualifiedName: "rest-made") { branchProtectionRule { id ${LISTS} } } } }`);
    const rule = rules.data!.repository.ref.branchProtectionRule;
    expect(rule.restrictsPushes).toBe(true);
    expect(actors(rule.pushAllowances)).toEqual(['User:carol', 'User:dave', 'Team:core']);
    expect(rule.restrictsReviewDismissals).toBe(true);
    expect(actors(rule.reviewDismissalAllowances)).toEqual(['User:dave']);
    expect(actors(rule.bypassPullRequestAllowances)).toEqual(['User:carol']);
    expect(rule.bypassForcePushAllowances.totalCount).toBe(0);

    await gql(UPDATE, { input: { branchProtectionRuleId: rule.id, bypassForcePushActorIds: [ids.carol] } });
    expect((await put()).status).toBe(200);
    const after = await gql(RULE, { id: rule.id });
    expect(actors(after.data!.node.bypassForcePushAllowances)).toEqual(['User:carol']);
  });
});
