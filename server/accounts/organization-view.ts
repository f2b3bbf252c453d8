// GitHub's organization-full body, as anyone may see it: the fields only an
// organization's members see (plan, seats, member settings) are left out.
import { encodeNodeId } from '../ids/node-id.js';
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';

export function organizationView(org: AccountRow, publicRepos: number, urls: Urls) {
  const api = urls.api(`/orgs/${org.login}`);
  return {
    login: org.login,
    id: org.id,
    node_id: encodeNodeId('Organization', org.id),
    url: api,
    repos_url: `${api}/repos`,
    events_url: `${api}/events`,
    hooks_url: `${api}/hooks`,
    issues_url: `${api}/issues`,
    members_url: `${api}/members{/member}`,
    public_members_url: `${api}/public_members{/member}`,
    avatar_url: urls.html(`/avatars/u/${org.id}`),
    description: null,
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
  };
}
