// Per-request loaders for what one person wrote across repositories
// (User.issues, .pullRequests, .issueComments): the issue, pull request and
// comment pages of the stores, partitioned by author instead of repository,
// each cut in SQL to what this request's caller may read
// (access/authored-visibility-sql.ts), so pages and totalCount agree.
// pageLoader's `repositoryId` is the author's account id.
import type { Principal } from '../../auth/principal.js';
import type { Sql } from '../../db/database.js';
import { commentPages } from '../../issues/comment-batch-reads.js';
import { issuePages, type IssuePageRequest } from '../../issues/issue-batch-reads.js';
import { pullPages, type PullPageRequest } from '../../pulls/pull-batch-reads.js';
import { pageLoader } from '../resolvers/label-milestone-loaders.js';
import type { CommentPageRequest } from '../issues/issue-loaders.js';

export function createAuthoredLoaders(sql: Sql, principal: Principal) {
  const parent = { authorReadBy: principal };
  return {
    authoredIssuePage: pageLoader((ids, page: IssuePageRequest) => issuePages(sql, ids, page, parent)),
    authoredPullPage: pageLoader((ids, page: PullPageRequest) => pullPages(sql, ids, page, parent)),
    authoredCommentPage: pageLoader((ids, page: CommentPageRequest) =>
      commentPages(sql, ids, page.window, page.orderBy, parent),
    ),
  };
}

export type AuthoredLoaders = ReturnType<typeof createAuthoredLoaders>;
