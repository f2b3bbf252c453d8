// Parts every event payload shares: the repository (GitHub's repository object
// as webhooks carry it, without the caller-specific `permissions`) and the
// sender (the user whose action caused the event).
import type { Principal } from '../../auth/principal.js';
import type { Urls } from '../../http/urls.js';
import type { RepositoryRow } from '../../repos/repositories-store.js';
import { repositoryView } from '../../repos/repository-view.js';
import { simpleUser } from '../../repos/user-view.js';

export function repositoryPayload(repo: RepositoryRow, urls: Urls) {
  const { permissions: _callerSpecific, ...view } = repositoryView(repo, null, urls);
  return view;
}

export function senderPayload(principal: Principal, urls: Urls) {
  if (principal.kind !== 'token') return null;
  return simpleUser({ id: principal.user.id, login: principal.user.login, kind: 'User', site_admin: principal.user.siteAdmin }, urls);
}
