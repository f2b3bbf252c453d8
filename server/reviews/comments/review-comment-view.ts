// GitHub's `review-comment` / `pull-request-review-comment` body (REST lists
// and webhook payloads alike). The place in the diff is the thread's: `line`
// and `position` are null once the thread is outdated, `original_*` are where
// it was written. A file comment (subject_type file) shows line 1 and
// position 1 as GitHub does (its schemas require the positions), and RIGHT.
import { encodeNodeId } from '../../ids/node-id.js';
import { isoSeconds } from '../../views/timestamps.js';
import type { Urls } from '../../http/urls.js';
import { repositoryUrls } from '../../issues/issue-view.js';
import { userOrNull } from '../../repos/user-view.js';
import { reactionRollup } from '../../views/reaction-rollup.js';
import type { ReviewCommentRow } from './review-comment-rows.js';

export function reviewCommentView(row: ReviewCommentRow, repo: { owner: string; name: string }, urls: Urls) {
  const names = repositoryUrls(repo.owner, repo.name, urls);
  const url = `${names.api}/pulls/comments/${row.id}`;
  const htmlUrl = `${names.html}/pull/${row.pull_number}#discussion_r${row.id}`;
  const pullUrl = `${names.api}/pulls/${row.pull_number}`;
  const file = row.subject_type === 'file';
  const current = !row.outdated;
  return {
    url,
    pull_request_review_id: Number(row.review_id),
    id: Number(row.id),
    node_id: encodeNodeId('PullRequestReviewComment', row.id),
    diff_hunk: row.diff_hunk,
    path: row.path,
    position: current ? (file ? 1 : row.position) : null,
    original_position: file ? 1 : (row.original_position ?? 1),
    commit_id: row.commit_id,
    original_commit_id: row.original_commit_id,
    ...(row.in_reply_to_id !== null ? { in_reply_to_id: Number(row.in_reply_to_id) } : {}),
    user: userOrNull(row.author, urls),
    body: row.body,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    html_url: htmlUrl,
    pull_request_url: pullUrl,
    author_association: row.author_association,
    _links: { self: { href: url }, html: { href: htmlUrl }, pull_request: { href: pullUrl } },
    reactions: reactionRollup(`${url}/reactions`, row.reaction_counts),
    start_line: current ? row.start_line : null,
    original_start_line: row.original_start_line,
    start_side: row.start_line === null && row.original_start_line === null ? null : row.start_side,
    line: current ? (file ? 1 : row.line) : null,
    original_line: file ? 1 : row.original_line,
    side: row.side ?? 'RIGHT',
    subject_type: row.subject_type,
  };
}
