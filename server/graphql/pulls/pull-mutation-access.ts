// What every pull request mutation checks first (the issue mutations' rules,
// access/writer.ts): the PR_ id resolves to a pull request in a repository
// the caller may see (else NOT_FOUND), and the repositories its payloads name.
// A REST store's refusal (an ApiError) met before the transaction becomes
// GraphQL's error here too.
import { decodeNodeIdOf } from '../../ids/node-id.js';
import { repositoryLookup } from '../../pulls/pull-access.js';
import type { RepositoryLookup } from '../../pulls/pull-view.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import { nodeNotFound } from '../core/errors.js';
import { asGraphqlError } from '../mutation/in-mutation.js';
import type { PullModel } from './pull-models.js';

export async function visiblePull(
  ctx: GraphqlContext,
  id: string,
): Promise<{ pull: PullModel; repo: RepositoryRow; repos: RepositoryLookup }> {
  const issueId = decodeNodeIdOf(id, 'PullRequest');
  const pull = issueId === null ? null : await ctx.loaders.pullById.load(issueId);
  const repo = pull === null ? null : await ctx.loaders.repositoryById.load(pull.repository_id);
  if (pull === null || repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  return { pull, repo, repos: await repositoryLookup(ctx.services, repo, [pull.head_repository_id]) };
}

/** Runs `work` (reads before the transaction: branches, diff counts), translating the REST store's errors. */
export async function restRules<T>(ctx: GraphqlContext, mutation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asGraphqlError(error, ctx, mutation);
  }
}

/** The pull request as it is after a mutation (the mutation cleared the request's loaders). */
export async function pullAfter(ctx: GraphqlContext, issueId: number): Promise<PullModel> {
  const pull = await ctx.loaders.pullById.load(issueId);
  if (pull === null) throw new Error(`pull request ${issueId} vanished`);
  return pull;
}

/** A pull request mutation's payload: the pull request after the work, and the caller as `actor`. */
export async function pullPayload(
  ctx: GraphqlContext,
  clientMutationId: string | null | undefined,
  issueId: number,
  actorId: number,
) {
  return {
    clientMutationId,
    pullRequest: await pullAfter(ctx, issueId),
    actor: await ctx.loaders.accountById.load(actorId),
  };
}
