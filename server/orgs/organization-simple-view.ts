// GitHub's organization-simple: the organization in lists (`/user/orgs`,
// `/organizations`) and in memberships and invitations.
import { organizationSimpleFields } from '../accounts/organization-simple.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';

export function organizationSimpleView(org: AccountRow, urls: Urls) {
  return organizationSimpleFields(
    org,
    urls.api(`/orgs/${org.login}`),
    urls.html(`/avatars/u/${org.id}`),
    org.description ?? null,
  );
}
