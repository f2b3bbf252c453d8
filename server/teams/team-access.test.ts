// A team's grant is the member's permission everywhere at once (issue 37):
// a member of a team granted `maintain` on a private repository gets exactly
// maintain in REST's `permissions`, GraphQL's viewerPermission and git over
// HTTP (clone and push), and loses all of it the moment they leave the team,
// though each edge had the permission cached.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWharfApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/database.js';
import { createLogger } from '../log.js';
import { cloneUrl, gitCli, type GitCli } from '../test-support/git-cli.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import {
  createTeam,
  deleteTeam,
  removeTeamMember,
  removeTeamRepository,
  setTeamMember,
  setTeamRepository,
  updateTeam,
} from './team-service.js';
import type { TeamRow } from './team-row.js';

let server: TestServer;
let git: GitCli;
let owner: TestUser;
let member: TestUser;
let orgId: number;
let repoId: number;
let team: TeamRow;
const deps = () => ({ sql: server.sql, bus: server.services.bus });

const restPermissions = async (token: string) => {
  const res = await server.api('/repos/tm-org/secret', { token });
  return res.status === 200 ? ((await res.json()) as { permissions: Record<string, boolean> }).permissions : res.status;
};

const viewerPermission = async (token: string) => {
  const res = await server.api('/api/graphql', {
    method: 'POST',
    token,
    body: { query: '{ repository(owner: "tm-org", name: "secret") { viewerPermission } }' },
  });
  const body = (await res.json()) as { data?: { repository: { viewerPermission: string } | null } };
  return body.data?.repository?.viewerPermission ?? null;
};

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  git = await gitCli();
  owner = await server.createUser('tm-owner');
  member = await server.createUser('tm-member');
  orgId = (await server.createOrg('tm-org', owner.id)).id;
  await server.services.accounts.addMember(orgId, member.id, 'member');
  const created = await server.api('/orgs/tm-org/repos', {
    method: 'POST',
    token: owner.token,
    body: { name: 'secret', private: true, auto_init: true },
  });
  repoId = ((await created.json()) as { id: number }).id;
  team = await createTeam(deps(), orgId, { name: 'Maintainers' }, null);
  await setTeamRepository(deps(), team, repoId, 'maintain');
}, 60_000);

afterAll(async () => {
  await git?.close();
  await server?.close();
});

