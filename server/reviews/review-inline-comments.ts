// A review's inline comments (`comments[]` of POST …/reviews): each placed in
// the pull request's diff at the review's commit by the anchors library before
// the transaction opens (git work holds no locks; a misplaced comment is a 422
// before anything is written), then written with the review, each a new thread.
import type { TransactionSql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { PullRow } from '../pulls/pull-rows.js';
import { anchorComment, type Anchor, type AnchorInput } from './comments/diff-anchor.js';
import { insertReviewComment } from './comments/review-comment-store.js';

export interface InlineComment {
  body: string;
  anchor: Anchor;
}

export interface InlineCommentInput {
  path: string;
  body: string;
  position?: number;
  line?: number;
  side?: 'LEFT' | 'RIGHT';
  start_line?: number;
  start_side?: 'LEFT' | 'RIGHT';
}

/** Each comment's place in the diff from the merge base to `commitId`, in order; GitHub's 422 for the first one off the diff. */
export async function anchorInlineComments(
  git: GitRepositories,
  repositoryId: number,
  pull: PullRow,
  commitId: string,
  inputs: InlineCommentInput[],
): Promise<InlineComment[]> {
  const repoPath = git.pathOf(repositoryId);
  const placed: InlineComment[] = [];
  for (const { body, ...where } of inputs) {
    const input: AnchorInput = {
      path: where.path,
      line: where.line,
      side: where.side,
      start_line: where.start_line,
      start_side: where.start_side,
      position: where.position,
    };
    placed.push({ body, anchor: await anchorComment(repoPath, pull.pull.base_sha, commitId, input) });
  }
  return placed;
}

/** Writes the comments of review `reviewId`, each its own thread; their ids, in order. */
export async function insertInlineComments(
  tx: TransactionSql,
  pull: PullRow,
  reviewId: number,
  userId: number,
  commitId: string,
  comments: InlineComment[],
): Promise<number[]> {
  const ref = {
    issueId: pull.issue.id,
    repositoryId: pull.issue.repository_id,
    number: pull.issue.number,
    headSha: pull.pull.head_sha,
    baseSha: pull.pull.base_sha,
  };
  const ids: number[] = [];
  for (const comment of comments) {
    ids.push(
      await insertReviewComment(tx, {
        pull: ref,
        reviewId,
        userId,
        body: comment.body,
        anchor: comment.anchor,
        commitId,
      }),
    );
  }
  return ids;
}
