// One table: an installation token narrowed to one permission × each kind of a
// private repository's data × every path to it (REST, GraphQL by repository
// and by node id, git over HTTP, the asset's browser download URL, search,
// the app's webhook). A path answers the data exactly when the permission
// opens its kind, as REST's declared permissions say (issue 32: GraphQL, git
// and the download URL used to hand everything to a `metadata`-only token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppHook } from '../apps/app-hooks/app-hooks-store.js';
import type { AppPermissions } from '../auth/principal.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken, type TestApp } from '../test-support/apps.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import type { GraphqlAnswer } from '../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { DATA_KIND_PERMISSIONS, type DataKind } from './data-kinds.js';

let server: TestServer;
let owner: TestUser;
let app: TestApp;
let installationId: number;
let git: GitCli;
const ids = {
  issueNode: '',
  pullNode: '',
  releaseNode: '',
  statusNode: '',
  assetId: 0,
  sha: '',
  tag: 'v1.0',
  asset: 'tool.bin',
};

async function ok(response: Response | Promise<Response>, status = 200): Promise<any> {
  const answer = await response;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return answer.json();
}

async function tokenWith(permissions: AppPermissions): Promise<string> {
  const issued = await requestInstallationToken(
    server,
    await appJwt(app, Math.floor(Date.now() / 1000)),
    installationId,
    { permissions },
  );
  expect(issued.status).toBe(201);
  return issued.body.token as string;
}

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
    reads: async (t) => (await git.run(['ls-remote', cloneUrl(server.url, 'ip-owner/vault.git', t)])).code === 0,
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
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  git = await gitCli();
  owner = await server.createUser('ip-owner');
  const t = owner.token;
  await ok(
    server.api('/user/repos', { method: 'POST', token: t, body: { name: 'vault', private: true, auto_init: true } }),
    201,
  );
  const issue = await ok(
    server.api('/repos/ip-owner/vault/issues', {
      method: 'POST',
      token: t,
      body: { title: 'secret issue', body: 'hidden' },
    }),
    201,
  );
  ids.issueNode = issue.node_id;
  await ok(
    server.api('/repos/ip-owner/vault/milestones', { method: 'POST', token: t, body: { title: 'secret milestone' } }),
    201,
  );
  const main = await ok(server.api('/repos/ip-owner/vault/git/ref/heads/main', { token: t }));
  ids.sha = main.object.sha;
  await ok(
    server.api('/repos/ip-owner/vault/git/refs', {
      method: 'POST',
      token: t,
      body: { ref: 'refs/heads/topic', sha: ids.sha },
    }),
    201,
  );
  await ok(
    server.api('/repos/ip-owner/vault/contents/topic.txt', {
      method: 'PUT',
      token: t,
      body: { message: 'topic', content: 'dG9waWM=', branch: 'topic' },
    }),
    201,
  );
  const pull = await ok(
    server.api('/repos/ip-owner/vault/pulls', {
      method: 'POST',
      token: t,
      body: { title: 'secret pull', head: 'topic', base: 'main' },
    }),
    201,
  );
  ids.pullNode = pull.node_id;
  ids.statusNode = (
    await ok(
      server.api(`/repos/ip-owner/vault/statuses/${ids.sha}`, {
        method: 'POST',
        token: t,
        body: { state: 'success', context: 'ci' },
      }),
      201,
    )
  ).node_id;
  const release = await ok(
    server.api('/repos/ip-owner/vault/releases', {
      method: 'POST',
      token: t,
      body: { tag_name: ids.tag, target_commitish: 'main' },
    }),
    201,
  );
  ids.releaseNode = release.node_id;
  const upload = await fetch((release.upload_url as string).replace('{?name,label}', `?name=${ids.asset}`), {
    method: 'POST',
    headers: { authorization: `token ${t}`, 'content-type': 'application/octet-stream' },
    body: 'bytes',
  });
  expect(upload.status).toBe(201);
  ids.assetId = ((await upload.json()) as { id: number }).id;
  app = await createTestApp(
    server,
    owner.id,
    'Narrow Reader',
    {
      metadata: 'read',
      contents: 'write',
      issues: 'write',
      pull_requests: 'write',
      statuses: 'write',
      checks: 'write',
      administration: 'write',
    },
    ['issues', 'pull_request', 'push'],
  );
  installationId = (await installTestApp(server, app.app, owner.id)).id;
});
afterAll(async () => {
  await git?.close();
  await server?.close();
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

describe('git push', () => {
  it('needs contents: write; administration: write alone (an admin role elsewhere) pushes nothing', async () => {
    const dir = `${git.home}/push-work`;
    await git.ok(['clone', cloneUrl(server.url, 'ip-owner/vault.git', owner.token, owner.login), dir]);
    await git.ok(['commit', '--allow-empty', '-m', 'by app'], { cwd: dir });
    for (const permissions of [
      { contents: 'read' },
      { administration: 'write' },
      { issues: 'write' },
    ] as AppPermissions[]) {
      const pushed = await git.run(
        ['push', cloneUrl(server.url, 'ip-owner/vault.git', await tokenWith(permissions)), 'HEAD:refs/heads/from-app'],
        { cwd: dir },
      );
      expect(pushed.code, JSON.stringify(permissions)).not.toBe(0);
    }
    const pushed = await git.run(
      [
        'push',
        cloneUrl(server.url, 'ip-owner/vault.git', await tokenWith({ contents: 'write' })),
        'HEAD:refs/heads/from-app',
      ],
      { cwd: dir },
    );
    expect(pushed.code, pushed.stderr).toBe(0);
  });
});

describe("the app's webhook", () => {
  it('gets an event only when its installation holds the permission of the event', async () => {
    await server.sql.begin((tx) => setAppHook(tx, app.app.id, { url: 'http://127.0.0.1:9/hook' }));
    const appJobs = async () =>
      (
        await server.sql<{ event: string }[]>`
      SELECT j.event FROM webhook_jobs j JOIN hooks h ON h.id = j.hook_id WHERE h.app_id = ${app.app.id} AND j.event <> 'ping' ORDER BY j.id`
      ).map((row) => row.event);
    await ok(
      server.api('/repos/ip-owner/vault/issues', {
        method: 'POST',
        token: owner.token,
        body: { title: 'seen by the app' },
      }),
      201,
    );
    expect(await appJobs()).toEqual(['issues']);
    // The same app installed with pull requests only: issues events no longer reach it.
    await installTestApp(server, app.app, owner.id, { permissions: { metadata: 'read', pull_requests: 'read' } });
    await ok(
      server.api('/repos/ip-owner/vault/issues', {
        method: 'POST',
        token: owner.token,
        body: { title: 'not for the app' },
      }),
      201,
    );
    await ok(
      server.api('/repos/ip-owner/vault/pulls/2', {
        method: 'PATCH',
        token: owner.token,
        body: { title: 'renamed pull' },
      }),
    );
    expect(await appJobs()).toEqual(['issues', 'pull_request']);
  });
});
