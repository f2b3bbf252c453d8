// The data hostile-strings.test.ts sends its requests against: a test server
// with octocat/Hello-World (the name the spec's examples use, so their bodies
// name real users, labels and milestones), a branch, issue 1 with a comment
// and a reaction, pull request 2 with a review and a review comment,
// milestone 1, a release with an asset, a hook, a commit status, a check run
// of an installed app, a gist, and octocat/scratch for the operations that could
// rename or delete the repository they are sent to. `paramValue` gives each
// path parameter a value that names one of these.
import { apiOk } from '../server/test-support/api-call.js';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../server/test-support/apps.js';
import { createFixtureRepository } from '../server/test-support/repository-fixture.js';
import { startTestServer, type TestServer, type TestUser } from '../server/test-support/test-server.js';
import { createTeam } from '../server/teams/team-service.js';

export interface HostileFixture {
  server: TestServer;
  owner: TestUser;
  /** An app JWT of the installed app (the app-jwt operations). */
  appToken: string;
  /** The value of path parameter `name` of operation `operationId` (at `path`). */
  paramValue(operationId: string, path: string, name: string): string;
}

/** Operations sent to octocat/scratch: their bodies could rename or delete the repository. */
const SCRATCH = new Set(['repos/update', 'repos/delete']);

export async function startHostileFixture(): Promise<HostileFixture> {
  const server = await startTestServer({
    WHARF_WEBHOOK_DISPATCH: 'off',
    WHARF_RATE_LIMIT_AUTHENTICATED: '1000000000',
    WHARF_RATE_LIMIT_UNAUTHENTICATED: '1000000000',
    WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED: '1000000000',
    WHARF_RATE_LIMIT_SEARCH_UNAUTHENTICATED: '1000000000',
  });
  const owner = await server.createUser('octocat');
  const hubot = await server.createUser('hubot');
  const org = await server.createOrg('wharf-org', owner.id);
  // A team of the organization (issue 37), the name the spec's examples use.
  await createTeam(
    { sql: server.sql, bus: server.services.bus },
    org.id,
    { name: 'Justice League', privacy: 'closed' },
    owner.id,
  );
  const repo = await createFixtureRepository(server, owner, 'Hello-World');
  await createFixtureRepository(server, owner, 'scratch');
  const call = (path: string, method = 'GET', body?: unknown, token = owner.token) =>
    apiOk(server, `${repo.path}${path}`, { method, token, body });

  await call('/git/refs', 'POST', { ref: 'refs/heads/featureA', sha: repo.head });
  const change = await call('/contents/feature.txt', 'PUT', {
    message: 'a feature',
    content: Buffer.from('feature\n').toString('base64'),
    branch: 'featureA',
  });
  const milestone = await call('/milestones', 'POST', { title: 'v1.0' });
  const issue = await call('/issues', 'POST', {
    title: 'Found a bug',
    body: 'A problem',
    labels: ['bug'],
    assignees: ['octocat'],
    milestone: milestone.number,
  });
  const comment = await call(`/issues/${issue.number}/comments`, 'POST', { body: 'Me too' });
  const reaction = await call(`/issues/${issue.number}/reactions`, 'POST', { content: 'heart' });
  const [event] = await call(`/issues/${issue.number}/events`);
  const pull = await call('/pulls', 'POST', { title: 'A feature', head: 'featureA', base: 'main' });
  const reviewComment = await call(`/pulls/${pull.number}/comments`, 'POST', {
    body: 'Why?',
    commit_id: change.commit.sha,
    path: 'feature.txt',
    line: 1,
  });
  const review = await call(`/pulls/${pull.number}/reviews`, 'POST', { body: 'Looks fine', event: 'COMMENT' });
  const release = await call('/releases', 'POST', { tag_name: 'v1.0', name: 'v1.0' });
  const asset = (await (
    await fetch(`${server.url}/api/uploads${repo.path}/releases/${release.id}/assets?name=tool.bin`, {
      method: 'POST',
      headers: { authorization: `token ${owner.token}`, 'content-type': 'application/octet-stream' },
      body: 'bytes',
    })
  ).json()) as { id: number };
  const hook = await call('/hooks', 'POST', { config: { url: 'https://example.com/hook' }, events: ['push'] });
  await call(`/statuses/${repo.head}`, 'POST', { state: 'success', context: 'ci/fuzz' });

  const app = await createTestApp(server, owner.id, 'Fuzz App', {
    checks: 'write',
    contents: 'write',
    issues: 'write',
  });
  const installation = await installTestApp(server, app.app, owner.id);
  const appToken = await appJwt(app, Math.floor(Date.now() / 1000));
  const { body: granted } = await requestInstallationToken(server, appToken, installation.id);
  const run = await call('/check-runs', 'POST', { name: 'ci', head_sha: repo.head }, granted.token as string);
  const throwaway = await server.services.tokens.create(owner.id, 'personal', ['repo']);
  const gist = await apiOk(server, '/gists', {
    method: 'POST',
    token: owner.token,
    body: { public: true, files: { 'hello_world.rb': { content: 'puts "hello"\n' } } },
  });
  const gistComment = await apiOk(server, `/gists/${gist.id}/comments`, {
    method: 'POST',
    token: owner.token,
    body: { body: 'A gist comment' },
  });

  // An invitation of hubot to the repository (issue 37's invitation operations).
  const invitation = await call('/collaborators/hubot', 'PUT', { permission: 'push' });
  // An invitation of hubot to wharf-org (issue 37's organization invitation operations).
  const orgInvitation = await apiOk(server, '/orgs/wharf-org/invitations', {
    method: 'POST',
    token: await server.tokenFor(owner.id, ['admin:org']),
    body: { invitee_id: hubot.id },
  });

  const values: Record<string, string | number> = {
    owner: owner.login,
    repo: repo.name,
    username: owner.login,
    org: 'wharf-org',
    assignee: owner.login,
    path: 'README.md',
    dir: 'docs',
    basehead: 'main...featureA',
    branch: 'main',
    name: 'bug',
    tag: 'v1.0',
    client_id: app.app.client_id,
    sha: repo.head,
    commit_sha: repo.head,
    tree_sha: repo.head,
    file_sha: repo.head,
    tag_sha: repo.head,
    authorization_id: throwaway.id,
    repository_id: repo.id,
    hook_id: hook.id,
    delivery_id: 1,
    milestone_number: milestone.number,
    installation_id: installation.id,
    check_run_id: run.id,
    check_suite_id: run.check_suite.id,
    issue_number: issue.number,
    pull_number: pull.number,
    event_id: event.id,
    reaction_id: reaction.id,
    release_id: release.id,
    asset_id: asset.id,
    review_id: review.id,
    license: 'mit',
    key: 'contributor_covenant',
    gist_id: gist.id,
    invitation_id: invitation.id,
    team_slug: 'justice-league',
  };
  return {
    server,
    owner,
    appToken,
    paramValue(operationId, path, name) {
      if (name === 'repo' && SCRATCH.has(operationId)) return 'scratch';
      // The git refs operations name a ref under refs/; the others a branch.
      if (name === 'ref') return path.includes('/git/') ? 'heads/main' : 'main';
      if (name === 'name' && operationId === 'gitignore/get-template') return 'Node';
      if (name === 'invitation_id' && path.startsWith('/orgs/')) return String(orgInvitation.id);
      if (name === 'comment_id' && path.startsWith('/gists/')) return String(gistComment.id);
      if (name === 'comment_id') return String(path.includes('/pulls/') ? reviewComment.id : comment.id);
      // A gist's revision, not the repository's commit.
      if (name === 'sha' && path.startsWith('/gists/')) return gist.history[0].version;
      const value = values[name];
      if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
      return String(value);
    },
  };
}
