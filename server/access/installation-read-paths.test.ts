// One table: an installation token narrowed to one permission × each kind of a
// private repository's data × every path to it (REST, GraphQL by repository
// and by node id, git over HTTP, the asset's browser download URL, search).
// A path answers the data exactly when the permission opens its kind, as
// REST's declared permissions say (issue 32: GraphQL, git and the download URL
// used to hand everything to a `metadata`-only token). Pushing and the app's
// webhook are in installation-push-webhook.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppPermissions } from '../auth/principal.js';
import { cloneUrl } from '../test-support/git-cli.js';
import type { GraphqlAnswer } from '../test-support/graphql-call.js';
import {
  ok,
  startInstallationVault,
  type InstallationVaultScenario,
  type VaultIds,
} from '../test-support/installation-vault-scenario.js';
import type { TestServer } from '../test-support/test-server.js';
import { DATA_KIND_PERMISSIONS, type DataKind } from './data-kinds.js';

let vault: InstallationVaultScenario;
let server: TestServer;
let ids: VaultIds;
const tokenWith = (permissions: AppPermissions) => vault.tokenWith(permissions);

async function graphql(token: string, query: string): Promise<GraphqlAnswer> {
  return ok(server.api('/api/graphql', { method: 'POST', token, body: { query } }));
}

/** true: the data came back; false: GitHub's FORBIDDEN for an integration. Anything else fails the test. */
async function graphqlReads(
  token: string,
  query: string,
  pick: (data: Record<string, any>) => unknown,
): Promise<boolean> {
  const answer = await graphql(token, query);
  const forbidden = (answer.errors ?? []).filter(
    (e) => e.type === 'FORBIDDEN' && e.message === 'Resource not accessible by integration',
  );
  expect(answer.errors?.length ?? 0, JSON.stringify(answer.errors)).toBe(forbidden.length);
  if (forbidden.length > 0) return false;
  expect(pick(answer.data!), JSON.stringify(answer.data)).toBeTruthy();
  return true;
}

async function restReads(token: string, path: string): Promise<boolean> {
  const response = await server.api(path, { token });
  if (response.status === 403) {
    expect(((await response.json()) as { message: string }).message).toBe('Resource not accessible by integration');
    return false;
  }
  expect(response.status, path).toBe(200);
  return true;
}

/** A download route answered with its signed URL (302), or refused as REST refuses the integration (403). */
async function redirects(token: string, path: string, headers: Record<string, string> = {}): Promise<boolean> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { authorization: `token ${token}`, ...headers },
    redirect: 'manual',
  });
  expect([302, 403], path).toContain(response.status);
  return response.status === 302;
}

const REPO = 'repository(owner: "ip-owner", name: "vault")';

