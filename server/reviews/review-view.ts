// GitHub's `pull-request-review` body, and the review as `pull_request_review`
// webhook payloads carry it (GitHub's webhooks spell the state in lower case,
// send an empty body as null and add `updated_at`). No body_html/body_text:
// the project serves no html/text media types for bodies yet (issues neither).
import { encodeNodeId } from '../ids/node-id.js';
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { repositoryUrls } from '../issues/issue-view.js';
import { userOrNull } from '../repos/user-view.js';
import type { ReviewRow } from './review-rows.js';

export function pullRequestReviewView(row: ReviewRow, urls: Urls) {
  const repo = repositoryUrls(row.owner_login, row.repo_name, urls);
  const pullUrl = `${repo.api}/pulls/${row.number}`;
  const html = `${repo.html}/pull/${row.number}#pullrequestreview-${row.id}`;
  return {
    id: row.id,
    node_id: encodeNodeId('PullRequestReview', row.id),
    user: userOrNull(row.author, urls),
    body: row.body,
    state: row.state,
    html_url: html,
    pull_request_url: pullUrl,
    author_association: row.author_association,
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    // Absent while pending, as GitHub.
    ...(row.submitted_at ? { submitted_at: isoSeconds(row.submitted_at) } : {}),
    commit_id: row.commit_id,
  };
}

export function reviewPayload(row: ReviewRow, urls: Urls) {
  const view = pullRequestReviewView(row, urls);
  return {
    ...view,
    body: row.body === '' ? null : row.body,
    state: row.state.toLowerCase(),
    submitted_at: row.submitted_at ? isoSeconds(row.submitted_at) : null,
    updated_at: isoSeconds(row.updated_at),
  };
}
