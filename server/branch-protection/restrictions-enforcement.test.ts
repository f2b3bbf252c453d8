// Teams and apps in push restrictions and review bypass allowances, enforced
// (push-restrictions.ts): a member of a listed team, or of a child team of
// one, pushes with git and moves the branch through the refs API while a
// writer who is not listed is refused on both; a listed app's installation
// token writes through the contents API while another app's is refused; a
// team listed in bypass_pull_request_allowances merges without the review,
// and one listed in dismissal_restrictions is alone to dismiss (REST and GraphQL).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appJwt, createTestApp, installTestApp, requestInstallationToken } from '../test-support/apps.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { createTeam, setTeamMember, setTeamRepository } from '../teams/team-service.js';

let server: TestServer;
let alice: TestUser;
let carol: TestUser;
let erin: TestUser;
let dave: TestUser;
let git: GitCli;
let listedAppToken: string;
let otherAppToken: string;

const REPO = 'acme/kept';
const tip = async () =>
  ((await (await server.api(`/repos/${REPO}/branches/main`, { token: alice.token })).json()) as any).commit.sha;

async function appToken(orgId: number, name: string): Promise<string> {
  const app = await createTestApp(server, alice.id, name, { contents: 'write', pull_requests: 'write' });
  const installation = await installTestApp(server, app.app, orgId);
  const { body } = await requestInstallationToken(
    server,
    await appJwt(app, Math.floor(Date.now() / 1000)),
    installation.id,
  );
  return body.token as string;
}

/** A clone of the repository as `user`, with one new commit on `main`; its directory. */
let clones = 0;
async function cloneWithCommit(user: TestUser): Promise<string> {
  const work = join(git.home, `kept-${user.login}-${++clones}`);
  await git.ok(['clone', '--quiet', cloneUrl(server.url, `${REPO}.git`, user.token), work]);
  await git.ok(['-c', 'core.hooksPath=/dev/null', 'commit', '--quiet', '--allow-empty', '-m', `by ${user.login}`], {
    cwd: work,
  });
  return work;
}

const protect = (body: Record<string, unknown>) =>
  server.api(`/repos/${REPO}/branches/main/protection`, {
    method: 'PUT',
    token: alice.token,
    body: { required_status_checks: null, enforce_admins: true, required_pull_request_reviews: null, ...body },
  });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  carol = await server.createUser('carol');
  erin = await server.createUser('erin');
  dave = await server.createUser('dave');
  const org = await server.createOrg('acme', alice.id);
  for (const user of [carol, erin, dave]) await server.services.accounts.addMember(org.id, user.id, 'member');
  const created = await server.api('/orgs/acme/repos', {
    method: 'POST',
    token: alice.token,
    body: { name: 'kept', auto_init: true },
  });
  const repoId = ((await created.json()) as { id: number }).id;
  const deps = { sql: server.sql, bus: server.services.bus };
  // Everyone writes through a team: `writers` gives push, `pushers` (under it) is the one restrictions name.
  const writers = await createTeam(deps, org.id, { name: 'Writers', privacy: 'closed' }, null);
  await setTeamRepository(deps, writers, repoId, 'push');
  const pushers = await createTeam(deps, org.id, { name: 'Pushers', parent_team_id: writers.id }, null);
  const sub = await createTeam(deps, org.id, { name: 'Sub', parent_team_id: pushers.id }, null);
  await setTeamMember(deps, pushers, carol.id, 'member');
  await setTeamMember(deps, sub, erin.id, 'member');
  await setTeamMember(deps, writers, dave.id, 'member');
  listedAppToken = await appToken(org.id, 'Deploy Bot');
  otherAppToken = await appToken(org.id, 'Other Bot');
  git = await gitCli();
  const put = await protect({ restrictions: { users: [], teams: ['pushers'], apps: ['deploy-bot'] } });
  expect(put.status).toBe(200);
}, 90_000);
afterAll(async () => {
  await git?.close();
  await server?.close();
});

