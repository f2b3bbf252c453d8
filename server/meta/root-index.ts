// GitHub's index of URL templates (GET /), in GitHub's key order. Keys of
// features Wharf lacks (gists, notifications, code search, …) are kept:
// clients read the body as GitHub's `root` schema, which requires them all.

/** `base` is the API base the request came in on (`{public}` or `{public}/api/v3`); `web` the web pages' base. */
export function rootIndex(base: string, web: string) {
  const search = (kind: string) => `${base}/search/${kind}?q={query}{&page,per_page,sort,order}`;
  return {
    current_user_url: `${base}/user`,
    current_user_authorizations_html_url: `${web}/settings/connections/applications{/client_id}`,
    authorizations_url: `${base}/authorizations`,
    code_search_url: search('code'),
    commit_search_url: search('commits'),
    emails_url: `${base}/user/emails`,
    emojis_url: `${base}/emojis`,
    events_url: `${base}/events`,
    feeds_url: `${base}/feeds`,
    followers_url: `${base}/user/followers`,
    following_url: `${base}/user/following{/target}`,
    gists_url: `${base}/gists{/gist_id}`,
    hub_url: `${base}/hub`,
    issue_search_url: search('issues'),
    issues_url: `${base}/issues`,
    keys_url: `${base}/user/keys`,
    label_search_url: `${base}/search/labels?q={query}&repository_id={repository_id}{&page,per_page}`,
    notifications_url: `${base}/notifications`,
    organization_url: `${base}/orgs/{org}`,
    organization_repositories_url: `${base}/orgs/{org}/repos{?type,page,per_page,sort}`,
    organization_teams_url: `${base}/orgs/{org}/teams`,
    public_gists_url: `${base}/gists/public`,
    rate_limit_url: `${base}/rate_limit`,
    repository_url: `${base}/repos/{owner}/{repo}`,
    repository_search_url: search('repositories'),
    current_user_repositories_url: `${base}/user/repos{?type,page,per_page,sort}`,
    starred_url: `${base}/user/starred{/owner}{/repo}`,
    starred_gists_url: `${base}/gists/starred`,
    topic_search_url: `${base}/search/topics?q={query}{&page,per_page}`,
    user_url: `${base}/users/{user}`,
    user_organizations_url: `${base}/user/orgs`,
    user_repositories_url: `${base}/users/{user}/repos{?type,page,per_page,sort}`,
    user_search_url: search('users'),
  };
}
