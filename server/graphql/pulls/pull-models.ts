// What the GraphQL PullRequest resolvers receive: the store's batch-read row
// (pulls/pull-batch-reads.ts): the issue's columns (a pull request is an
// issue: IssueModel, so Issue's resolvers for labels, assignees, comments,
// milestone and reactions take it as it is) plus its pull_requests row.
// `head_ref` tells it from an issue (node.ts, interfaces); `issue_id` is left
// out on purpose: that key marks a comment (reactions).
import type { PullIssueColumns } from '../../pulls/pull-batch-reads.js';
import type { GitObjectModel } from '../git/models.js';

export type PullModel = PullIssueColumns;

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