describe('teams and apps in push restrictions', () => {
  it('let members of a listed team and of its child team push with git, and refuse a writer who is not listed', async () => {
    const refused = await git.run(['push', 'origin', 'main'], { cwd: await cloneWithCommit(dave) });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("remote: error: You're not authorized to push to this branch.");

    const byCarol = await cloneWithCommit(carol);
    await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: byCarol });
    expect(await tip()).toBe(await git.ok(['rev-parse', 'HEAD'], { cwd: byCarol }));

    const byErin = await cloneWithCommit(erin);
    await git.ok(['push', '--quiet', 'origin', 'main'], { cwd: byErin });
    expect(await tip()).toBe(await git.ok(['rev-parse', 'HEAD'], { cwd: byErin }));
  });

  it('apply the same lists to the refs API', async () => {
    const work = await cloneWithCommit(dave);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:refs/heads/next'], { cwd: work });
    const sha = await git.ok(['rev-parse', 'HEAD'], { cwd: work });
    const move = (token: string) =>
      server.api(`/repos/${REPO}/git/refs/heads/main`, { method: 'PATCH', token, body: { sha } });
    const refused = await move(dave.token);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as any).message).toContain("You're not authorized to push to this branch.");
    expect((await move(erin.token)).status).toBe(200);
    expect(await tip()).toBe(sha);
  });

  it("let a listed app's installation token write, and refuse another app's", async () => {
    const file = (name: string) => ({
      message: name,
      content: Buffer.from(`${name}\n`).toString('base64'),
      branch: 'main',
    });
    const other = await server.api(`/repos/${REPO}/contents/other.txt`, {
      method: 'PUT',
      token: otherAppToken,
      body: file('other'),
    });
    expect(other.status).toBe(409);
    const listed = await server.api(`/repos/${REPO}/contents/deploy.txt`, {
      method: 'PUT',
      token: listedAppToken,
      body: file('deploy'),
    });
    expect(listed.status).toBe(201);
  });
});

describe('teams in review bypass allowances', () => {
  it('let a member of a listed team merge without the review the rule asks, and hold a writer who is not', async () => {
    const put = await protect({
      enforce_admins: false,
      restrictions: null,
      required_pull_request_reviews: {
        required_approving_review_count: 1,
        bypass_pull_request_allowances: { teams: ['pushers'] },
      },
    });
    expect(put.status).toBe(200);
    const work = await cloneWithCommit(dave);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:refs/heads/side'], { cwd: work });
    const opened = await server.api(`/repos/${REPO}/pulls`, {
      method: 'POST',
      token: dave.token,
      body: { title: 'side', head: 'side', base: 'main' },
    });
    const { number } = (await opened.json()) as { number: number };
    const merge = (token: string) =>
      server.api(`/repos/${REPO}/pulls/${number}/merge`, { method: 'PUT', token, body: {} });
    const held = await merge(dave.token);
    expect(held.status).toBe(405);
    expect(((await held.json()) as any).message).toContain('approving review');
    expect((await merge(erin.token)).status).toBe(200);
  });
});

describe('teams in dismissal restrictions', () => {
  it('let only members of a listed team dismiss a review, through REST and GraphQL alike', async () => {
    const put = await protect({
      enforce_admins: false,
      restrictions: null,
      required_pull_request_reviews: {
        required_approving_review_count: 1,
        dismissal_restrictions: { teams: ['pushers'] },
      },
    });
    expect(put.status).toBe(200);
    const work = await cloneWithCommit(dave);
    await git.ok(['push', '--quiet', 'origin', 'HEAD:refs/heads/dismissed'], { cwd: work });
    const opened = await server.api(`/repos/${REPO}/pulls`, {
      method: 'POST',
      token: dave.token,
      body: { title: 'dismissed', head: 'dismissed', base: 'main' },
    });
    const { number } = (await opened.json()) as { number: number };
    const approved = await server.api(`/repos/${REPO}/pulls/${number}/reviews`, {
      method: 'POST',
      token: carol.token,
      body: { event: 'APPROVE' },
    });
    const review = (await approved.json()) as { id: number; node_id: string };
    const dismiss = (token: string) =>
      server.api(`/repos/${REPO}/pulls/${number}/reviews/${review.id}/dismissals`, {
        method: 'PUT',
        token,
        body: { message: 'stale' },
      });
    const refused = await dismiss(dave.token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).message).toBe('You are not authorized to dismiss reviews on this branch.');
    const graphql = await server.api('/api/graphql', {
      method: 'POST',
      token: dave.token,
      body: {
        query: `mutation { dismissPullRequestReview(input: {pullRequestReviewId: "${review.node_id}", message: "stale"}) { pullRequestReview { state } } }`,
      },
    });
    // GraphQL words a refusal as its other FORBIDDEN mutations do.
    expect(((await graphql.json()) as any).errors?.[0]?.message).toContain('does not have the correct permissions');
    // Still an approval: erin's dismissal is the first.
    const allowed = await dismiss(erin.token);
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as any).state).toBe('DISMISSED');
  });
});
