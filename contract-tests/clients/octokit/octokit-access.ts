// Collaborators, teams and branch protection (issue 37) through stock
// Octokit, as an Octokit user writes them: 16 calls.
import type { Octokit } from '@octokit/rest';
import { expect } from './call-list.js';

type Call = <T>(name: string, run: () => Promise<T>) => Promise<T | undefined>;
type At = { owner: string; repo: string };

/**
 * On the run's own repository: the other user invited with push, the
 * invitation listed and accepted by the invitee, the collaborators listed,
 * the permission read, the collaborator removed: 6 calls.
 */
export async function collaboratorCalls(call: Call, octokit: Octokit, other: Octokit, at: At, invitee: string) {
  const invitation = await call('add a collaborator (an invitation)', async () => {
    const { status, data } = await octokit.rest.repos.addCollaborator({ ...at, username: invitee, permission: 'push' });
    expect(status === 201 && data.invitee?.login === invitee && data.permissions === 'write', 'other invitation');
    return data;
  });
  const invitation_id = invitation?.id ?? 0;
  await call("list the repository's invitations", async () => {
    const { data } = await octokit.rest.repos.listInvitations(at);
    expect(data.length === 1 && data[0]?.id === invitation_id, 'invitation not listed');
  });
  await call('accept the invitation as the invitee', () =>
    other.rest.repos.acceptInvitationForAuthenticatedUser({ invitation_id }),
  );
  await call('list collaborators', async () => {
    const { data } = await octokit.rest.repos.listCollaborators(at);
    expect(
      data.some((u) => u.login === invitee && u.permissions?.push === true && u.role_name === 'write'),
      'collaborator not listed with push',
    );
  });
  await call("get a collaborator's permission", async () => {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...at, username: invitee });
    expect(data.permission === 'write' && data.user?.login === invitee, 'other permission');
  });
  await call('remove a collaborator', () => octokit.rest.repos.removeCollaborator({ ...at, username: invitee }));
}

/**
 * In the organisation: a team created, the other user (a member of the
 * organisation) added besides the creator (its first maintainer, as on
 * GitHub), the run's organisation repository given push, the teams listed,
 * the team read by slug, deleted: 6 calls.
 */
export async function teamCalls(
  call: Call,
  octokit: Octokit,
  org: string,
  orgRepo: string,
  member: string,
  prefix: string,
) {
  const team_slug = `${prefix}-team`;
  await call('create a team', async () => {
    const { data } = await octokit.rest.teams.create({ org, name: team_slug, privacy: 'closed' });
    expect(data.slug === team_slug && data.organization.login === org, 'other team');
  });
  await call('add a team member', async () => {
    const { data } = await octokit.rest.teams.addOrUpdateMembershipForUserInOrg({
      org,
      team_slug,
      username: member,
      role: 'member',
    });
    expect(data.role === 'member' && data.state === 'active', 'other membership');
  });
  await call('add a repository to a team', () =>
    octokit.rest.teams.addOrUpdateRepoPermissionsInOrg({
      org,
      team_slug,
      owner: org,
      repo: orgRepo,
      permission: 'push',
    }),
  );
  await call('list teams', async () => {
    const teams = await octokit.paginate(octokit.rest.teams.list, { org, per_page: 100 });
    expect(
      teams.some((t) => t.slug === team_slug),
      'team not listed',
    );
  });
  await call('get a team by slug', async () => {
    const { data } = await octokit.rest.teams.getByName({ org, team_slug });
    expect(data.members_count === 2 && data.repos_count === 1, 'other counts');
  });
  await call('delete a team', () => octokit.rest.teams.deleteInOrg({ org, team_slug }));
}

/**
 * On the run's default branch: protected with one required approval and a
 * required status check, read back whole and its status checks alone, then
 * unprotected (the calls after push to it): 4 calls.
 */
export async function protectionCalls(call: Call, octokit: Octokit, at: At, prefix: string) {
  const branch = { ...at, branch: 'main' };
  const context = `${prefix}/ci`;
  await call('protect a branch', async () => {
    const { data } = await octokit.rest.repos.updateBranchProtection({
      ...branch,
      required_status_checks: { strict: true, contexts: [context] },
      enforce_admins: false,
      required_pull_request_reviews: { dismiss_stale_reviews: true, required_approving_review_count: 1 },
      restrictions: null,
    });
    expect(data.required_pull_request_reviews?.required_approving_review_count === 1, 'no required reviews');
  });
  await call("get a branch's protection", async () => {
    const { data } = await octokit.rest.repos.getBranchProtection(branch);
    expect(
      data.required_status_checks?.strict === true &&
        data.required_status_checks.contexts.join() === context &&
        data.required_pull_request_reviews?.dismiss_stale_reviews === true &&
        data.enforce_admins?.enabled === false,
      'other protection',
    );
  });
  await call("get a branch's required status checks", async () => {
    const { data } = await octokit.rest.repos.getStatusChecksProtection(branch);
    expect(data.strict === true && data.contexts.join() === context, 'other checks');
  });
  await call("remove a branch's protection", () => octokit.rest.repos.deleteBranchProtection(branch));
}
