// GitHub's repository bodies (`full-repository` for one, `repository` in
// lists) for a repository row, every URL built from the public base URL.
import { encodeNodeId } from '../ids/node-id.js';
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { permissionsObject, type Permission } from '../access/permissions.js';
import { licenseSimple } from './license-simple.js';
import type { RepositoryRow } from './repository-row.js';
import { simpleUser } from './user-view.js';

function ownerOf(repo: RepositoryRow) {
  return { id: repo.owner_id, login: repo.owner_login, kind: repo.owner_kind, site_admin: repo.owner_site_admin };
}

/** Fields shared by GitHub's `repository` and `full-repository`. */
/** GitHub's SSH remote form (Wharf serves git over HTTP only; REST and GraphQL name the same address). */
export const sshUrl = (fullName: string, urls: Urls) => `git@${new URL(urls.base).hostname}:${fullName}.git`;

export function repositoryView(repo: RepositoryRow, permission: Permission | null, urls: Urls) {
  const fullName = `${repo.owner_login}/${repo.name}`;
  const api = urls.api(`/repos/${fullName}`);
  const pushedAt = repo.pushed_at ?? repo.created_at;
  return {
    id: repo.id,
    node_id: encodeNodeId('Repository', repo.id),
    name: repo.name,
    full_name: fullName,
    private: repo.private,
    owner: simpleUser(ownerOf(repo), urls),
    html_url: urls.html(`/${fullName}`),
    description: repo.description,
    fork: repo.fork,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_url: `${urls.html(`/${fullName}.git`).replace(/^https?:/, 'git:')}`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    ssh_url: sshUrl(fullName, urls),
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
    clone_url: urls.html(`/${fullName}.git`),
    mirror_url: null,
    hooks_url: `${api}/hooks`,
    svn_url: urls.html(`/${fullName}`),
    homepage: repo.homepage,
    language: null,
    license: repo.license ? licenseSimple(urls, repo.license) : null,
    forks_count: repo.forks_count,
    stargazers_count: 0,
    watchers_count: 0,
    size: repo.size_kib,
    default_branch: repo.default_branch,
    open_issues_count: repo.open_issues_count,
    is_template: false,
    topics: [] as string[],
    has_issues: repo.has_issues,
    has_projects: repo.has_projects,
    has_wiki: repo.has_wiki,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: repo.archived,
    disabled: false,
    visibility: (repo.private ? 'private' : 'public') as 'private' | 'public',
    pushed_at: isoSeconds(pushedAt),
    created_at: isoSeconds(repo.created_at),
    updated_at: isoSeconds(repo.updated_at),
    permissions: permissionsObject(permission),
    allow_forking: true,
    web_commit_signoff_required: false,
    forks: repo.forks_count,
    open_issues: repo.open_issues_count,
    watchers: 0,
  };
}

/** GitHub's `full-repository`: the list fields plus counts and merge settings. */
export function fullRepositoryView(repo: RepositoryRow, permission: Permission | null, urls: Urls) {
  const base = repositoryView(repo, permission, urls);
  return {
    ...base,
    network_count: 0,
    subscribers_count: 0,
    organization: repo.owner_kind === 'Organization' ? base.owner : null,
    allow_rebase_merge: repo.allow_rebase_merge,
    allow_squash_merge: repo.allow_squash_merge,
    allow_merge_commit: repo.allow_merge_commit,
    allow_auto_merge: repo.allow_auto_merge,
    delete_branch_on_merge: repo.delete_branch_on_merge,
    allow_update_branch: false,
    use_squash_pr_title_as_default: false,
    squash_merge_commit_title: 'COMMIT_OR_PR_TITLE' as const,
    squash_merge_commit_message: 'COMMIT_MESSAGES' as const,
    merge_commit_title: 'MERGE_MESSAGE' as const,
    merge_commit_message: 'PR_TITLE' as const,
    security_and_analysis: null,
  };
}
