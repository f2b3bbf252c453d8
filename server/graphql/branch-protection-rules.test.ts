// GraphQL's branch protection rules (issue 37): created, read, changed and
// deleted by the repository's admins through the service REST uses (the
// rule is REST's too, and each change emits `branch_protection_rule`), glob
// patterns matched against the repository's branches, and nobody else sees
// or changes a rule: a reader or writer sees none, an installation needs
// `administration`. Lists are bounded like every connection (first ≤ 100).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationTokenFor } from '../test-support/apps.js';
import { grant } from '../test-support/grant.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { outboxReader } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let reader: TestUser;
let writer: TestUser;
let repoId: number;
let repoNodeId: string;
let adminApp: string;
let contentsApp: string;

const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
  graphqlOk(server, query, variables, token);

const RULE = `id databaseId pattern requiresApprovingReviews requiredApprovingReviewCount dismissesStaleReviews
  requiresCodeOwnerReviews requireLastPushApproval requiresStatusChecks requiresStrictStatusChecks
  requiredStatusCheckContexts requiredStatusChecks { context app { name } } isAdminEnforced requiresLinearHistory
  allowsForcePushes allowsDeletions requiresConversationResolution lockBranch restrictsPushes blocksCreations
  creator { login } repository { nameWithOwner }`;

const CREATE = `mutation($input: CreateBranchProtectionRuleInput!) {
  createBranchProtectionRule(input: $input) { clientMutationId branchProtectionRule { ${RULE} } } }`;
const UPDATE = `mutation($input: UpdateBranchProtectionRuleInput!) {
  updateBranchProtectionRule(input: $input) { branchProtectionRule { ${RULE} } } }`;
const DELETE = `mutation($input: DeleteBranchProtectionRuleInput!) {
  deleteBranchProtectionRule(input: $input) { clientMutationId } }`;
