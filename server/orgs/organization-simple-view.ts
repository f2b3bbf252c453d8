// GitHub's organization-simple: the organization in lists (`/user/orgs`,
// `/organizations`) and in memberships and invitations.
import { encodeNodeId } from '../ids/node-id.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';

export function organizationSimpleView(org: AccountRow, urls: Urls) {
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
    description: org.description ?? null,
  };
}