describe('team grants in the access policy', () => {
  it('gives a team member exactly maintain in REST, GraphQL and git, and takes it away when they leave', async () => {
    // A plain member of the organization reads its private repository, no more.
    expect(await viewerPermission(member.token)).toBe('READ');
    await setTeamMember(deps(), team, member.id, 'member');
    expect(await restPermissions(member.token)).toEqual({
      admin: false,
      maintain: true,
      push: true,
      triage: true,
      pull: true,
    });
    expect(await viewerPermission(member.token)).toBe('MAINTAIN');

    const work = join(git.home, 'work');
    await git.ok(['clone', '--quiet', cloneUrl(server.url, 'tm-org/secret.git', member.token), work]);
    await git.ok(['commit', '--allow-empty', '-m', 'by the team'], { cwd: work });
    await git.ok(['push', '--quiet', 'origin', 'HEAD:main'], { cwd: work });

    expect(await removeTeamMember(deps(), team, member.id)).toBe(true);
    expect(await viewerPermission(member.token)).toBe('READ');
    await git.ok(['commit', '--allow-empty', '-m', 'no longer'], { cwd: work });
    const refused = await git.run(['push', '--quiet', 'origin', 'HEAD:main'], { cwd: work });
    expect(refused.code).not.toBe(0);
  }, 60_000);

  it('takes the grant away in another server process on the database as soon as its notice arrives', async () => {
    const config = loadConfig({
      DATABASE_URL: server.databaseUrl,
      WHARF_DATA_DIR: server.dataDir,
      WHARF_PUBLIC_URL: server.url,
      WHARF_WEBHOOK_DISPATCH: 'off',
      WHARF_LOG_LEVEL: 'error',
    });
    const sql = connect(server.databaseUrl);
    const other = await createWharfApp(config, sql, createLogger('error'));
    const pushViaOther = async () => {
      const res = await other.app.fetch(
        new Request('http://127.0.0.1/repos/tm-org/secret', { headers: { authorization: `token ${member.token}` } }),
      );
      return ((await res.json()) as { permissions: { push: boolean } }).permissions.push;
    };
    try {
      await setTeamMember(deps(), team, member.id, 'member');
      // The other process reads (and caches) the team grant.
      expect(await pushViaOther()).toBe(true);
      expect(await removeTeamMember(deps(), team, member.id)).toBe(true);
      // No request of its own told it: the notice, committed with the change, drops its cached grant.
      await vi.waitFor(async () => expect(await pushViaOther()).toBe(false), { timeout: 5_000, interval: 20 });
    } finally {
      await other.close();
      await sql.end();
    }
  });

  it('takes the grant away from an outsider once they leave the organization, with its teams', async () => {
    const outsider = await server.createUser('tm-leaver');
    await server.services.accounts.addMember(orgId, outsider.id, 'member');
    await setTeamMember(deps(), team, outsider.id, 'maintainer');
    expect(await viewerPermission(outsider.token)).toBe('MAINTAIN');
    await server.services.accounts.removeMember(orgId, outsider.id);
    // Wharf answers a signed-in caller without access to a private repository 403 (the service interface).
    expect(await restPermissions(outsider.token)).toBe(403);
    const [left] = await server.sql`SELECT 1 FROM team_members WHERE user_id = ${outsider.id}`;
    expect(left).toBeUndefined();
  });

  it('gives child teams the parent team’s access, the highest grant winning, until the nesting or the grant goes', async () => {
    const user = await server.createUser('tm-child');
    await server.services.accounts.addMember(orgId, user.id, 'member');
    const readers = await createTeam(deps(), orgId, { name: 'Readers' }, null);
    await setTeamRepository(deps(), readers, repoId, 'pull');
    const child = await createTeam(deps(), orgId, { name: 'Child', parent_team_id: team.id }, null);
    await setTeamMember(deps(), readers, user.id, 'member');
    await setTeamMember(deps(), child, user.id, 'member');
    expect(await viewerPermission(user.token)).toBe('MAINTAIN');

    // Moved to the top level, the child keeps only its own grants (none): the other team's pull remains.
    const moved = await updateTeam(deps(), child, { parent_team_id: null });
    expect(await viewerPermission(user.token)).toBe('READ');
    await updateTeam(deps(), moved, { parent_team_id: team.id });
    expect(await viewerPermission(user.token)).toBe('MAINTAIN');
    expect(await removeTeamRepository(deps(), team, repoId)).toBe(true);
    expect(await viewerPermission(user.token)).toBe('READ');
    await setTeamRepository(deps(), team, repoId, 'admin');
    expect(await viewerPermission(user.token)).toBe('ADMIN');
    await deleteTeam(deps(), team);
    expect(await viewerPermission(user.token)).toBe('READ');
    const [gone] = await server.sql`SELECT 1 FROM teams WHERE id = ${child.id}`;
    expect(gone).toBeUndefined();
  });

  it('refuses a nesting that would close a cycle, and a parent from another organization', async () => {
    const a = await createTeam(deps(), orgId, { name: 'Cycle A' }, null);
    const b = await createTeam(deps(), orgId, { name: 'Cycle B', parent_team_id: a.id }, null);
    await expect(updateTeam(deps(), a, { parent_team_id: b.id })).rejects.toMatchObject({ kind: 'invalid' });
    await expect(updateTeam(deps(), a, { parent_team_id: a.id })).rejects.toMatchObject({ kind: 'invalid' });
    const other = await server.createOrg('tm-other', owner.id);
    await expect(
      createTeam(deps(), other.id, { name: 'Foreign child', parent_team_id: a.id }, null),
    ).rejects.toMatchObject({ kind: 'invalid' });
    await expect(createTeam(deps(), orgId, { name: 'cycle a' }, null)).rejects.toMatchObject({ kind: 'invalid' });
  });
});
