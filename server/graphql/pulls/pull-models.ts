// What the GraphQL PullRequest resolvers receive: the issue's columns (a pull
// request is an issue: IssueModel, so Issue's resolvers for labels,
// assignees, comments, milestone and reactions take it as it is) plus its
// pull_requests row. `head_ref` tells it from an issue (node.ts, interfaces);
// `issue_id` is left out on purpose: that key marks a comment (reactions).
import type { GitObjectModel } from '../git/models.js';
import type { IssueModel } from '../issues/issue-models.js';
import { PULL_COLUMNS, type PullColumns } from '../../pulls/pull-rows.js';

/** REST's columns (pull-rows.ts), and the merger's id (REST reads the account with it). */
export type PullModel = IssueModel & PullColumns & { merged_by_id: number | null };

/** The pull request columns a GraphQL read selects (alias `p`), beside ISSUE_MODEL_COLUMNS. */
export const PULL_MODEL_COLUMNS = `${PULL_COLUMNS}, p.merged_by_id`;

export const isPull = (model: object): model is PullModel => 'head_ref' in model;

/** A commit of a pull request: the commit (read from the base repository, which holds refs/pull/{n}/head) and its pull request. */
export interface PullCommitModel {
  pull: PullModel;
  commit: GitObjectModel;
}

export type ChangeType = 'ADDED' | 'CHANGED' | 'COPIED' | 'DELETED' | 'MODIFIED' | 'RENAMED';

export interface ChangedFileModel {
  path: string;
  additions: number;
  deletions: number;
  changeType: ChangeType;
}
