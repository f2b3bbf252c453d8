// GitHub's `pull-request-simple` (lists) and `pull-request` (one pull
// request) bodies: the issue's fields under pull request URLs, plus head and
// base (`owner:branch`, sha, repository) and, for the full body, merge state
// and diff counts. `mergeable` stays null until mergeability is computed.
import { defaultMergeTitle, defaultSquashTitle } from './merge-titles.js';
import { encodeNodeId } from '../ids/node-id.js';
import { isoSecondsOrNull } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { issueView, repositoryUrls } from '../issues/issue-view.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { repositoryView } from '../repos/repository-view.js';
import { simpleUser, UserViews } from '../repos/user-view.js';
import { mergeableStateOf } from './mergeable-state.js';
import type { PullRow, RequestedTeam } from './pull-rows.js';
import { teamView } from '../teams/team-view.js';

/** GitHub's `team` body of a team asked to review (REST's bodies and webhooks' `requested_team`). */
export function requestedTeamView({ team, parent, org_login }: RequestedTeam, urls: Urls) {
  return teamView(team, { id: team.org_id, login: org_login }, urls, parent);
}

/**
 * GitHub's `auto-merge` object: the method and who enabled it; the commit's
 * title and message as they will be, the defaults of the method (merge-git's
 * messages) when the enabler gave none.
 */
function autoMergeView(row: PullRow, repos: RepositoryLookup, users: UserViews) {
  const request = row.pull.auto_merge;
  if (request === null) return null;
  const head = repos(row.pull.head_repository_id)?.owner_login ?? 'unknown';
  const defaultTitle =
    request.merge_method === 'merge'
      ? defaultMergeTitle(row, head)
      : request.merge_method === 'squash'
        ? defaultSquashTitle(row)
        : '';
  return {
    enabled_by: users.of(request.enabled_by),
    merge_method: request.merge_method,
    commit_title: request.commit_title ?? defaultTitle,
    commit_message: request.commit_message ?? '',
  };
}

/** The repositories a page of pull requests names, by id (base and head). */
export type RepositoryLookup = (id: number | null) => RepositoryRow | null;

function branchView(repo: RepositoryRow | null, ref: string, sha: string, urls: Urls) {
  return {
    label: `${repo?.owner_login ?? 'unknown'}:${ref}`,
    ref,
    sha,
    user: repo
      ? simpleUser(
          { id: repo.owner_id, login: repo.owner_login, kind: repo.owner_kind, site_admin: repo.owner_site_admin },
          urls,
        )
      : null,
    repo: repo ? repositoryView(repo, null, urls) : null,
  };
}

export function pullRequestSimpleView(row: PullRow, repos: RepositoryLookup, urls: Urls, users = new UserViews(urls)) {
  const { issue, pull } = row;
  const body = issueView(issue, urls, users);
  const repo = repositoryUrls(issue.owner_login, issue.repo_name, urls);
  const url = `${repo.api}/pulls/${issue.number}`;
  const html = `${repo.html}/pull/${issue.number}`;
  const statuses = `${repo.api}/statuses/${pull.head_sha}`;
  const href = (h: string) => ({ href: h });
  return {
    url,
    id: issue.id,
    node_id: encodeNodeId('PullRequest', issue.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: body.url,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${repo.api}/pulls/comments{/number}`,
    comments_url: body.comments_url,
    statuses_url: statuses,
    number: issue.number,
    state: body.state,
    locked: body.locked,
    title: body.title,
    user: body.user,
    body: body.body,
    labels: body.labels,
    milestone: body.milestone,
    active_lock_reason: body.active_lock_reason,
    created_at: body.created_at,
    updated_at: body.updated_at,
    closed_at: body.closed_at,
    merged_at: isoSecondsOrNull(pull.merged_at),
    merge_commit_sha: pull.merge_commit_sha,
    assignee: body.assignee,
    assignees: body.assignees,
    requested_reviewers: pull.requested_reviewers.map((account) => users.of(account)),
    requested_teams: pull.requested_teams.map((requested) => requestedTeamView(requested, urls)),
    head: branchView(repos(pull.head_repository_id), pull.head_ref, pull.head_sha, urls),
    base: branchView(repos(issue.repository_id), pull.base_ref, pull.base_sha, urls),
    _links: {
      self: href(url),
      html: href(html),
      issue: href(body.url),
      comments: href(body.comments_url),
      review_comments: href(`${url}/comments`),
      review_comment: href(`${repo.api}/pulls/comments{/number}`),
      commits: href(`${url}/commits`),
      statuses: href(statuses),
    },
    author_association: body.author_association,
    auto_merge: autoMergeView(row, repos, users),
    draft: pull.draft,
  };
}

export function pullRequestView(row: PullRow, repos: RepositoryLookup, urls: Urls) {
  const { pull, issue } = row;
  return {
    ...pullRequestSimpleView(row, repos, urls),
    merged: pull.merged_at !== null,
    mergeable: pull.mergeable,
    rebaseable: pull.mergeable,
    mergeable_state: mergeableStateOf(pull),
    merged_by: pull.merged_by ? simpleUser(pull.merged_by, urls) : null,
    comments: issue.comments,
    review_comments: pull.review_comments,
    maintainer_can_modify: pull.maintainer_can_modify,
    commits: pull.commits,
    additions: pull.additions,
    deletions: pull.deletions,
    changed_files: pull.changed_files,
  };
}
