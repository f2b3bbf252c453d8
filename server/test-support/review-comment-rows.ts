// Test helpers of the review-comment library: a review row written directly
// (the review operations are another capability's), a comment anchored and
// inserted as the endpoints will, and GitHub's schemas of a comment body
// (both REST components and the webhook payload's `comment`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Sql } from '../db/database.js';
import { anchorComment, type AnchorInput } from '../reviews/comments/diff-anchor.js';
import { insertReviewComment, type PullRef } from '../reviews/comments/review-comment-store.js';

export async function insertReview(sql: Sql, pull: PullRef, userId: number, state = 'COMMENTED'): Promise<number> {
  const submitted = state === 'PENDING' ? null : new Date();
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO pull_request_reviews (issue_id, repository_id, user_id, state, commit_id, submitted_at)
    VALUES (${pull.issueId}, ${pull.repositoryId}, ${userId}, ${state}, ${pull.headSha}, ${submitted}) RETURNING id`;
  return Number(row!.id);
}

/** Anchors `input` on the pull's diff and inserts the comment in one transaction; its id. */
export async function comment(
  sql: Sql,
  repoPath: string,
  pull: PullRef,
  reviewId: number,
  userId: number,
  input: AnchorInput | { inReplyTo: number },
  body = 'Looks off',
): Promise<number> {
  const anchor = 'path' in input ? await anchorComment(repoPath, pull.baseSha, pull.headSha, input) : undefined;
  const inReplyTo = 'inReplyTo' in input ? input.inReplyTo : undefined;
  return sql.begin((tx) =>
    insertReviewComment(tx, {
      pull,
      reviewId,
      userId,
      body,
      ...(anchor ? { anchor } : {}),
      ...(inReplyTo ? { inReplyTo } : {}),
    }),
  );
}

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: unknown,
) => void;
const ID = 'https://github.local/webhooks.json';
let webhookComment: ValidateFunction | undefined;

/** Errors of `body` against the `comment` of GitHub's pull_request_review_comment payloads ('' when valid). */
export function webhookCommentErrors(body: unknown): string {
  if (!webhookComment) {
    const path = createRequire(import.meta.url).resolve('@octokit/openapi-webhooks/generated/api.github.com.json');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...JSON.parse(readFileSync(path, 'utf8')), $id: ID });
    webhookComment = ajv.compile({
      $ref: `${ID}#/components/schemas/webhook-pull-request-review-comment-created/properties/comment`,
    });
  }
  return webhookComment(body) ? '' : JSON.stringify(webhookComment.errors);
}
