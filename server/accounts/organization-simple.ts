// GitHub's organization-simple fields: the organization as lists, memberships,
// webhook payloads and the full organization body all begin with it. One
// builder; each caller says where its API URL and avatar come from and which
// description it shows (payloads carry none).
import { encodeNodeId } from '../ids/node-id.js';

export function organizationSimpleFields(
  org: { id: number; login: string },
  api: string,
  avatarUrl: string,
  description: string | null,
) {
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
    avatar_url: avatarUrl,
    description,
  };
}
