// The `team`, `membership` and `team_add` events of team changes made over
// REST: each written with its change (an organization hook subscribed to them
// gets one job per change; a refused change writes none), each payload valid
// against GitHub's own schema for its event and action
// (@octokit/openapi-webhooks); `team` and `membership` reach organization
// hooks only, `team_add` the repository's hooks too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { githubWebhookErrors } from '../test-support/github-webhook-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';

const SCOPES = ['repo', 'admin:org', 'admin:org_hook', 'admin:repo_hook', 'user'];
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let orgHook: number;
let repoHook: number;
let seen = 0;

interface Job {
  id: number;
  hook_id: number;
  event: string;
  action: string | null;
  payload: Record<string, any>;
  repository_id: number | null;
}

const call = async (path: string, method = 'GET', body?: unknown) => {
  const res = await server.api(path, { method, token: owner.token, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

/** The jobs written since the last call, for each hook, each checked against GitHub's schema. */
async function newJobs(): Promise<{ org: Job[]; repo: Job[] }> {
  const rows = await server.sql<(Omit<Job, 'payload'> & { payload: string })[]>`
    SELECT id, hook_id, event, action, payload, repository_id FROM webhook_jobs
    WHERE id > ${seen} AND hook_id IN (${orgHook}, ${repoHook}) ORDER BY id`;
  seen = Math.max(seen, ...rows.map((r) => r.id));
  const jobs = rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, any> }));
  for (const job of jobs) expect(githubWebhookErrors(job.event, job.action, job.payload), job.event).toBe('');
  return { org: jobs.filter((j) => j.hook_id === orgHook), repo: jobs.filter((j) => j.hook_id === repoHook) };
}

