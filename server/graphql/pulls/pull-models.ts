// What the GraphQL PullRequest resolvers receive: the issue's columns (a pull
// request is an issue: IssueModel, so Issue's resolvers for labels,
// assignees, comments, milestone and reactions take it as it is) plus its
// pull_requests row. `head_ref` tells it from an issue (node.ts, interfaces);
// `issue_id` is left out on purpose: that key marks a comment (reactions).
import type { GitObjectModel } from '../git/models.js';
import type { IssueModel } from '../issues/issue-models.js';

export interface PullColumns {
  head_repository_id: number | null;
  head_ref: string;
  head_sha: string;
  base_ref: string;
  base_sha: string;
  draft: boolean;
  maintainer_can_modify: boolean;
  merged_at: Date | null;
  merged_by_id: number | null;
  merge_commit_sha: string | null;
  mergeable: boolean | null;
  additions: number;
  deletions: number;
  changed_files: number;
}

export type PullModel = IssueModel & PullColumns;

/** The pull request columns a GraphQL read selects (alias `p`), beside ISSUE_MODEL_COLUMNS. */
export const PULL_MODEL_COLUMNS = `p.head_repository_id, p.head_ref, p.head_sha, p.base_ref, p.base_sha, p.draft, p.maintainer_can_modify,
  p.merged_at, p.merged_by_id, p.merge_commit_sha, p.mergeable, p.additions, p.deletions, p.changed_files`;

export const isPull = (model: object): model is PullModel => 'head_ref' in model;

/** A commit of a pull request: the commit (read from the base repository, which holds refs/pull/{n}/head) and its pull request. */
export interface PullCommitModel { pull: PullModel; commit: GitObjectModel }

export type ChangeType = 'ADDED' | 'CHANGED' | 'COPIED' | 'DELETED' | 'MODIFIED' | 'RENAMED';

export interface ChangedFileModel { path: string; additions: number; deletions: number; changeType: ChangeType }