/** Every path to each kind of data: true when the token read it. */
const PATHS: { kind: DataKind; path: string; reads: (token: string) => Promise<boolean> }[] = [
  { kind: 'contents', path: 'REST contents', reads: (t) => restReads(t, '/repos/ip-owner/vault/contents/README.md') },
  {
    kind: 'contents',
    path: 'GraphQL blob text',
    reads: (t) =>
      graphqlReads(
        t,
        `{ ${REPO} { object(expression: "HEAD:README.md") { ... on Blob { text } } } }`,
        (d) => d.repository.object?.text,
      ),
  },
  {
    kind: 'contents',
    path: 'GraphQL history',
    reads: (t) =>
      graphqlReads(
        t,
        `{ ${REPO} { defaultBranchRef { target { ... on Commit { history(first: 1) { nodes { message } } } } } } }`,
        (d) => d.repository.defaultBranchRef?.target.history.nodes[0].message,
      ),
  },
  {
    kind: 'contents',
    path: 'GraphQL releases',
    reads: (t) =>
      graphqlReads(
        t,
        `{ ${REPO} { releases(first: 5) { nodes { tagName } } } }`,
        (d) => d.repository.releases?.nodes[0].tagName,
      ),
  },
  {
    kind: 'contents',
    path: 'GraphQL release node',
    reads: (t) =>
      graphqlReads(t, `{ node(id: "${ids.releaseNode}") { ... on Release { tagName } } }`, (d) => d.node?.tagName),
  },
  {
    kind: 'contents',
    path: 'git fetch',
    reads: async (t) => (await vault.git.run(['ls-remote', cloneUrl(server.url, 'ip-owner/vault.git', t)])).code === 0,
  },
  {
    kind: 'contents',
    path: 'asset browser download',
    reads: async (t) => {
      const response = await fetch(`${server.url}/ip-owner/vault/releases/download/${ids.tag}/${ids.asset}`, {
        headers: { authorization: `token ${t}` },
        redirect: 'manual',
      });
      expect([302, 404]).toContain(response.status);
      return response.status === 302;
    },
  },
  { kind: 'contents', path: 'tarball URL', reads: (t) => redirects(t, '/repos/ip-owner/vault/tarball/main') },
  {
    kind: 'contents',
    path: 'asset URL',
    reads: (t) =>
      redirects(t, `/repos/ip-owner/vault/releases/assets/${ids.assetId}`, { accept: 'application/octet-stream' }),
  },
  { kind: 'issues', path: 'REST issue', reads: (t) => restReads(t, '/repos/ip-owner/vault/issues/1') },
  {
    kind: 'issues',
    path: 'GraphQL issue',
    reads: (t) => graphqlReads(t, `{ ${REPO} { issue(number: 1) { title body } } }`, (d) => d.repository.issue?.title),
  },
  {
    kind: 'issues',
    path: 'GraphQL issues',
    reads: (t) =>
      graphqlReads(
        t,
        `{ ${REPO} { issues(first: 5) { totalCount nodes { title } } } }`,
        (d) => d.repository.issues?.nodes[0].title,
      ),
  },
  {
    kind: 'issues',
    path: 'GraphQL issue node',
    reads: (t) =>
      graphqlReads(t, `{ nodes(ids: ["${ids.issueNode}"]) { ... on Issue { title } } }`, (d) => d.nodes[0]?.title),
  },
  {
    // A repository the caller may not search is GitHub's 422 for its `repo:` qualifier.
    kind: 'issues',
    path: 'REST search',
    reads: async (t) => {
      const response = await server.api('/search/issues?q=repo:ip-owner/vault+is:issue', { token: t });
      expect([200, 422]).toContain(response.status);
      return response.status === 200 && ((await response.json()) as { total_count: number }).total_count > 0;
    },
  },
  { kind: 'pull_requests', path: 'REST pull request', reads: (t) => restReads(t, '/repos/ip-owner/vault/pulls/2') },
  {
    kind: 'pull_requests',
    path: 'GraphQL pull request',
    reads: (t) =>
      graphqlReads(t, `{ ${REPO} { pullRequest(number: 2) { title } } }`, (d) => d.repository.pullRequest?.title),
  },
  {
    kind: 'pull_requests',
    path: 'GraphQL pull request node',
    reads: (t) =>
      graphqlReads(t, `{ node(id: "${ids.pullNode}") { ... on PullRequest { title } } }`, (d) => d.node?.title),
  },
  {
    kind: 'pull_requests',
    path: 'GraphQL search',
    reads: async (t) => {
      const answer = await graphql(
        t,
        '{ search(type: ISSUE, query: "repo:ip-owner/vault is:pr", first: 5) { issueCount } }',
      );
      if (answer.errors) {
        expect(answer.errors.map((e) => e.message)).toEqual([expect.stringContaining('cannot be searched')]);
        return false;
      }
      return (answer.data!.search.issueCount as number) > 0;
    },
  },
  {
    kind: 'issues_or_pull_requests',
    path: 'GraphQL milestones',
    reads: (t) =>
      graphqlReads(
        t,
        `{ ${REPO} { milestones(first: 5) { nodes { title } } } }`,
        (d) => d.repository.milestones?.nodes[0].title,
      ),
  },
  {
    kind: 'issues_or_pull_requests',
    path: 'GraphQL issue labels',
    reads: (t) =>
      graphqlReads(t, `{ ${REPO} { labels(first: 5) { nodes { name } } } }`, (d) => d.repository.labels?.nodes[0].name),
  },
  {
    kind: 'commit',
    path: 'GraphQL commit message',
    reads: (t) =>
      graphqlReads(
        t,
        `{ ${REPO} { object(oid: "${ids.sha}") { ... on Commit { message } } } }`,
        (d) => d.repository.object?.message,
      ),
  },
  {
    kind: 'statuses',
    path: 'REST combined status',
    reads: (t) => restReads(t, `/repos/ip-owner/vault/commits/${ids.sha}/status`),
  },
  {
    kind: 'statuses',
    path: 'GraphQL commit status',
    reads: (t) =>
      graphqlReads(
        t,
        `{ ${REPO} { object(oid: "${ids.sha}") { ... on Commit { status { state } } } } }`,
        (d) => d.repository.object?.status?.state,
      ),
  },
  {
    kind: 'statuses',
    path: 'GraphQL status node',
    reads: (t) =>
      graphqlReads(t, `{ node(id: "${ids.statusNode}") { ... on StatusContext { state } } }`, (d) => d.node?.state),
  },
];

/** Each token holds one permission (and metadata, as every app); a kind opens to any of its permissions (data-kinds.ts). */
const GRANTS: AppPermissions[] = [
  { metadata: 'read' },
  { contents: 'read' },
  { issues: 'read' },
  { pull_requests: 'read' },
  { statuses: 'read' },
  { checks: 'write', administration: 'write' },
];
const opens = (grant: AppPermissions, kind: DataKind) => DATA_KIND_PERMISSIONS[kind].some((name) => name in grant);

beforeAll(async () => {
  vault = await startInstallationVault();
  ({ server, ids } = vault);
});
afterAll(async () => {
  await vault?.close();
});

describe('an installation token reads a kind of data on every path exactly when its permissions open it', () => {
  for (const grant of GRANTS) {
    it(JSON.stringify(grant), async () => {
      const token = await tokenWith(grant);
      const outcome: Record<string, boolean> = {};
      const expected: Record<string, boolean> = {};
      for (const path of PATHS) {
        outcome[`${path.kind} via ${path.path}`] = await path.reads(token);
        expected[`${path.kind} via ${path.path}`] = opens(grant, path.kind);
      }
      expect(outcome).toEqual(expected);
    });
  }

  it('metadata stays readable to every token', async () => {
    const token = await tokenWith({ metadata: 'read' });
    const answer = await graphql(token, `{ ${REPO} { name isPrivate } }`);
    expect(answer).toEqual({ data: { repository: { name: 'vault', isPrivate: true } } });
  });
});