const summary = (jobs: Job[]) => jobs.map((j) => [j.event, j.action]);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('tev-owner', { scopes: SCOPES });
  member = await server.createUser('tev-member', { scopes: SCOPES });
  const org = await server.createOrg('tev-org', owner.id);
  await server.services.accounts.addMember(org.id, member.id, 'member');
  expect((await call('/orgs/tev-org/repos', 'POST', { name: 'app' })).status).toBe(201);
  const config = { url: 'https://example.com/hook' };
  const hook = await call('/orgs/tev-org/hooks', 'POST', {
    name: 'web',
    config,
    events: ['team', 'membership', 'team_add'],
  });
  expect(hook.status).toBe(201);
  orgHook = hook.body.id;
  const rh = await call('/repos/tev-org/app/hooks', 'POST', { config, events: ['*'] });
  expect(rh.status).toBe(201);
  repoHook = rh.body.id;
  await newJobs();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('team events', () => {
  it('created: `team` created, then the creator maintainer`s `membership` added', async () => {
    const created = await call('/orgs/tev-org/teams', 'POST', { name: 'Core', description: 'The core' });
    expect(created.status).toBe(201);
    const { org, repo } = await newJobs();
    expect(summary(org)).toEqual([
      ['team', 'created'],
      ['membership', 'added'],
    ]);
    expect(repo).toEqual([]);
    expect(org[0]!.payload).toMatchObject({
      action: 'created',
      team: { id: created.body.id, slug: 'core', name: 'Core', parent: null },
      organization: { login: 'tev-org' },
      sender: { login: 'tev-owner' },
    });
    expect(org[1]!.payload).toMatchObject({ scope: 'team', member: { login: 'tev-owner' }, team: { slug: 'core' } });
  });

  it('edited: `changes` holds the previous values; a refused edit writes nothing', async () => {
    const edited = await call('/orgs/tev-org/teams/core', 'PATCH', {
      name: 'Core Team',
      description: 'Still the core',
      privacy: 'closed',
    });
    expect(edited.status).toBe(200);
    const { org } = await newJobs();
    expect(summary(org)).toEqual([['team', 'edited']]);
    expect(org[0]!.payload.changes).toEqual({
      name: { from: 'Core' },
      description: { from: 'The core' },
      privacy: { from: 'secret' },
    });
    expect(org[0]!.payload.team).toMatchObject({ name: 'Core Team', slug: 'core-team' });
    // The same values again: nothing GitHub reports changed, no event.
    expect((await call('/orgs/tev-org/teams/core-team', 'PATCH', { description: 'Still the core' })).status).toBe(200);
    expect((await call('/orgs/tev-org/teams', 'POST', { name: 'Other' })).status).toBe(201);
    await newJobs();
    const clash = await call('/orgs/tev-org/teams/core-team', 'PATCH', { name: 'Other' });
    expect(clash.status).toBe(422);
    expect((await newJobs()).org).toEqual([]);
  });

  it('membership: added once (a role change is no event), removed once', async () => {
    const path = `/orgs/tev-org/teams/core-team/memberships/${member.login}`;
    expect((await call(path, 'PUT', { role: 'member' })).status).toBe(200);
    const added = await newJobs();
    expect(summary(added.org)).toEqual([['membership', 'added']]);
    expect(added.org[0]!.payload).toMatchObject({
      action: 'added',
      scope: 'team',
      member: { login: member.login, id: member.id },
      team: { slug: 'core-team' },
      organization: { login: 'tev-org' },
      sender: { login: 'tev-owner' },
    });
    expect(added.repo).toEqual([]);
    expect((await call(path, 'PUT', { role: 'maintainer' })).status).toBe(200);
    expect((await newJobs()).org).toEqual([]);
    expect((await call(path, 'DELETE')).status).toBe(204);
    const removed = await newJobs();
    expect(summary(removed.org)).toEqual([['membership', 'removed']]);
    expect(removed.org[0]!.payload).toMatchObject({ action: 'removed', member: { login: member.login } });
    expect((await call(path, 'DELETE')).status).toBe(404);
    expect((await newJobs()).org).toEqual([]);
  });

  it('repositories: team_add and added_to_repository, edited with the previous permission, removed_from_repository', async () => {
    const path = '/orgs/tev-org/teams/core-team/repos/tev-org/app';
    expect((await call(path, 'PUT', { permission: 'pull' })).status).toBe(204);
    const added = await newJobs();
    expect(summary(added.org)).toEqual([
      ['team_add', null],
      ['team', 'added_to_repository'],
    ]);
    // GitHub's team_add (validated above): team, repository, organization, sender, no action.
    expect(added.repo.map((j) => j.event)).toEqual(['team_add']);
    expect(added.repo[0]!.payload).toMatchObject({
      team: { slug: 'core-team' },
      repository: { full_name: 'tev-org/app' },
      organization: { login: 'tev-org' },
      sender: { login: 'tev-owner' },
    });
    expect(added.repo[0]!.payload.action).toBeUndefined();
    expect(added.org[1]!.payload).toMatchObject({
      team: { slug: 'core-team' },
      repository: { full_name: 'tev-org/app' },
    });
    expect(added.org[1]!.repository_id).toBe(added.org[1]!.payload.repository.id);

    expect((await call(path, 'PUT', { permission: 'admin' })).status).toBe(204);
    const edited = await newJobs();
    expect(summary(edited.org)).toEqual([['team', 'edited']]);
    expect(edited.repo).toEqual([]);
    expect(edited.org[0]!.payload).toMatchObject({
      changes: { repository: { permissions: { from: { admin: false, push: false, pull: true } } } },
      repository: { full_name: 'tev-org/app' },
    });
    expect((await call(path, 'PUT', { permission: 'admin' })).status).toBe(204);
    expect((await newJobs()).org).toEqual([]);

    expect((await call(path, 'DELETE')).status).toBe(204);
    const removed = await newJobs();
    expect(summary(removed.org)).toEqual([['team', 'removed_from_repository']]);
    expect(removed.org[0]!.payload.repository.full_name).toBe('tev-org/app');
    expect(removed.repo).toEqual([]);
  });

  it('created with repo_names: the grant`s events follow `created`', async () => {
    const created = await call('/orgs/tev-org/teams', 'POST', { name: 'Seeded', repo_names: ['tev-org/app'] });
    expect(created.status).toBe(201);
    const { org, repo } = await newJobs();
    expect(summary(org)).toEqual([
      ['team', 'created'],
      ['membership', 'added'],
      ['team_add', null],
      ['team', 'added_to_repository'],
    ]);
    expect(repo.map((j) => j.event)).toEqual(['team_add']);
  });

  it('deleted: the team and each team below it, with their parents', async () => {
    const parent = await call('/orgs/tev-org/teams/core-team');
    const child = await call('/orgs/tev-org/teams', 'POST', { name: 'Core Child', parent_team_id: parent.body.id });
    expect(child.status).toBe(201);
    await newJobs();
    expect((await call('/orgs/tev-org/teams/core-team', 'DELETE')).status).toBe(204);
    const { org } = await newJobs();
    expect(summary(org)).toEqual([
      ['team', 'deleted'],
      ['team', 'deleted'],
    ]);
    expect(org.map((j) => j.payload.team.slug)).toEqual(['core-team', 'core-child']);
    expect(org[1]!.payload.team.parent).toMatchObject({ slug: 'core-team' });
    expect(org[0]!.payload.team.deleted).toBe(true);
  });
});
