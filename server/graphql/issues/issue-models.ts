// What the GraphQL Issue and IssueComment resolvers receive: the columns of
// their rows, nothing joined (issues/issue-columns.ts, the store's row types
// the batch reads answer). People, assignees, comments and the repository
// come through the per-request loaders, so a page of issues costs the same
// few statements whatever it selects. The REST store's rows carry these
// columns too, so a mutation hands its row on.
import type { CommentColumns, IssueColumns } from '../../issues/issue-columns.js';

export type IssueModel = IssueColumns;

export type CommentModel = CommentColumns;
