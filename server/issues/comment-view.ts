// GitHub's `issue-comment` body.
import { encodeNodeId } from '../ids/node-id.js';
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import type { CommentRow } from './comment-rows.js';
import { reactionRollup } from '../views/reaction-rollup.js';
import { repositoryUrls } from './issue-view.js';
import { userOrNull } from '../repos/user-view.js';

export function commentView(row: CommentRow, urls: Urls) {
  const repo = repositoryUrls(row.owner_login, row.repo_name, urls);
  const url = `${repo.api}/issues/comments/${row.id}`;
  return {
    id: row.id,
    node_id: encodeNodeId('IssueComment', row.id),
    url,
    html_url: `${repo.html}/${row.issue_is_pull ? 'pull' : 'issues'}/${row.issue_number}#issuecomment-${row.id}`,
    body: row.body,
    user: userOrNull(row.author, urls),
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    issue_url: `${repo.api}/issues/${row.issue_number}`,
    author_association: row.author_association,
    performed_via_github_app: null,
    reactions: reactionRollup(`${url}/reactions`, row.reaction_counts),
  };
}
