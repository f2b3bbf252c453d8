// GitHub's `issue` body for an issue row, with its labels and milestone; the
// reactions rollup comes from the row's counts.
import { encodeNodeId } from '../ids/node-id.js';
import { isoSeconds, isoSecondsOrNull } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { labelView } from '../labels/label-view.js';
import { milestoneView } from '../milestones/milestone-view.js';
import { reactionRollup } from '../views/reaction-rollup.js';
import { UserViews } from '../repos/user-view.js';
import type { IssueRow } from './issue-rows.js';

/** The API and web URLs of a repository, by owner login and name. */
export function repositoryUrls(owner: string, name: string, urls: Urls) {
  return { api: urls.api(`/repos/${owner}/${name}`), html: urls.html(`/${owner}/${name}`) };
}

/** GitHub's `pull_request` key of an issue that is a pull request. */
function pullRequestLinks(repo: { api: string; html: string }, row: IssueRow) {
  const html = `${repo.html}/pull/${row.number}`;
  return {
    url: `${repo.api}/pulls/${row.number}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    merged_at: isoSecondsOrNull(row.pull_merged_at),
  };
}

/** A page of issues, sharing the people's bodies. */
export function issueViews(rows: IssueRow[], urls: Urls) {
  const users = new UserViews(urls);
  return rows.map((row) => issueView(row, urls, users));
}

export function issueView(row: IssueRow, urls: Urls, users = new UserViews(urls)) {
  const repo = repositoryUrls(row.owner_login, row.repo_name, urls);
  const url = `${repo.api}/issues/${row.number}`;
  const assignees = row.assignees.map((account) => users.of(account));
  const names = { owner_login: row.owner_login, name: row.repo_name };
  return {
    url,
    repository_url: repo.api,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${repo.html}/${row.is_pull ? 'pull' : 'issues'}/${row.number}`,
    id: row.id,
    node_id: encodeNodeId('Issue', row.id),
    number: row.number,
    title: row.title,
    user: users.orNull(row.author),
    labels: row.labels.map((label) => labelView(label, names, urls)),
    state: row.state,
    locked: row.locked,
    assignee: assignees[0] ?? null,
    assignees,
    milestone: row.milestone ? milestoneView(row.milestone, names, urls) : null,
    comments: row.comments,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    closed_at: isoSecondsOrNull(row.closed_at),
    author_association: row.author_association,
    active_lock_reason: row.active_lock_reason,
    body: row.body,
    closed_by: users.orNull(row.closed_by),
    reactions: reactionRollup(`${url}/reactions`, row.reaction_counts),
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    state_reason: row.state_reason,
    ...(row.is_pull ? { pull_request: pullRequestLinks(repo, row) } : {}),
  };
}
