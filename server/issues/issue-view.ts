// GitHub's `issue` body for an issue row. Labels, milestone and reactions are
// empty until those capabilities land (the rollup is all zeros, as GitHub's
// is for an issue nobody reacted to).
import { encodeNodeId } from '../ids/node-id.js';
import { isoSeconds, isoSecondsOrNull } from '../http/timestamps.js';
import type { Urls } from '../http/urls.js';
import { simpleUser, type AccountRef } from '../repos/user-view.js';
import type { IssueRow } from './issue-rows.js';

export const userOrNull = (account: AccountRef | null, urls: Urls) => (account ? simpleUser(account, urls) : null);

/** The API and web URLs of a repository, by owner login and name. */
export function repositoryUrls(owner: string, name: string, urls: Urls) {
  return { api: urls.api(`/repos/${owner}/${name}`), html: urls.html(`/${owner}/${name}`) };
}

export function reactionRollup(url: string) {
  return { url, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

export function issueView(row: IssueRow, urls: Urls) {
  const repo = repositoryUrls(row.owner_login, row.repo_name, urls);
  const url = `${repo.api}/issues/${row.number}`;
  const assignees = row.assignees.map((account) => simpleUser(account, urls));
  return {
    url,
    repository_url: repo.api,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${repo.html}/issues/${row.number}`,
    id: row.id,
    node_id: encodeNodeId('Issue', row.id),
    number: row.number,
    title: row.title,
    user: userOrNull(row.author, urls),
    labels: [] as never[],
    state: row.state,
    locked: row.locked,
    assignee: assignees[0] ?? null,
    assignees,
    milestone: null,
    comments: row.comments,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    closed_at: isoSecondsOrNull(row.closed_at),
    author_association: row.author_association,
    active_lock_reason: row.active_lock_reason,
    body: row.body,
    closed_by: userOrNull(row.closed_by, urls),
    reactions: reactionRollup(`${url}/reactions`),
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    state_reason: row.state_reason,
  };
}
