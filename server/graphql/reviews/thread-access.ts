// Who may resolve a review thread, GitHub's way (viewerCanResolve): someone
// with write access to the repository, or the pull request's author; with a
// token that may write to it (writerOf: a classic token's `repo` or
// `public_repo`, an installation's `pull_requests: write`). The thread must
// be one the caller sees (its repository visible, not another's draft).
import { decodeNodeIdOf } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import { nodeNotFound } from '../core/errors.js';
import { forbiddenMutation, writerHolds, writerOf, type Writer } from '../access/writer.js';
import type { ThreadModel } from './review-models.js';
import { pullOfRow } from '../pulls/pull-paths.js';

const MUTATION = 'resolveReviewThread';

/** The caller as one who may resolve `thread`; FORBIDDEN (naming `mutation`) otherwise. */
export async function threadResolver(
  ctx: GraphqlContext,
  thread: ThreadModel,
  repo: RepositoryRow,
  mutation = MUTATION,
): Promise<Writer> {
  const writer = await writerOf(ctx, repo, mutation, 'read', 'pull_requests');
  if (await writerHolds(ctx, repo, 'write', 'pull_requests')) return writer;
  const pull = await pullOfRow(ctx, thread.issue_id);
  if (pull.user_id !== null && pull.user_id === writer.userId) return writer;
  throw forbiddenMutation(ctx, mutation);
}

/** threadResolver for `viewerCan…` fields: whether it would let the caller through. */
export async function canResolve(ctx: GraphqlContext, thread: ThreadModel): Promise<boolean> {
  const repo = await ctx.loaders.repositoryById.load(thread.repository_id);
  if (repo === null) return false;
  try {
    await threadResolver(ctx, thread, repo);
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'GraphQLError') return false;
    throw error;
  }
}

/** The thread behind a PRRT_ id with its repository, when the caller sees it; NOT_FOUND otherwise. */
export async function visibleThread(
  ctx: GraphqlContext,
  id: string,
): Promise<{ thread: ThreadModel; repo: RepositoryRow }> {
  const threadId = decodeNodeIdOf(id, 'PullRequestReviewThread');
  const thread = threadId === null ? null : await ctx.loaders.reviewThreadById.load(threadId);
  const repo = thread === null ? null : await ctx.loaders.repositoryById.load(thread.repository_id);
  if (thread === null || repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  return { thread, repo };
}
