// Parts every event payload shares: the repository (GitHub's repository object
// as webhooks carry it, without the caller-specific `permissions`) and the
// sender (the user whose action caused the event), and, when an app caused it
// with an installation token, the installation (as GitHub's payloads carry it).
import type { Principal, TokenPrincipal } from '../../auth/principal.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { Urls } from '../../http/urls.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { repositoryView } from '../../repos/repository-view.js';
import { simpleUser } from '../../repos/user-view.js';

export function repositoryPayload(repo: RepositoryRow, urls: Urls) {
  const { permissions: _callerSpecific, ...view } = repositoryView(repo, null, urls);
  return view;
}

/**
 * The repository as GitHub's `push` payload carries it, which differs from
 * every other event's: `url` is the web URL, `created_at` and `pushed_at` are
 * Unix seconds, and it adds `stargazers` and `master_branch`. Receivers written
 * against GitHub's push payloads (Jenkins, Buildkite, …) read these forms.
 */
export function pushRepositoryPayload(repo: RepositoryRow, urls: Urls) {
  const view = repositoryPayload(repo, urls);
  const unixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  return {
    ...view,
    url: view.html_url,
    created_at: unixSeconds(view.created_at),
    pushed_at: unixSeconds(view.pushed_at),
    stargazers: view.stargazers_count,
    master_branch: view.default_branch,
  };
}

/** Who acted, where no request did (a change made with `wharf admin`): a user, never an installation. */
export type Actor = Pick<TokenPrincipal, 'kind' | 'user' | 'installation'>;

export function senderPayload(principal: Principal | Actor, urls: Urls) {
  if (principal.kind !== 'token') return null;
  // An installation token acts as the app's bot account.
  const kind = principal.installation ? 'Bot' : 'User';
  return simpleUser(
    { id: principal.user.id, login: principal.user.login, kind, site_admin: principal.user.siteAdmin },
    urls,
  );
}

export interface InstallationRef {
  id: number;
  node_id: string;
}

/** The installation behind an installation token's call, or null. */
export function installationOf(principal: Principal | Actor): InstallationRef | null {
  if (principal.kind !== 'token' || !principal.installation) return null;
  return { id: principal.installation.id, node_id: encodeNodeId('Installation', principal.installation.id) };
}

/** `{installation}` to spread into a payload, or nothing. */
export function installationField(installation: InstallationRef | null | undefined): {
  installation?: InstallationRef;
} {
  return installation ? { installation } : {};
}
