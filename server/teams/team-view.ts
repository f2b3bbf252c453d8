// GitHub's team bodies: `team-simple` (a parent), `team` (lists) and
// `team-full` (one team, with its counts and organization). URLs follow
// GitHub's: the API names a team by organization and team id.
import { organizationView } from '../accounts/organization-view.js';
import { encodeNodeId } from '../ids/node-id.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { isoSeconds } from '../views/timestamps.js';
import type { TeamRow } from './team-row.js';

/** The team fields its short bodies show (a pull request's requested teams carry no more). */
export type TeamSimpleFields = Pick<
  TeamRow,
  'id' | 'name' | 'slug' | 'description' | 'privacy' | 'notification_setting'
>;
export type TeamOrganization = Pick<AccountRow, 'id' | 'login'>;

export function teamSimpleView(team: TeamSimpleFields, org: TeamOrganization, urls: Urls) {
  const api = urls.api(`/organizations/${org.id}/team/${team.id}`);
  return {
    id: team.id,
    node_id: encodeNodeId('Team', team.id),
    url: api,
    html_url: urls.html(`/orgs/${org.login}/teams/${team.slug}`),
    name: team.name,
    slug: team.slug,
    description: team.description,
    privacy: team.privacy,
    notification_setting: team.notification_setting,
    // GitHub's deprecated team-wide permission: every team reads.
    permission: 'pull',
    members_url: `${api}/members{/member}`,
    repositories_url: `${api}/repos`,
    type: 'organization' as const,
    organization_id: org.id,
  };
}

export function teamView(team: TeamSimpleFields, org: TeamOrganization, urls: Urls, parent: TeamSimpleFields | null) {
  return { ...teamSimpleView(team, org, urls), parent: parent ? teamSimpleView(parent, org, urls) : null };
}

export interface TeamCounts {
  members: number;
  repos: number;
}

/** `publicRepos`: the organization's public repositories (its body's `public_repos`). */
export function teamFullView(
  team: TeamRow,
  org: AccountRow,
  urls: Urls,
  parent: TeamRow | null,
  counts: TeamCounts,
  publicRepos: number,
) {
  return {
    ...teamView(team, org, urls, parent),
    members_count: counts.members,
    repos_count: counts.repos,
    created_at: isoSeconds(team.created_at),
    updated_at: isoSeconds(team.updated_at),
    organization: organizationView(org, publicRepos, urls),
  };
}
