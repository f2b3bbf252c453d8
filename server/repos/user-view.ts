// GitHub's simple-user, public-user and private-user bodies for an account row.
import { encodeNodeId } from '../ids/node-id.js';
import type { Urls } from '../http/urls.js';
import type { AccountRow } from './accounts-store.js';
import { isoSeconds } from '../views/timestamps.js';

export interface AccountRef {
  id: number;
  login: string;
  kind: 'User' | 'Organization' | 'Bot';
  site_admin: boolean;
}

export function simpleUser(account: AccountRef, urls: Urls) {
  // Bot logins (`<slug>[bot]`) need escaping in URLs; a bot's page is its app's, as on GitHub.
  const api = urls.api(`/users/${encodeURIComponent(account.login)}`);
  const html =
    account.kind === 'Bot'
      ? urls.html(`/apps/${account.login.replace(/\[bot\]$/, '')}`)
      : urls.html(`/${account.login}`);
  return {
    login: account.login,
    id: account.id,
    node_id: encodeNodeId(account.kind, account.id),
    avatar_url: urls.html(`/avatars/u/${account.id}`),
    gravatar_id: '',
    url: api,
    html_url: html,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: account.kind,
    site_admin: account.site_admin,
    user_view_type: 'public',
  };
}

/**
 * GitHub's public-user: what anyone may see of an account (an organization
 * too, with `type: Organization`). `email` stays null: Wharf has no
 * public-email setting, so an address is shown only to its owner.
 */
export interface PublicCounts {
  public_repos: number;
  public_gists: number;
}

export function publicUser(account: AccountRow, counts: PublicCounts, urls: Urls) {
  return {
    ...simpleUser(account, urls),
    user_view_type: 'public' as const,
    name: account.name,
    company: null,
    blog: '',
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: counts.public_repos,
    public_gists: counts.public_gists,
    followers: 0,
    following: 0,
    created_at: isoSeconds(account.created_at),
    updated_at: isoSeconds(account.updated_at),
  };
}

/** GitHub's `private_gists` are the user's secret gists, shown only in the body of themselves. */
export interface UserCounts extends PublicCounts {
  private_gists: number;
  total_private_repos: number;
  owned_private_repos: number;
}

export function privateUser(account: AccountRow, counts: UserCounts, urls: Urls) {
  return {
    ...simpleUser(account, urls),
    user_view_type: 'private',
    name: account.name,
    company: null,
    blog: '',
    location: null,
    email: account.email,
    notification_email: account.email,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: counts.public_repos,
    public_gists: counts.public_gists,
    followers: 0,
    following: 0,
    created_at: isoSeconds(account.created_at),
    updated_at: isoSeconds(account.updated_at),
    private_gists: counts.private_gists,
    total_private_repos: counts.total_private_repos,
    owned_private_repos: counts.owned_private_repos,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: false,
    plan: { name: 'free', space: 976562499, private_repos: 10000, collaborators: 0 },
  };
}

export const userOrNull = (account: AccountRef | null, urls: Urls) => (account ? simpleUser(account, urls) : null);

/** GitHub's ghost user (id 10137): who a deleted account is where GitHub's schema names someone, never null. */
export const GHOST: AccountRef = { id: 10137, login: 'ghost', kind: 'User', site_admin: false };

export const userOrGhost = (account: AccountRef | null, urls: Urls) => simpleUser(account ?? GHOST, urls);

/**
 * simple-user bodies built once per account for a page: a page of issues
 * names the same few people (authors, assignees, closers) again and again,
 * and each body is some twenty strings.
 */
export class UserViews {
  private readonly views = new Map<number, ReturnType<typeof simpleUser>>();
  constructor(readonly urls: Urls) {}

  of(account: AccountRef): ReturnType<typeof simpleUser> {
    let view = this.views.get(account.id);
    if (!view) this.views.set(account.id, (view = simpleUser(account, this.urls)));
    return view;
  }

  orNull(account: AccountRef | null) {
    return account ? this.of(account) : null;
  }
}
