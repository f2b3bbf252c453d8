// GitHub's organization-full body: the profile as anyone may see it, and the
// member settings for the organization's members (`billing_email` for its
// owners only, as GitHub shows them). Plan and seats Wharf has none of.
import { organizationSimpleFields } from './organization-simple.js';
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';

export type Viewer = 'owner' | 'member' | 'outsider';

/** The profile fields GitHub leaves out while unset (its schema types them as strings). */
const profile = (org: AccountRow) =>
  Object.fromEntries(
    (['company', 'blog', 'location', 'email'] as const).filter((key) => org[key]).map((key) => [key, org[key]!]),
  );

/** What members (and owners) see besides the profile. */
const memberSettings = (org: AccountRow, viewer: Viewer) =>
  viewer === 'outsider'
    ? {}
    : {
        default_repository_permission: org.default_repository_permission ?? 'read',
        members_can_create_repositories: org.members_can_create_repositories ?? true,
        ...(viewer === 'owner' ? { billing_email: org.billing_email ?? null } : {}),
      };

export function organizationView(org: AccountRow, publicRepos: number, urls: Urls, viewer: Viewer = 'outsider') {
  return {
    ...organizationSimpleFields(
      org,
      urls.api(`/orgs/${org.login}`),
      urls.html(`/avatars/u/${org.id}`),
      org.description ?? null,
    ),
    ...profile(org),
    twitter_username: org.twitter_username ?? null,
    // GitHub's schema does not allow a null name: present only when set.
    ...(org.name ? { name: org.name } : {}),
    is_verified: false,
    has_organization_projects: true,
    has_repository_projects: true,
    public_repos: publicRepos,
    public_gists: 0,
    followers: 0,
    following: 0,
    html_url: urls.html(`/${org.login}`),
    type: 'Organization' as const,
    created_at: isoSeconds(org.created_at),
    updated_at: isoSeconds(org.updated_at),
    archived_at: null,
    ...memberSettings(org, viewer),
  };
}
