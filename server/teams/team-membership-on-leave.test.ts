// A user who leaves an organization leaves its teams (issue 37), by every
// path: DELETE /orgs/{org}/members/{u}, DELETE /orgs/{org}/memberships/{u},
// the conversion to an outside collaborator and `wharf admin remove-member`.
// Each is one `organization` member_removed, then exactly one `membership`
// removed (scope team) per team they were in, in the removal's transaction,
// every payload valid against GitHub's schema (@octokit/openapi-webhooks);
// their team rows go and the access the teams gave goes in every process at
// once; the review requests made to those teams stay as they were. Joining by
// an invitation with teams is one `membership` added per team, the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type CallOptions } from '../test-support/api-call.js';
import { eventually, wharfCli } from '../test-support/cli.js';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const SCOPES = ['repo', 'admin:org', 'admin:org_hook', 'user'];
let server: TestServer;
let owner: TestUser;
let orgId: number;
let orgHook: number;
let seen = 0;
const teamIds: Record<string, number> = {};

interface Job {
  event: string;
  action: string | null;
  payload: Record<string, any>;
}

async function ok(path: string, options: CallOptions = {}) {
  const answer = await apiCall(server, path, { token: owner.token, ...options });
  expect(answer.status, `${options.method ?? 'GET'} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return answer.json;
}

/** The organization hook's jobs since the last call, each checked against GitHub's schema. */
async function newJobs(): Promise<Job[]> {
  const rows = await server.sql<{ id: number; event: string; action: string | null; payload: string }[]>`
    SELECT id, event, action, payload FROM webhook_jobs WHERE id > ${seen} AND hook_id = ${orgHook} ORDER BY id`;
  seen = Math.max(seen, ...rows.map((r) => r.id));
  const jobs = rows.map((r) => ({ event: r.event, action: r.action, payload: JSON.parse(r.payload) }));
  for (const job of jobs) expect(githubWebhookErrors(job.event, job.action, job.payload), job.event).toBe('');
  return jobs;
}

/** `event.action`, and for membership the team's slug. */
const summary = (jobs: Job[]) =>
  jobs.map((j) => `${j.event}.${j.action}${j.event === 'membership' ? `:${j.payload.team.slug}` : ''}`);

/** A member of the organization in the given teams. */
async function member(login: string, teams: string[]): Promise<TestUser> {
  const user = await server.createUser(login, { scopes: SCOPES });
  await server.services.accounts.addMember(orgId, user.id, 'member');
  for (const slug of teams)
    await ok(`/orgs/lv-org/teams/${slug}/memberships/${login}`, { method: 'PUT', body: { role: 'member' } });
  return user;
}

const teamRows = async (userId: number) =>
  (await server.sql<{ team_id: number }[]>`SELECT team_id FROM team_members WHERE user_id = ${userId}`).length;

// A private repository the caller may not read answers 403 to a token (server/access/repository-access.ts).
const reads = async (user: TestUser) => (await apiCall(server, '/repos/lv-org/app', { token: user.token })).status;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('lv-owner', { scopes: SCOPES });
  orgId = (await server.createOrg('lv-org', owner.id)).id;
  await ok('/orgs/lv-org/repos', { method: 'POST', body: { name: 'app', private: true, auto_init: true } });
  const core = await ok('/orgs/lv-org/teams', { method: 'POST', body: { name: 'Core', repo_names: ['lv-org/app'] } });
  teamIds.core = core.id;
  teamIds['core-web'] = (
    await ok('/orgs/lv-org/teams', { method: 'POST', body: { name: 'Core Web', parent_team_id: core.id } })
  ).id;
  teamIds.docs = (await ok('/orgs/lv-org/teams', { method: 'POST', body: { name: 'Docs' } })).id;
  const hook = await ok('/orgs/lv-org/hooks', {
    method: 'POST',
    body: { name: 'web', config: { url: 'https://example.com/hook' }, events: ['membership', 'organization'] },
  });
  orgHook = hook.id;
  await newJobs();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('leaving an organization leaves its teams', () => {
  it('DELETE /orgs/{org}/members/{u}: member_removed, then membership removed once per team', async () => {
    const ada = await member('lv-ada', ['core-web', 'core', 'docs']);
    await newJobs();
    // Through core (and core-web below it) ada reads the private repository; the answer is cached now.
    expect(await reads(ada)).toBe(200);
    const answer = await apiCall(server, '/orgs/lv-org/members/lv-ada', { method: 'DELETE', token: owner.token });
    expect(answer.status).toBe(204);
    const jobs = await newJobs();
    expect(summary(jobs)).toEqual([
      'organization.member_removed',
      'membership.removed:core',
      'membership.removed:core-web',
      'membership.removed:docs',
    ]);
    for (const job of jobs.slice(1)) {
      expect(job.payload).toMatchObject({
        action: 'removed',
        scope: 'team',
        member: { login: 'lv-ada' },
        organization: { login: 'lv-org' },
        sender: { login: 'lv-owner' },
      });
      expect(job.payload.team.id).toBe(teamIds[job.payload.team.slug]);
    }
    expect(jobs[2]!.payload.team.parent).toMatchObject({ slug: 'core' });
    expect(await teamRows(ada.id)).toBe(0);
    expect(await reads(ada)).toBe(403);
    expect((await apiCall(server, '/orgs/lv-org/teams/core/memberships/lv-ada', { token: owner.token })).status).toBe(
      404,
    );
    // Exactly once: removing again is a 404 and writes nothing.
    expect(
      (await apiCall(server, '/orgs/lv-org/members/lv-ada', { method: 'DELETE', token: owner.token })).status,
    ).toBe(404);
    expect(await newJobs()).toEqual([]);
  });

  it('DELETE /orgs/{org}/memberships/{u}: the same; a member of no team is only member_removed', async () => {
    const bo = await member('lv-bo', ['docs']);
    const cy = await member('lv-cy', []);
    await newJobs();
    expect(
      (await apiCall(server, '/orgs/lv-org/memberships/lv-bo', { method: 'DELETE', token: owner.token })).status,
    ).toBe(204);
    expect(summary(await newJobs())).toEqual(['organization.member_removed', 'membership.removed:docs']);
    expect(await teamRows(bo.id)).toBe(0);
    expect(
      (await apiCall(server, '/orgs/lv-org/memberships/lv-cy', { method: 'DELETE', token: owner.token })).status,
    ).toBe(204);
    expect(summary(await newJobs())).toEqual(['organization.member_removed']);
    expect(await teamRows(cy.id)).toBe(0);
  });

  it('two removals at once: one 204, one 404, and the events written once', async () => {
    await member('lv-gus', ['docs', 'core']);
    await newJobs();
    const statuses = await Promise.all(
      ['/orgs/lv-org/members/lv-gus', '/orgs/lv-org/memberships/lv-gus'].map(
        async (path) => (await apiCall(server, path, { method: 'DELETE', token: owner.token })).status,
      ),
    );
    expect(statuses.sort()).toEqual([204, 404]);
    expect(summary(await newJobs())).toEqual([
      'organization.member_removed',
      'membership.removed:core',
      'membership.removed:docs',
    ]);
  });

  it('conversion to an outside collaborator: team memberships go, their access stays as a direct grant', async () => {
    const di = await member('lv-di', ['core']);
    await newJobs();
    expect(
      (await apiCall(server, '/orgs/lv-org/outside_collaborators/lv-di', { method: 'PUT', token: owner.token })).status,
    ).toBeLessThan(300);
    expect(summary(await newJobs())).toEqual(['organization.member_removed', 'membership.removed:core']);
    expect(await teamRows(di.id)).toBe(0);
    expect(await reads(di)).toBe(200);
  });

  it('wharf admin remove-member: the same events, sent by the user removed', async () => {
    const ed = await member('lv-ed', ['core-web']);
    await newJobs();
    expect(await reads(ed)).toBe(200);
    await wharfCli(server, 'admin', 'remove-member', 'lv-org', 'lv-ed');
    const jobs = await newJobs();
    expect(summary(jobs)).toEqual(['organization.member_removed', 'membership.removed:core-web']);
    expect(jobs[1]!.payload.sender.login).toBe('lv-ed');
    expect(await teamRows(ed.id)).toBe(0);
    // Another process removed it: this one drops its cached access on the notice.
    expect(
      await eventually(
        () => reads(ed),
        (status) => status === 403,
      ),
    ).toBe(403);
  });
});

describe('review requests to the teams', () => {
  it('stay when a member leaves', async () => {
    const fay = await member('lv-fay', ['core']);
    const main = await ok('/repos/lv-org/app/git/ref/heads/main');
    await ok('/repos/lv-org/app/git/refs', {
      method: 'POST',
      body: { ref: 'refs/heads/change', sha: main.object.sha },
    });
    await ok('/repos/lv-org/app/contents/c.txt', {
      method: 'PUT',
      body: { message: 'c', content: Buffer.from('c\n').toString('base64'), branch: 'change' },
    });
    const pull = await ok('/repos/lv-org/app/pulls', {
      method: 'POST',
      body: { title: 'Change', head: 'change', base: 'main' },
    });
    const path = `/repos/lv-org/app/pulls/${pull.number}/requested_reviewers`;
    await ok(path, { method: 'POST', body: { team_reviewers: ['core'] } });
    const events = async () =>
      (await ok(`/repos/lv-org/app/issues/${pull.number}/events`)).map((e: { event: string }) => e.event);
    const before = await events();
    await ok('/orgs/lv-org/members/lv-fay', { method: 'DELETE' });
    expect(await teamRows(fay.id)).toBe(0);
    expect((await ok(path)).teams.map((t: { slug: string }) => t.slug)).toEqual(['core']);
    expect(await events()).toEqual(before);
  });
});

describe('joining by invitation', () => {
  it("accepting an invitation with teams: member_added, then membership added once per team; the teams' access at once", async () => {
    const ivy = await server.createUser('lv-ivy', { scopes: SCOPES });
    await newJobs();
    const invited = await ok('/orgs/lv-org/invitations', {
      method: 'POST',
      body: { invitee_id: ivy.id, team_ids: [teamIds.docs, teamIds.core] },
    });
    expect(invited.team_count).toBe(2);
    expect(summary(await newJobs())).toEqual(['organization.member_invited']);
    expect(await reads(ivy)).toBe(403);
    const accepted = await apiCall(server, '/user/memberships/orgs/lv-org', {
      method: 'PATCH',
      token: ivy.token,
      body: { state: 'active' },
    });
    expect(accepted.status).toBe(200);
    const jobs = await newJobs();
    expect(summary(jobs)).toEqual(['organization.member_added', 'membership.added:core', 'membership.added:docs']);
    for (const job of jobs.slice(1))
      expect(job.payload).toMatchObject({ scope: 'team', member: { login: 'lv-ivy' }, sender: { login: 'lv-ivy' } });
    expect(await reads(ivy)).toBe(200);
  });
});
