// GitHub's org-membership body.
import type { Urls } from '../http/urls.js';
import type { AccountRow } from '../repos/accounts-store.js';
import { simpleUser } from '../repos/user-view.js';
import type { Membership } from './memberships.js';
import { organizationSimpleView } from './organization-simple-view.js';

export function membershipView(org: AccountRow, user: AccountRow, membership: Membership, urls: Urls) {
  return {
    url: urls.api(`/orgs/${org.login}/memberships/${user.login}`),
    state: membership.state,
    role: membership.role,
    organization_url: urls.api(`/orgs/${org.login}`),
    organization: organizationSimpleView(org, urls),
    user: simpleUser(user, urls),
  };
}