const RULES = `{ repository(owner: "alice", name: "guarded") {
  branchProtectionRules(first: 10) { totalCount nodes { pattern matchingRefs(first: 10) { totalCount nodes { name } } } }
  main: ref(qualifiedName: "main") { branchProtectionRule { pattern } }
  release: ref(qualifiedName: "release/1.0") { branchProtectionRule { pattern } } } }`;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  reader = await server.createUser('reader');
  writer = await server.createUser('writer');
  const repo = await server.createRepo(alice.token, { name: 'guarded', auto_init: true });
  repoId = repo.id;
  repoNodeId = repo.node_id;
  await grant(server, repoId, reader.id, 'read');
  await grant(server, repoId, writer.id, 'write');
  const main = await server.api('/repos/alice/guarded/git/ref/heads/main', { token: alice.token });
  const sha = ((await main.json()) as { object: { sha: string } }).object.sha;
  for (const ref of ['refs/heads/release/1.0', 'refs/heads/release/2.0', 'refs/heads/feature/x'])
    await server.api('/repos/alice/guarded/git/refs', { method: 'POST', token: alice.token, body: { ref, sha } });
  await server.api('/repos/alice/guarded/hooks', {
    method: 'POST',
    token: alice.token,
    body: { config: { url: 'https://example.com/hook' }, events: ['branch_protection_rule'] },
  });
  adminApp = await installationTokenFor(server, alice.id, 'Admin App', { administration: 'write', contents: 'read' });
  contentsApp = await installationTokenFor(server, alice.id, 'Contents App', { contents: 'write', issues: 'write' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('createBranchProtectionRule, updateBranchProtectionRule, deleteBranchProtectionRule', () => {
  it('creates rules (exact and glob), answers them everywhere, changes and deletes them with their events', async () => {
    const events = outboxReader(server, { repositoryIds: [repoId], events: ['branch_protection_rule'] });
    const created = await gql(CREATE, {
      input: {
        repositoryId: repoNodeId,
        pattern: 'main',
        clientMutationId: 'c1',
        requiresApprovingReviews: true,
        requiredApprovingReviewCount: 2,
        dismissesStaleReviews: true,
        requiresStatusChecks: true,
        requiresStrictStatusChecks: true,
        requiredStatusCheckContexts: ['ci/build'],
        requiresLinearHistory: true,
        isAdminEnforced: true,
      },
    });
    expect(created.errors).toBeUndefined();
    const rule = created.data!.createBranchProtectionRule.branchProtectionRule;
    expect(created.data!.createBranchProtectionRule.clientMutationId).toBe('c1');
    expect(rule).toMatchObject({
      pattern: 'main',
      requiresApprovingReviews: true,
      requiredApprovingReviewCount: 2,
      dismissesStaleReviews: true,
      requiresCodeOwnerReviews: false,
      requiresStatusChecks: true,
      requiresStrictStatusChecks: true,
      requiredStatusCheckContexts: ['ci/build'],
      requiredStatusChecks: [{ context: 'ci/build', app: null }],
      isAdminEnforced: true,
      requiresLinearHistory: true,
      allowsForcePushes: false,
      allowsDeletions: false,
      restrictsPushes: false,
      creator: { login: 'alice' },
      repository: { nameWithOwner: 'alice/guarded' },
    });
    expect(rule.id).toMatch(/^BPR_/);
    // One rule for both APIs: REST reads the rule GraphQL made.
    const rest = await server.api('/repos/alice/guarded/branches/main/protection', { token: alice.token });
    expect(rest.status).toBe(200);
    expect((await rest.json()).required_pull_request_reviews.required_approving_review_count).toBe(2);

    const glob = await gql(CREATE, {
      input: { repositoryId: repoNodeId, pattern: 'release/*', allowsDeletions: true },
    });
    const globRule = glob.data!.createBranchProtectionRule.branchProtectionRule;
    expect(globRule).toMatchObject({ pattern: 'release/*', allowsDeletions: true, requiresApprovingReviews: false });

    const read = await gql(RULES);
    expect(read.data!.repository).toEqual({
      branchProtectionRules: {
        totalCount: 2,
        nodes: [
          { pattern: 'main', matchingRefs: { totalCount: 1, nodes: [{ name: 'main' }] } },
          {
            pattern: 'release/*',
            matchingRefs: { totalCount: 2, nodes: [{ name: 'release/1.0' }, { name: 'release/2.0' }] },
          },
        ],
      },
      main: { branchProtectionRule: { pattern: 'main' } },
      release: { branchProtectionRule: { pattern: 'release/*' } },
    });
    const node = await gql(`query($id: ID!) { node(id: $id) { __typename ... on BranchProtectionRule { pattern } } }`, {
      id: globRule.id,
    });
    expect(node.data!.node).toEqual({ __typename: 'BranchProtectionRule', pattern: 'release/*' });

    const updated = await gql(UPDATE, {
      input: { branchProtectionRuleId: globRule.id, pattern: 'release/**', requiresApprovingReviews: true },
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data!.updateBranchProtectionRule.branchProtectionRule).toMatchObject({
      pattern: 'release/**',
      requiresApprovingReviews: true,
      requiredApprovingReviewCount: 1,
      allowsDeletions: true, // left out: kept
    });

    const deleted = await gql(DELETE, { input: { branchProtectionRuleId: globRule.id, clientMutationId: 'd1' } });
    expect(deleted.data!.deleteBranchProtectionRule).toEqual({ clientMutationId: 'd1' });
    const gone = await gql(`query($id: ID!) { node(id: $id) { id } }`, { id: globRule.id });
    expect(gone.errors?.[0]?.type).toBe('NOT_FOUND');

    const emitted = await events();
    expect(emitted.map((event) => [event.action, event.payload.rule.name])).toEqual([
      ['created', 'main'],
      ['created', 'release/*'],
      ['edited', 'release/**'],
      ['deleted', 'release/**'],
    ]);
    expect(emitted[0]!.payload.rule.required_approving_review_count).toBe(2);
  });

  it('refuses a pattern already protected, a blank one and a review count out of range, changing nothing', async () => {
    const again = await gql(CREATE, { input: { repositoryId: repoNodeId, pattern: 'main' } });
    expect(again.errors?.[0]).toMatchObject({ type: 'UNPROCESSABLE', message: 'Name already protected: main' });
    const blank = await gql(CREATE, { input: { repositoryId: repoNodeId, pattern: '  ' } });
    expect(blank.errors?.[0]?.type).toBe('UNPROCESSABLE');
    const count = await gql(CREATE, {
      input: {
        repositoryId: repoNodeId,
        pattern: 'dev',
        requiresApprovingReviews: true,
        requiredApprovingReviewCount: 7,
      },
    });
    expect(count.errors?.[0]?.type).toBe('UNPROCESSABLE');
    const nul = await gql(CREATE, { input: { repositoryId: repoNodeId, pattern: 'a\u0000b' } });
    expect(nul.errors?.[0]?.type).toBe('UNPROCESSABLE');
    const context = await gql(CREATE, {
      input: {
        repositoryId: repoNodeId,
        pattern: 'ctx',
        requiresStatusChecks: true,
        requiredStatusCheckContexts: ['c\u0000'],
      },
    });
    expect(context.errors?.[0]?.type).toBe('UNPROCESSABLE');
    const unknown = await gql(DELETE, { input: { branchProtectionRuleId: 'BPR_nothing' } });
    expect(unknown.errors?.[0]?.type).toBe('NOT_FOUND');
    const list = await gql('{ repository(owner: "alice", name: "guarded") { branchProtectionRules { totalCount } } }');
    expect(list.data!.repository.branchProtectionRules.totalCount).toBe(1);
  });
});

describe('who reads and changes rules', () => {
  const ruleId = async () =>
    (await gql('{ repository(owner: "alice", name: "guarded") { branchProtectionRules(first: 1) { nodes { id } } } }'))
      .data!.repository.branchProtectionRules.nodes[0].id as string;

  it('shows no rule to a reader or a writer, and refuses them the mutations', async () => {
    const id = await ruleId();
    for (const user of [reader, writer]) {
      const read = await gql(RULES, {}, user.token);
      expect(read.errors).toBeUndefined();
      expect(read.data!.repository.branchProtectionRules).toEqual({ totalCount: 0, nodes: [] });
      expect(read.data!.repository.main.branchProtectionRule).toBeNull();
      const node = await gql('query($id: ID!) { node(id: $id) { id } }', { id }, user.token);
      expect(node.errors?.[0]?.type).toBe('NOT_FOUND');
      const create = await gql(CREATE, { input: { repositoryId: repoNodeId, pattern: 'x' } }, user.token);
      expect(create.errors?.[0]).toMatchObject({
        type: 'FORBIDDEN',
        message: `${user.login} does not have the correct permissions to execute \`CreateBranchProtectionRule\``,
      });
      const update = await gql(UPDATE, { input: { branchProtectionRuleId: id, lockBranch: true } }, user.token);
      expect(update.errors?.[0]?.type).toBe('FORBIDDEN');
      const remove = await gql(DELETE, { input: { branchProtectionRuleId: id } }, user.token);
      expect(remove.errors?.[0]?.type).toBe('FORBIDDEN');
    }
  });

  it('answers a stranger of a private repository NOT_FOUND', async () => {
    const secret = await server.createRepo(alice.token, { name: 'hidden', private: true });
    const stranger = await server.createUser('stranger');
    const create = await gql(CREATE, { input: { repositoryId: secret.node_id, pattern: 'main' } }, stranger.token);
    expect(create.errors?.[0]?.type).toBe('NOT_FOUND');
  });

  it('lets an installation with administration read and write rules, and refuses one without it', async () => {
    const read = await gql(RULES, {}, adminApp);
    expect(read.errors).toBeUndefined();
    expect(read.data!.repository.branchProtectionRules.totalCount).toBe(1);
    const made = await gql(CREATE, { input: { repositoryId: repoNodeId, pattern: 'hotfix/*' } }, adminApp);
    expect(made.errors).toBeUndefined();
    expect(made.data!.createBranchProtectionRule.branchProtectionRule.creator.login).toBe('admin-app[bot]');

    const refused = await gql(RULES, {}, contentsApp);
    expect(refused.errors?.[0]).toMatchObject({ type: 'FORBIDDEN', message: 'Resource not accessible by integration' });
    const create = await gql(CREATE, { input: { repositoryId: repoNodeId, pattern: 'y' } }, contentsApp);
    expect(create.errors?.[0]).toMatchObject({ type: 'FORBIDDEN', message: 'Resource not accessible by integration' });
  });

  it('bounds the list as every connection: first at most 100, and one is needed to list', async () => {
    const many = await gql(
      '{ repository(owner: "alice", name: "guarded") { branchProtectionRules(first: 101) { nodes { id } } } }',
    );
    expect(many.errors?.[0]?.type).toBe('EXCESSIVE_PAGINATION');
    const none = await gql(
      '{ repository(owner: "alice", name: "guarded") { branchProtectionRules { nodes { id } } } }',
    );
    expect(none.errors?.[0]?.type).toBe('MISSING_PAGINATION_BOUNDARIES');
    const refs = await gql(
      '{ repository(owner: "alice", name: "guarded") { branchProtectionRules(first: 1) { nodes { matchingRefs(first: 101) { totalCount } } } } }',
    );
    expect(refs.errors?.[0]).toMatchObject({
      type: 'EXCESSIVE_PAGINATION',
      path: expect.arrayContaining(['matchingRefs']),
    });
  });
});
